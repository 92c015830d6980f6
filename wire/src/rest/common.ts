/**
 * Shared request and response pieces of the REST API. Every route builds its schemas from these, so an address,
 * an id, a cursor or a page means the same thing everywhere; the formats themselves come from @skald/game.
 */
import {
  ADDRESS_PATTERN,
  AUDIT_CURSOR_PATTERN,
  BATTLE_TYPE_LABELS,
  CLAN_STATUS_LABELS,
  CURSOR_PATTERN,
  ID_PATTERN,
  TX_HASH_PATTERN,
} from '@skald/game';
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox';

export const Address = Type.String({ pattern: ADDRESS_PATTERN, description: '0x followed by 40 hex digits' });

/** A uint64 id in decimal (ids are strings on the wire: they may exceed 2^53). */
export const Id = Type.String({ pattern: ID_PATTERN, description: 'decimal id' });

export const Cursor = Type.String({ pattern: CURSOR_PATTERN, description: '20 digits, -, 6 digits' });

/** The audit cursor: Ponder's event id (a fixed-width decimal checkpoint, so text order is chain order). */
export const AuditCursor = Type.String({ pattern: AUDIT_CURSOR_PATTERN, description: 'an audit entry id' });

export const TxHash = Type.String({ pattern: TX_HASH_PATTERN, description: '0x followed by 64 hex digits' });

/** The text of a whole-number request parameter: decimal digits, no sign, exponent, point or leading zero. */
export const DECIMAL_PATTERN = '^(?:0|[1-9][0-9]{0,14})$';

type WholeNumberOptions = { minimum: number; maximum: number; default?: number; description?: string };

/**
 * A whole number in a path or query parameter, as a number to the handler. The text is checked before it is
 * converted: JSON Schema's integer coercion alone takes `1e309`, `Infinity`, `0x10` and ` 1` (and skips the
 * bounds for an infinite value), which would reach the database. A number in a JSON body passes the same way.
 */
export function WholeNumber(options: WholeNumberOptions & { default: number }): Defaulted<TUnsafe<number>>;
export function WholeNumber(options: WholeNumberOptions): TUnsafe<number>;
export function WholeNumber(options: WholeNumberOptions): TUnsafe<number> {
  const { minimum, maximum, ...rest } = options;
  return Type.Unsafe<number>({
    ...rest,
    allOf: [
      { type: 'string', pattern: DECIMAL_PATTERN },
      { type: 'integer', minimum, maximum },
    ],
  });
}

/**
 * A request schema with a `default`: the gateway fills it in, so a caller may leave it out (the route table's
 * request types make such a field optional). TypeBox's builders keep their options out of the type; this marks it.
 */
export type Defaulted<T extends TSchema> = T & { readonly default: unknown };
/** Marks `schema` (whose options already carry its `default`) as `Defaulted`. */
export const defaulted = <T extends TSchema>(schema: T): Defaulted<T> => schema as Defaulted<T>;

/**
 * A contract code as a parameter (battle type, clan status…): bounded by the lowest and highest code of its
 * @skald/game label table (the codes are contiguous) and described by it ("1 ranked, 2 casual, 3 tournament").
 */
export const CodeParam = (labels: Readonly<Record<number, string>>) => {
  const codes = Object.keys(labels).map(Number);
  return WholeNumber({
    minimum: Math.min(...codes),
    maximum: Math.max(...codes),
    description: Object.entries(labels)
      .map(([code, label]) => `${code} ${label.toLowerCase()}`)
      .join(', '),
  });
};

export const BattleTypeParam = CodeParam(BATTLE_TYPE_LABELS);
export const ClanStatusParam = CodeParam(CLAN_STATUS_LABELS);

/** Capped pagination: 1..100 items, default 20. */
export const Limit = WholeNumber({ minimum: 1, maximum: 100, default: 20 });
export const Offset = WholeNumber({ minimum: 0, maximum: 100_000, default: 0 });
export const Pagination = Type.Object({ limit: Limit, offset: Offset });
export type Pagination = Static<typeof Pagination>;

/** Unix seconds (as a parameter: up to the last second of year 9999). */
export const Timestamp = WholeNumber({ minimum: 0, maximum: 253_402_300_799 });

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

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

/**
 * A string that is one of `values`. The JSON schema stays a plain string (serializing an enum costs nothing
 * more), while readers get the literal union.
 */
export const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.String({ description: values.join(' | ') }));

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    items: Type.Array(item),
  });

/** `{ items: T[] }`: a list answer without paging. */
export const Items = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });

/**
 * The order Postgres's jsonb gives an object's keys back in (shorter first, then bytewise), as a sort comparator:
 * a schema of a jsonb column's object lists its properties in this order, so serializing by it keeps the bytes.
 */
export const jsonbKeyOrder = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
