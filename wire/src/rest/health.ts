/** /ready and /status: whether the database and the indexer answer, and how far behind the chain it is. */
import { type Static, type TSchema, Type } from 'typebox';
import { VerifyStatus } from './verify.ts';

// anyOf here (not common's type lists): the probes are small and rarely read
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Head = Type.Object({ block: Type.Number(), timestamp: Type.Number() });

/** `/health`: the process answers. */
export const Alive = Type.Object({ status: Type.Literal('ok'), uptime: Type.Number() });
export type Alive = Static<typeof Alive>;

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
    /** stopped: the indexer or the database is down; stalled: the indexer makes no progress while the chain moves */
    state: Type.Union([
      Type.Literal('current'),
      Type.Literal('behind'),
      Type.Literal('stalled'),
      Type.Literal('stopped'),
    ]),
    head: OrNull(Type.String()),
    headBlock: OrNull(Type.Number()),
    databaseHead: OrNull(Type.String()),
    lastBatchSecondsAgo: OrNull(Type.Number()),
    /** how long the indexer has made no progress while the chain moved; null while it does */
    stalledSeconds: OrNull(Type.Number()),
  }),
  liveHead: OrNull(Type.String()),
  checkedAt: Type.String(),
  /** when `npm run verify` last ran and when it last passed (null: unreadable) */
  verify: OrNull(VerifyStatus),
});
export type Health = Static<typeof Health>;

/** Where a gateway with a replica (DATABASE_READ_URL) sends its reads, and how far the replica's replay is behind. */
export const ReplicaStatus = Type.Object({
  reads: Type.Union([Type.Literal('replica'), Type.Literal('primary')]),
  /** why reads are on the primary (null while they are on the replica) */
  reason: OrNull(Type.String()),
  lagMs: OrNull(Type.Number()),
  lagBytes: OrNull(Type.Number()),
  maxLagMs: Type.Number(),
  checkedAt: OrNull(Type.String()),
});
export type ReplicaStatus = Static<typeof ReplicaStatus>;

/** `/status`: the health facts, and the replica's part when the gateway reads from one. */
export const Status = Type.Intersect([Health, Type.Object({ replica: Type.Optional(ReplicaStatus) })]);
export type Status = Static<typeof Status>;
