/** The live stream's wire format, from the shared wire-contract package. */
export type {
  ActivityEvent,
  ClientToServerEvents,
  MintPayload,
  RetractEvent,
  RetractReason,
  ServerToClientEvents,
  SubscribeAck,
  SubscribeRequest,
  Topic as LiveTopic,
} from '@skald/wire/protocol';
export { TOPICS as LIVE_TOPICS } from '@skald/wire/protocol';
