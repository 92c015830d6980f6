/** The two `battle_side` rows of a battle: each side's view of it, so per-character figures need no UNION. */

import { battleSide } from 'ponder:schema';
import { BattleOutcome } from '@skald/game';
import type { Db } from './activity.ts';

export type Side = 'A' | 'B';
export type SideResult = 'won' | 'lost' | 'tie';

/**
 * BattleResolved.result (from A's side) as `side` sees it; null for a code this build does not know (the battle
 * row keeps the code itself), as `codeLabel` answers undefined.
 */
export function sideResult(result: number, side: Side): SideResult | null {
  if (result === BattleOutcome.tie) return 'tie';
  if (result !== BattleOutcome.aWon && result !== BattleOutcome.bWon) return null;
  return (result === BattleOutcome.aWon) === (side === 'A') ? 'won' : 'lost';
}

type Started = {
  battleId: bigint;
  battleType: number;
  characterA: bigint;
  characterB: bigint;
  nameA: string;
  nameB: string;
  verasA: readonly bigint[];
  verasB: readonly bigint[];
};

/** At BattleStarted: both sides, with no result or elo yet. */
export async function insertSides(db: Db, b: Started): Promise<void> {
  const row = (
    side: Side,
    characterId: bigint,
    opponentId: bigint,
    name: string,
    veras: readonly bigint[],
  ) => ({
    battleId: b.battleId,
    side,
    characterId,
    opponentId,
    battleType: b.battleType,
    name,
    veras: [...veras],
    result: null,
    forfeited: false,
    eloBefore: null,
    eloAfter: null,
  });
  await db
    .insert(battleSide)
    .values([
      row('A', b.characterA, b.characterB, b.nameA, b.verasA),
      row('B', b.characterB, b.characterA, b.nameB, b.verasB),
    ]);
}

/** At BattleTimedOut: the sides that had not submitted forfeited. */
export async function markForfeits(db: Db, battleId: bigint, silentA: boolean, silentB: boolean) {
  if (silentA) await db.update(battleSide, { battleId, side: 'A' }).set({ forfeited: true });
  if (silentB) await db.update(battleSide, { battleId, side: 'B' }).set({ forfeited: true });
}

/** At BattleResolved: each side's result. */
export async function resolveSides(db: Db, battleId: bigint, result: number): Promise<void> {
  for (const side of ['A', 'B'] as const)
    await db.update(battleSide, { battleId, side }).set({ result: sideResult(result, side) });
}
