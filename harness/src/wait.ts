/** Polling without fixed sleeps, and anvil's test RPC. */
import { type Anvil, anvilRpc } from '@skald/chain';

/** Polls `probe` until it returns something other than undefined (errors count as "not yet"). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last: ${last})` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Anvil's test RPC: a raw JSON-RPC call (evm_mine, evm_increaseTime). */
export function rpc(anvil: Anvil, method: string, params: unknown[] = []): Promise<unknown> {
  return anvilRpc(anvil.rpcUrl, method, params);
}
