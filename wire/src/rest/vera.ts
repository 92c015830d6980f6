/** GET /api/vera/:id and the vera summaries other answers embed. */
import { MINT_METHODS, STAT_KEYS, type StatKey } from '@skald/game';
import { type Static, type TInteger, Type } from 'typebox';
import { Nullable, OneOf } from './common.ts';

/** The six stats, keyed and ordered by @skald/game's STAT_KEYS. */
export const Stats = Type.Object(
  Object.fromEntries(STAT_KEYS.map((key) => [key, Type.Integer()])) as Record<StatKey, TInteger>,
);
export type Stats = Static<typeof Stats>;

/** A vera with every field of spec section 3 (its stats, owner and battle record). */
export const Vera = Type.Object({
  id: Type.String(),
  species: Type.Integer(),
  mainRune: Type.Integer(),
  subRune: Type.Integer(),
  personality: Type.Integer(),
  abilities: Type.Array(Type.Integer()),
  // its innate stats, in Stats' order
  ...Stats.properties,
  level: Type.Integer(),
  owner: Type.Object({ address: Type.String(), name: Type.String() }),
  experience: Type.Integer(),
  unallocatedPoints: Type.Integer(),
  effective: Stats,
  publicStats: Nullable(Stats),
  statTotal: Nullable(Type.Integer()),
  record: Type.Object({ wins: Type.Integer(), losses: Type.Integer(), ties: Type.Integer() }),
});
export type Vera = Static<typeof Vera>;

export const VeraMint = Type.Object({
  method: OneOf(MINT_METHODS),
  origin: Type.Integer(),
  originName: Type.String(),
  characterId: Type.String(),
  characterName: Nullable(Type.String()),
  txHash: Type.String(),
  blockNumber: Type.String(),
  timestamp: Type.Integer(),
});
export type VeraMint = Static<typeof VeraMint>;

export const VeraTransfer = Type.Object({
  from: Type.String(),
  to: Type.String(),
  txHash: Type.String(),
  blockNumber: Type.String(),
  timestamp: Type.Integer(),
});
export type VeraTransfer = Static<typeof VeraTransfer>;

export const VeraBattle = Type.Object({
  battleId: Type.String(),
  battleType: Type.Integer(),
  status: Type.String(),
  side: Type.String(),
  outcome: Nullable(Type.String()),
  characterA: Type.String(),
  characterB: Type.String(),
  startedAt: Type.Integer(),
  resolvedAt: Nullable(Type.Integer()),
  scoreA: Nullable(Type.String()),
  scoreB: Nullable(Type.String()),
});
export type VeraBattle = Static<typeof VeraBattle>;

/** `/api/vera/:id`: an object whose first entry is the vera (spec section 7), then its mint and histories. */
export const VeraRecord = Type.Object({
  vera: Vera,
  mint: VeraMint,
  transfers: Type.Array(VeraTransfer),
  battles: Type.Array(VeraBattle),
});
export type VeraRecord = Static<typeof VeraRecord>;
