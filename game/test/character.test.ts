import { describe, expect, it } from 'vitest';
import {
  actionScore,
  CHARACTER_ATTRIBUTE_KEYS,
  CHARACTER_ATTRIBUTES,
  CHARACTER_LOOK_RANGES,
  characterNameProblem,
  defaultCharacterAttributes,
  isValidCharacterLook,
  lootBoxSpeedUpCost,
  shopBuyTotal,
  shopSellTotal,
} from '../src/index.ts';

describe('character look and name', () => {
  it('covers the thirteen ICharacters attributes once each', () => {
    const keys = CHARACTER_ATTRIBUTES.map((a) => a.key);
    expect(new Set(keys).size).toBe(13);
    expect(isValidCharacterLook(defaultCharacterAttributes())).toBe(true);
  });

  it('ranges every attribute from 1 to its option count', () => {
    expect(Object.keys(CHARACTER_LOOK_RANGES).sort()).toEqual([...CHARACTER_ATTRIBUTE_KEYS].sort());
    for (const a of CHARACTER_ATTRIBUTES)
      expect(CHARACTER_LOOK_RANGES[a.key]).toEqual({ min: 1, max: a.options.length });
    const highest = Object.fromEntries(
      CHARACTER_ATTRIBUTE_KEYS.map((k) => [k, CHARACTER_LOOK_RANGES[k].max]),
    );
    expect(isValidCharacterLook(highest)).toBe(true);
  });

  it('refuses a missing attribute, 0 and an option past the list', () => {
    const look: Record<string, number> = defaultCharacterAttributes();
    expect(isValidCharacterLook({ ...look, hairType: 0 })).toBe(false);
    expect(isValidCharacterLook({ ...look, bodyType: 4 })).toBe(false);
    delete look.skinColor;
    expect(isValidCharacterLook(look)).toBe(false);
  });

  it('applies the contract name rule in bytes', () => {
    expect(characterNameProblem('Ingrid')).toBeUndefined();
    expect(characterNameProblem('Al')).toMatch(/at least 3/);
    expect(characterNameProblem('x'.repeat(25))).toMatch(/too long/);
    // 12 two-byte letters are 24 bytes: accepted; 13 are 26: refused
    expect(characterNameProblem('ø'.repeat(12))).toBeUndefined();
    expect(characterNameProblem('ø'.repeat(13))).toMatch(/too long/);
    expect(characterNameProblem(' Ragnar')).toMatch(/space/);
  });
});

describe('prices', () => {
  it('rounds the unit price down before multiplying, as Shop.sol does', () => {
    expect(shopBuyTotal(40n, 0, 3n)).toBe(120n);
    expect(shopBuyTotal(33n, 10, 2n)).toBe(58n); // 29 each
    expect(shopSellTotal(33n, 50, 3n)).toBe(48n); // 16 each
  });

  it('doubles the lootbox speed-up per box type', () => {
    expect([1, 2, 3].map(lootBoxSpeedUpCost)).toEqual([5n, 10n, 20n]);
    expect(() => lootBoxSpeedUpCost(4)).toThrow(RangeError);
  });
});

describe('battle actions', () => {
  it('scores as Battles.sol: 3 × primary + 2 × secondary', () => {
    const e = { strength: 30, dexterity: 20, vitality: 10, intellect: 5, wisdom: 4, charisma: 3 };
    expect(actionScore(e, 0)).toBe(130);
    expect(actionScore(e, 1)).toBe(38);
    expect(actionScore(e, 2)).toBe(21);
    expect(() => actionScore(e, 3)).toThrow(RangeError);
  });
});
