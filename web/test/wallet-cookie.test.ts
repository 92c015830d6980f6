/**
 * The address the page renders before the wallet layer has loaded comes from the wagmi cookie, read without wagmi
 * (wallet/cookie.ts). Once loaded, wagmi reads the same cookie (`cookieToInitialState`): the two must name the
 * same address, or the header would change under the player when the layer arrives.
 */

import { describe, expect, it } from 'vitest';
import { cookieToInitialState, serialize } from 'wagmi';
import type { AppConfig } from '../src/boot.ts';
import { createWagmiConfig } from '../src/wallet/config.ts';
import { cookieAddress } from '../src/wallet/cookie.ts';

const APP: AppConfig = {
  chainId: 5611,
  rpcUrl: 'http://127.0.0.1:8545',
  contracts: {} as AppConfig['contracts'],
  build: 'test',
};
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** the cookie wagmi's cookie storage writes for a store state (key `wagmi.store`, the value unencoded) */
function wagmiCookie(state: unknown, others = 'theme=dark'): string {
  return `${others}; wagmi.store=${serialize({ state, version: 2 })}; wagmi.recentConnectorId="injected"`;
}

function wagmiAddress(cookie: string | undefined): string | undefined {
  const state = cookieToInitialState(createWagmiConfig(APP), cookie);
  const current = state?.current ? state.connections.get(state.current) : undefined;
  return current?.accounts[0];
}

describe('the wagmi cookie, read without wagmi', () => {
  const connection = (accounts: string[]) => ({
    accounts,
    chainId: 5611,
    connector: { id: 'injected', name: 'Injected', type: 'injected', uid: 'u1' },
  });

  const cases: [string, string | undefined][] = [
    [
      'connected',
      wagmiCookie({ chainId: 5611, current: 'u1', connections: new Map([['u1', connection([ALICE, BOB])]]) }),
    ],
    ['disconnected', wagmiCookie({ chainId: 5611, current: null, connections: new Map() })],
    [
      'another current',
      wagmiCookie({ chainId: 5611, current: 'u2', connections: new Map([['u1', connection([ALICE])]]) }),
    ],
    [
      'a bigint in the state',
      wagmiCookie({
        chainId: 5611,
        current: 'u1',
        block: 12n,
        connections: new Map([['u1', connection([BOB])]]),
      }),
    ],
    ['no wagmi cookie', 'theme=dark'],
    ['a broken value', 'wagmi.store={"state":'],
    ['no cookie', undefined],
  ];

  it.each(cases)('names the address wagmi restores: %s', (_name, cookie) => {
    expect(cookieAddress(cookie)).toBe(wagmiAddress(cookie));
  });

  it('finds the connected account (the first of the connection)', () => {
    expect(cookieAddress(cases[0]?.[1])).toBe(ALICE);
    expect(cookieAddress(cases[3]?.[1])).toBe(BOB);
    expect(cookieAddress(cases[1]?.[1])).toBeUndefined();
  });
});
