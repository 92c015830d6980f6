/**
 * The live stream's wire protocol (socket.io at path /socket.io on the gateway's origin). The web app and the
 * benchmarks code against these types; change them only together with every client.
 *
 * Delivery guarantee, per subscription: every matching activity row after `after` (or after the head at
 * subscribe time when `after` is omitted) arrives exactly once and in cursor order, backlog from Postgres first
 * and live events after it. A client that reconnects without socket.io's connection-state recovery
 * (`socket.recovered === false`) re-subscribes with the last cursor it saw; a recovered socket keeps its
 * subscriptions and the server resumes them itself. Two overlapping subscriptions on one socket each receive
 * a matching event, so a client that holds both dedupes by `cursor`.
 */

/** Activity types a client may subscribe to; 'all' is every type (inventory and admin rows included). */
export const TOPICS = [
  'all',
  'mint',
  'battle',
  'clan',
  'bank',
  'shop',
  'grant',
  'character',
  'vera',
  'role',
] as const;
export type Topic = (typeof TOPICS)[number];

export type SubscribeRequest = {
  topics: Topic[];
  /** only events about this vera (decimal id) */
  vera?: string;
  /** only events about this character (decimal characterId) */
  viking?: string;
  /** only events about this clan (decimal id) */
  clan?: string;
  /** the last cursor this client saw; the backlog starts after it */
  after?: string;
};

export type SubscribeAck = { ok: true; head?: string } | { ok: false; error: string };

export type MintMethod = 'encounter' | 'openLootBox' | 'admin_grantVera' | 'other';

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

export type ActivityEvent = {
  cursor: string;
  /** the topic: mint | battle | clan | bank | shop | grant | character | vera | role | inventory | admin */
  type: string;
  /** the contract event name, e.g. VeraMinted */
  kind: string;
  blockNumber: string;
  logIndex: number;
  txHash: string;
  /** unix seconds */
  timestamp: number;
  characterId?: string;
  /** the second character involved (opponent, invitee, recipient); viking subscriptions match it too */
  otherCharacterId?: string;
  veraId?: string;
  clanId?: string;
  account?: string;
  payload: Record<string, unknown>;
};

export type RetractEvent = { cursors: string[] };

export interface ServerToClientEvents {
  activity: (event: ActivityEvent) => void;
  retract: (event: RetractEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
}

export const SOCKET_PATH = '/socket.io';
