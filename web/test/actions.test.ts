import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/boot.ts';
import { call, uintMax } from '../src/lib/contracts.ts';
import { parseQuantity } from '../src/routes/shop.tsx';
import { confirmSearch, GAME_ACTIONS, parseActionLink } from '../src/tx/actions.ts';

describe('/confirm action links', () => {
  it('round-trips every listed action through its link', () => {
    const sample: Record<string, bigint | string> = {
      shopId: 1n,
      itemId: 3n,
      quantity: 2n,
      lockIndex: 1n,
      runix: 500n,
      lootBoxId: 7n,
      battleId: 12n,
      name: 'Iron Wolves',
      tag: 'IRW',
      description: 'We hunt.',
    };
    for (const action of GAME_ACTIONS) {
      const args = Object.fromEntries(action.params.map((p) => [p.name, sample[p.name] as bigint | string]));
      const parsed = parseActionLink(confirmSearch(action.id, args));
      expect(parsed, action.id).toEqual({ ok: true, action, args });
    }
  });

  it('takes the headline from the list, never from the link', () => {
    const parsed = parseActionLink({ action: 'shop-buy', shopId: 1, itemId: 3, quantity: 2 });
    expect(parsed.ok && parsed.action.title(parsed.args)).toBe('Buy 2 × Mead');
    expect(
      parseActionLink({ action: 'shop-buy', shopId: 1, itemId: 3, quantity: 2, label: 'Free!' }),
    ).toEqual({
      ok: false,
      error: 'This link carries an argument the action does not take: label.',
    });
  });

  it('refuses unknown actions, missing and out-of-range arguments', () => {
    expect(parseActionLink({})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not name an action/),
    });
    expect(parseActionLink({ action: 'transferAll' })).toEqual({
      ok: false,
      error: 'There is no action called “transferAll”.',
    });
    expect(parseActionLink({ action: 'shop-buy', shopId: 1, itemId: 3 })).toMatchObject({
      error: 'Quantity is missing from this link.',
    });
    expect(parseActionLink({ action: 'shop-buy', shopId: 1, itemId: 3, quantity: 0 })).toMatchObject({
      error: expect.stringMatching(/^Quantity must be between 1 and/),
    });
    expect(parseActionLink({ action: 'bank-lock', lockIndex: 3, runix: 5 })).toMatchObject({
      error: 'Slot must be between 0 and 2.',
    });
    expect(parseActionLink({ action: 'bank-lock', lockIndex: 0, runix: 2 ** 60 })).toMatchObject({
      error: expect.stringMatching(/too large/),
    });
    expect(parseActionLink({ action: 'clan-found', name: 'ab', tag: 'T', description: '' })).toMatchObject({
      error: 'Name must be 3–24 bytes long.',
    });
  });

  it('quotes the price and balance inputs from the data, not the link', () => {
    const parsed = parseActionLink({ action: 'shop-buy', shopId: 1, itemId: 3, quantity: 3 });
    if (!parsed.ok) throw new Error(parsed.error);
    const shopItems = [{ itemId: 3, quantity: '10', runixCost: '40', isPurchasable: true, isSellable: true }];
    expect(parsed.action.quote(parsed.args, {})).toBeUndefined();
    expect(
      parsed.action.quote(parsed.args, { shopItems, reputation: { buyingPower: 10, sellingPower: 50 } }),
    ).toEqual({ runix: -108n, onyx: 0n, receive: ['3 × Mead'] });
  });
});

describe('shop quantities', () => {
  it('refuses what is not a whole number from 1 up instead of changing it', () => {
    expect(parseQuantity('3')).toEqual({ quantity: 3n });
    expect(parseQuantity(' 12 ')).toEqual({ quantity: 12n });
    expect(parseQuantity('2x')).toEqual({ error: 'Enter a whole number of items.' });
    expect(parseQuantity('-1')).toEqual({ error: 'Enter a whole number of items.' });
    expect(parseQuantity('0')).toEqual({ error: 'Enter at least 1.' });
    expect(parseQuantity('1'.repeat(25))).toEqual({ error: 'That is more than the game can count.' });
  });
});

describe('contract calls without ABIs at runtime', () => {
  it('bounds a uint input by the width its ABI type gives, checked at compile time', () => {
    expect(uintMax('Bank', 'lockRunix', 'runix', 64)).toBe(2n ** 64n - 1n);
    expect(uintMax('Shop', 'transactWithShop', 'shopId', 16)).toBe(65_535n);
    // @ts-expect-error runix is a uint64, not a uint32
    uintMax('Bank', 'lockRunix', 'runix', 32);
    // @ts-expect-error not an input of lockRunix
    uintMax('Bank', 'lockRunix', 'amount', 64);
  });

  it('names the contract and leaves the ABI to the sending code', () => {
    const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;
    const names = ['Roles', 'Characters', 'Inventory', 'Veras', 'Clans', 'Battles', 'Bank', 'Shop'] as const;
    const config: AppConfig = {
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      contracts: Object.fromEntries(
        names.map((n) => [n, address(n === 'Bank' ? 0xb4 : 1)]),
      ) as AppConfig['contracts'],
      build: 'test',
    };
    const built = call(config, 'Bank', 'lockRunix', [1, 500n]);
    expect(built).toEqual({
      contract: 'Bank',
      address: '0x00000000000000000000000000000000000000b4',
      functionName: 'lockRunix',
      args: [1, 500n],
    });
    expect('abi' in built).toBe(false);
  });
});
