/**
 * The address wagmi's cookie (`wagmi.store`) says was connected, read without wagmi: the server and the first
 * client render show it before the wallet layer (wallet/wagmi-layer.ts) has loaded. Same parsing as wagmi's
 * `cookieToInitialState` (its `parseCookie` and `deserialize`); test/wallet-cookie.test.ts holds them equal.
 */

const KEY = 'wagmi.store';

type StoredState = {
  current?: string | null;
  connections?: Map<string, { accounts?: readonly string[] }>;
};

export function cookieAddress(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  const entry = cookie.split('; ').find((part) => part.startsWith(`${KEY}=`));
  if (!entry) return undefined;
  try {
    const stored = JSON.parse(entry.slice(KEY.length + 1), (_key, value) =>
      value?.__type === 'Map' ? new Map(value.value) : value,
    ) as { state?: StoredState } | null;
    const state = stored?.state;
    if (!state?.current || !(state.connections instanceof Map)) return undefined;
    return state.connections.get(state.current)?.accounts?.[0];
  } catch {
    return undefined;
  }
}
