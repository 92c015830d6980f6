import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ERROR_NAMES,
  describeContractError,
  isContractErrorName,
  WALLET_ERRORS,
} from '../src/index.ts';

// The Solidity source is the contract for this table: reading it keeps the two from drifting apart.
const SOLIDITY = readFileSync(
  new URL('../../chain/contracts/interfaces/SkaldErrors.sol', import.meta.url),
  'utf8',
);
const DECLARED = [...SOLIDITY.matchAll(/^error (\w+)\(([^)]*)\);/gm)].map(([, name, params]) => ({
  name: name as string,
  types: (params as string)
    .split(',')
    .map((p) => p.trim().split(/\s+/)[0] as string)
    .filter((t) => t !== ''),
}));

/** An argument shaped the way viem decodes the Solidity type. */
function sample(type: string): unknown {
  if (type === 'address') return '0x1234567890abcdef1234567890abcdef12345678';
  if (type === 'uint64' || type === 'uint256') return 1_700_000_000n;
  return 3;
}

describe('describeContractError', () => {
  it('covers exactly the errors SkaldErrors.sol declares', () => {
    expect(DECLARED.length).toBeGreaterThan(40);
    expect([...CONTRACT_ERROR_NAMES].sort()).toEqual(DECLARED.map((d) => d.name).sort());
  });

  it.each(DECLARED)('$name reads as a sentence with and without arguments', ({ name, types }) => {
    expect(isContractErrorName(name)).toBe(true);
    for (const message of [describeContractError(name), describeContractError(name, types.map(sample))]) {
      expect(message).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toMatch(/undefined|NaN|null|\[object|#\s|\s\s|\s\./);
      expect(message).not.toContain(name);
    }
  });

  it('uses the arguments', () => {
    expect(describeContractError('Player_ZeroAmount')).toBe('The amount must be more than zero.');
    expect(describeContractError('Player_SoulboundAmulet', [12n])).toBe(
      'Amulet #12 is soulbound and cannot be transferred.',
    );
    expect(describeContractError('Player_SoulboundAmulet')).toBe(
      'This amulet is soulbound and cannot be transferred.',
    );
    expect(describeContractError('AdminBattle_DisabledBattleType', [1])).toBe(
      'Ranked battles are disabled right now.',
    );
    expect(describeContractError('Player_AlreadyTracked', [7])).toBe('You are already tracking Igby.');
    expect(describeContractError('Vera_AbilityNotAllowed', [5n, 10])).toContain(
      'Vera #5 cannot learn Sunbeam',
    );
    expect(describeContractError('World_InsufficientBalance', [3n, 10n])).toBe(
      'Your balance is too low: you have 3 but need 10.',
    );
    expect(describeContractError('World_AccessDenied', ['0x1234567890abcdef1234567890abcdef12345678'])).toBe(
      'Account 0x1234…5678 is not allowed to do this.',
    );
    expect(describeContractError('Bank_StillLocked', [1_735_689_600n])).toBe(
      'These runix are still locked until 2025-01-01 00:00 UTC.',
    );
    expect(describeContractError('LootBox_NotReady', [4n])).toBe('Lootbox #4 cannot be opened yet.');
  });

  it('names unknown errors in a generic sentence', () => {
    const message = describeContractError('Player_NoShipChange');
    expect(message).toContain('Player_NoShipChange');
    expect(message).toMatch(/\.$/);
    expect(describeContractError('toString')).toContain('toString');
    expect(isContractErrorName('constructor')).toBe(false);
  });
});

describe('WALLET_ERRORS', () => {
  it('quotes the spec messages', () => {
    expect(WALLET_ERRORS.chainNotConfigured).toBe('Chain not configured.');
    expect(WALLET_ERRORS.connectorAlreadyConnected).toBe('Connector already connected.');
    expect(WALLET_ERRORS.connectorNotConnected).toBe('Connector not connected.');
    expect(WALLET_ERRORS.providerNotFound).toBe('Provider not found.');
    for (const message of Object.values(WALLET_ERRORS)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});
