/** /ready and /status: whether the database and the indexer answer, and how far behind the chain it is. */
import { type Static, type TSchema, Type } from 'typebox';

// anyOf here (not common's type lists): the probes are small and rarely read
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Head = Type.Object({ block: Type.Number(), timestamp: Type.Number() });

export const Health = Type.Object({
  ready: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  database: Type.Boolean(),
  indexer: Type.Boolean(),
  indexerProcess: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  backfillDone: Type.Boolean(),
  indexed: OrNull(Head),
  chain: OrNull(Head),
  lag: OrNull(Type.Object({ blocks: Type.Number(), seconds: Type.Number() })),
  maxLagBlocks: Type.Number(),
  live: Type.Object({
    state: Type.Union([Type.Literal('current'), Type.Literal('behind'), Type.Literal('stopped')]),
    head: OrNull(Type.String()),
    headBlock: OrNull(Type.Number()),
    databaseHead: OrNull(Type.String()),
    lastBatchSecondsAgo: OrNull(Type.Number()),
  }),
  liveHead: OrNull(Type.String()),
  checkedAt: Type.String(),
});
export type Health = Static<typeof Health>;
