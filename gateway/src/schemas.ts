/**
 * Shared request and response pieces. Every route builds its schemas from these, so an address, an id, a cursor
 * or a page means the same thing everywhere. Fastify's Ajv strips unknown fields and applies defaults.
 */
import { type Static, type TSchema, Type } from '@fastify/type-provider-typebox';

export const Address = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: '0x followed by 40 hex digits',
});

/** A uint64 id in decimal (ids are strings on the wire: they may exceed 2^53). */
export const Id = Type.String({ pattern: '^(0|[1-9][0-9]{0,19})$', description: 'decimal id' });

export const Cursor = Type.String({ pattern: '^[0-9]{20}-[0-9]{6}$', description: '20 digits, -, 6 digits' });

export const BattleTypeParam = Type.Integer({
  minimum: 1,
  maximum: 3,
  description: '1 ranked, 2 casual, 3 tournament',
});

/** Capped pagination: 1..100 items, default 20. */
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
export const Offset = Type.Integer({ minimum: 0, maximum: 100_000, default: 0 });
export const Pagination = Type.Object({ limit: Limit, offset: Offset });
export type Pagination = Static<typeof Pagination>;

/** Unix seconds. */
export const Timestamp = Type.Integer({ minimum: 0 });

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

/** The 4xx replies every data route may give. */
export const clientErrors = {
  400: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};

/**
 * `T | null` as a type list rather than anyOf: fast-json-stringify serializes anyOf by validating each branch at
 * run time, which made nullable-heavy responses several times slower.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  if (typeof type !== 'string') return Type.Union([schema, Type.Null()]);
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
};

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    items: Type.Array(item),
  });

export const FreeObject = Type.Record(Type.String(), Type.Unknown());

export const ActivityEventSchema = Type.Object({
  cursor: Cursor,
  type: Type.String(),
  kind: Type.String(),
  blockNumber: Type.String(),
  logIndex: Type.Integer(),
  txHash: Type.String(),
  timestamp: Type.Integer(),
  characterId: Type.Optional(Type.String()),
  otherCharacterId: Type.Optional(Type.String()),
  veraId: Type.Optional(Type.String()),
  clanId: Type.Optional(Type.String()),
  account: Type.Optional(Type.String()),
  payload: FreeObject,
  names: Type.Optional(
    Type.Object({
      character: Type.Optional(Type.String()),
      other: Type.Optional(Type.String()),
      account: Type.Optional(Type.String()),
      clan: Type.Optional(Type.String()),
    }),
  ),
  eloChange: Type.Optional(Type.Object({ a: Type.Integer(), b: Type.Integer() })),
  text: Type.Optional(Type.String()),
});
