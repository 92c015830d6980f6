/**
 * The live stream's wire format is the gateway's (gateway/src/live/protocol.ts). The gateway depends on this
 * package to mount the page handler, so a package dependency back would be a cycle; a type-only import of the
 * one self-contained file keeps a single source of truth without one.
 */
export type {
  ActivityEvent,
  ClientToServerEvents,
  MintPayload,
  RetractEvent,
  ServerToClientEvents,
  SubscribeAck,
  SubscribeRequest,
  Topic as LiveTopic,
} from '../../../gateway/src/live/protocol.ts';

/** Mirrors the gateway's TOPICS (a value, so it cannot be imported type-only). */
export const LIVE_TOPICS = [
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
