/**
 * The live stream's wire protocol (socket.io at path /socket.io on the gateway's origin). The gateway serves
 * it; the web app, tests and benchmarks read it through `client.ts`. Change it only together with both.
 *
 * Two kinds of event share one shape:
 * - provisional (`provisional: true`): the gateway saw the log on the node and decoded it before the indexer
 *   committed it. It may still be retracted (the log was removed, its cursor later carried another
 *   transaction, or the indexer had not confirmed it after a number of blocks).
 * - confirmed (no `provisional` field): the indexer committed it. Per subscription, every matching confirmed
 *   row after `after` (or after the head at subscribe time) arrives exactly once and in cursor order, backlog
 *   from Postgres first and live events after it. Only confirmed events may move a durable resume cursor.
 *
 * A provisional event and its confirmation carry the same `cursor`: clients de-duplicate by cursor and treat
 * the confirmed copy as an upgrade. A subscription with `confirmedOnly` never receives provisional events.
 *
 * Events travel in frames: one frame per block (or per backlog page) per subscription, not one per event.
 */

import { ACTIVITY_TYPES, type ActivityType, type MintMethod } from '@skald/game';
import type { ActivityRow } from './rest/activity.ts';

/** Activity types with no topic of their own: only 'all' carries inventory and admin rows. */
type Unlisted = 'inventory' | 'admin';
export type Topic = 'all' | Exclude<ActivityType, Unlisted>;

/** Activity types a client may subscribe to; 'all' is every type (inventory and admin rows included). */
export const TOPICS: readonly Topic[] = [
  'all',
  ...ACTIVITY_TYPES.filter((t): t is Exclude<ActivityType, Unlisted> => t !== 'inventory' && t !== 'admin'),
];

export type SubscribeRequest = {
  topics: Topic[];
  /** only events about this vera (decimal id) */
  vera?: string;
  /** only events about this character (decimal characterId) */
  viking?: string;
  /** only events about this clan (decimal id) */
  clan?: string;
  /** the last confirmed cursor this client saw; the backlog starts after it */
  after?: string;
  /** only events the indexer has committed (no provisional events) */
  confirmedOnly?: boolean;
};

/**
 * Why a subscribe was refused (`SubscribeAck.code`; absent from older gateways, where only `error` is set):
 * - `invalid`: the request is malformed (`error` names the fields);
 * - `too-many-subscriptions`: the connection holds the most subscriptions it may;
 * - `resume-too-old`: `after` is further back than the gateway replays (by default 1,000 events or 10 minutes
 *   of history, whichever reaches further). `oldest` is the oldest cursor it resumes after: page the REST
 *   history (`GET /api/activity?after=<your cursor>&limit=100`, oldest first, `after=` the last row for the next
 *   page) up to and including `oldest` or beyond, then subscribe again with `after` = the last row you read.
 *   The floor moves on with the chain: a refused retry carries a newer `oldest`.
 */
export type SubscribeErrorCode = 'invalid' | 'too-many-subscriptions' | 'resume-too-old';

/** `key` names the subscription in every frame sent for it. */
export type SubscribeAck =
  | { ok: true; key: string; head?: string }
  | { ok: false; error: string; code?: SubscribeErrorCode; oldest?: string };
export type UnsubscribeAck = { ok: true } | { ok: false; error: string };

export type { ActivityNames } from './rest/activity.ts';
export type { MintMethod };

/** What the web's mint toast reads from a mint event's payload. */
export type MintPayload = {
  veraId: string;
  owner: string;
  ownerName: string;
  method: MintMethod;
  statTotal: number;
  species: number;
  mainRune: number;
  subRune: number;
  [key: string]: unknown;
};

/** An activity row (the REST API's shape, `rest/activity.ts`) as the stream carries it. */
export type ActivityEvent = ActivityRow & {
  /** set while the indexer has not committed the event yet */
  provisional?: true;
};

/** One frame: the events of one block (or one backlog page) for one subscription, in cursor order. */
export type ActivityFrame = { key: string; events: ActivityEvent[] };

/**
 * Why events were removed: `reorg` (the chain replaced them) or `unconfirmed` (announced provisionally, never
 * committed by the indexer within the confirmation window).
 */
export type RetractReason = 'reorg' | 'unconfirmed';
export type RetractEvent = { cursors: string[]; reason?: RetractReason };

export interface ServerToClientEvents {
  frame: (frame: ActivityFrame) => void;
  retract: (event: RetractEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (result: UnsubscribeAck) => void) => void;
}

export const SOCKET_PATH = '/socket.io';

/**
 * A connection refused at the handshake (HTTP 403 from the socket.io endpoint; socket.io clients see a
 * `connect_error`): this client address already holds the most live connections the gateway allows (default
 * 20, per gateway process). Close other tabs' sockets or share one; one socket carries any number of
 * subscriptions.
 */
export const TOO_MANY_CONNECTIONS = 'too-many-connections';

/** How the gateway hears the chain before the indexer does (GET /api/live/status). */
export type LiveStatus = {
  fastLane: {
    mode: 'websocket' | 'polling' | 'off';
    /** a websocket node that dropped: polling until it is back */
    connected: boolean;
    /** newest block the fast lane has seen */
    head: string | null;
    pollIntervalMs: number | null;
    provisionalPending: number;
    confirmAfterBlocks: number;
  };
  confirmedHead: string | null;
  subscriptions: number;
};
