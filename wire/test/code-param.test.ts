import { describe, expect, it } from 'vitest';
import { BattleTypeParam, ClanStatusParam } from '../src/rest/common.ts';

/** The integer branch of a WholeNumber schema (the other checks the text). */
const bounds = (schema: unknown) =>
  (schema as { allOf: { minimum?: number; maximum?: number }[]; description?: string }).allOf[1];

describe('code parameters', () => {
  it("take their bounds and description from game's label tables", () => {
    expect(bounds(BattleTypeParam)).toMatchObject({ minimum: 1, maximum: 3 });
    expect((BattleTypeParam as { description?: string }).description).toBe(
      '1 ranked, 2 casual, 3 tournament',
    );
    expect(bounds(ClanStatusParam)).toMatchObject({ minimum: 1, maximum: 3 });
    expect((ClanStatusParam as { description?: string }).description).toBe('1 pending, 2 active, 3 declined');
  });
});
