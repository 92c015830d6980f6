/**
 * The route table: every REST route's request and answer schemas, under the names of `paths.ts` (which holds
 * each one's method and path). The gateway registers each route from here (Fastify validates the path
 * parameters, query and body by these schemas and serializes the answer by `response`); readers take the types
 * (`RouteRequest`, `RouteResponse`) and build URLs with `routeUrl`.
 *
 * To add an endpoint: its method and path in `ROUTE_PATHS`, its schemas here under the same name, then the
 * handler in the gateway (`app.route({ ...fromTable(app, name), handler })`) and, for the web app, `api.call`.
 */
import { ACTIVITY_TYPES, type ActivityType, AUDIT_KINDS, type AuditKind } from '@skald/game';
import { type Static, type TObject, type TSchema, Type } from 'typebox';
import { ActivityPage, ActivitySeconds } from './activity.ts';
import {
  AdminSessions,
  AuditNewer,
  AuditPage,
  RoleHolders,
  SEARCH_TYPES,
  type SearchType,
  SessionRevoked,
  TargetHits,
} from './admin.ts';
import { Nonce, Session, SignInRequest } from './auth.ts';
import { Arena, BattleDetail, BattlePage, NamedVikings } from './battles.ts';
import {
  Address,
  AuditCursor,
  BattleTypeParam,
  ClanStatusParam,
  Cursor,
  clientErrors,
  type Defaulted,
  defaulted,
  ErrorResponse,
  Id,
  Limit,
  Offset,
  Timestamp,
  TxHash,
  WholeNumber,
} from './common.ts';
import { Alive, Health } from './health.ts';
import { IMAGE_WIDTHS } from './image.ts';
import { type PathParamNames, ROUTE_PATHS } from './paths.ts';
import { InventoryData, VeraPage, Viking, VikingData } from './players.ts';
import { VeraRecord } from './vera.ts';
import { CharacterClanAsks, ClanAsks, ClanDetail, ClanPage, Leaderboard, Shops } from './world.ts';

/** A route's schemas: `params` (exactly its path's parameters), `query`, `body`, the 200 answer, other answers. */
export type RouteSchemas = {
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TSchema;
  /** the 200 answer */
  readonly response: TSchema;
  /** every other status the route answers with a body schema (default: `clientErrors`) */
  readonly otherResponses?: Readonly<Record<number, TSchema>>;
};

/** The statuses of a route behind the admin guard. */
const guarded = { 401: ErrorResponse, 403: ErrorResponse, ...clientErrors };

/** `type=` of the activity routes: one or more activity types (`type=a&type=b`). */
const ActivityTypes = Type.Optional(
  Type.Array(Type.Unsafe<ActivityType>(Type.Union(ACTIVITY_TYPES.map((t) => Type.Literal(t)))), {
    maxItems: ACTIVITY_TYPES.length,
  }),
);

/** The audit's filters, shared by its page, its "N new" count and its CSV. */
const AuditFilters = {
  admin: Type.Optional(Address),
  /** every admin but this one ("by others") */
  exceptAdmin: Type.Optional(Address),
  target: Type.Optional(Id),
  kind: Type.Optional(
    Type.Unsafe<AuditKind>(
      Type.Union(
        AUDIT_KINDS.map((k) => Type.Literal(k)),
        { description: AUDIT_KINDS.join(' | ') },
      ),
    ),
  ),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  tx: Type.Optional(TxHash),
};

const CharacterParams = Type.Object({ characterId: Id });
const IdParams = Type.Object({ id: Id });

export const ROUTE_SCHEMAS = {
  health: { response: Alive, otherResponses: {} },
  ready: { response: Health, otherResponses: { 503: Health } },
  status: { response: Health, otherResponses: {} },

  vikingData: { query: Type.Object({ address: Address }), response: VikingData },
  viking: { params: CharacterParams, response: Viking },
  vikingVeras: {
    params: CharacterParams,
    query: Type.Object({ before: Type.Optional(Id), limit: Type.Optional(Limit) }),
    response: VeraPage,
  },
  inventory: { params: CharacterParams, response: InventoryData },
  vera: { params: IdParams, response: VeraRecord, otherResponses: { 304: Type.Null(), ...clientErrors } },

  leaderboard: {
    params: Type.Object({ battleType: BattleTypeParam }),
    query: Type.Object({
      limit: Limit,
      offset: Offset,
      name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 32, description: 'part of a viking name (case-insensitive)' }),
      ),
    }),
    response: Leaderboard,
  },
  clans: {
    query: Type.Object({
      status: Type.Optional(ClanStatusParam),
      limit: Limit,
      offset: Offset,
    }),
    response: ClanPage,
  },
  clan: { params: IdParams, response: ClanDetail },
  shop: {
    query: Type.Object({ shopId: Type.Optional(WholeNumber({ minimum: 0, maximum: 4_294_967_295 })) }),
    response: Shops,
  },

  clanAsks: { params: IdParams, response: ClanAsks },
  vikingClanAsks: { params: CharacterParams, response: CharacterClanAsks },

  activity: {
    query: Type.Object({
      type: ActivityTypes,
      characterId: Type.Optional(Id),
      veraId: Type.Optional(Id),
      clanId: Type.Optional(Id),
      account: Type.Optional(Address),
      before: Type.Optional(Cursor),
      after: Type.Optional(Cursor),
      limit: Limit,
    }),
    response: ActivityPage,
  },
  activitySeconds: {
    query: Type.Object({
      before: Cursor,
      since: WholeNumber({ minimum: 0, maximum: 2 ** 40, description: 'unix seconds (exclusive)' }),
      type: ActivityTypes,
    }),
    response: ActivitySeconds,
  },

  battle: { params: IdParams, response: BattleDetail },
  vikingBattles: {
    params: CharacterParams,
    query: Type.Object({ limit: Limit, offset: Offset }),
    response: BattlePage,
  },
  arena: { query: Type.Object({ characterId: Type.Optional(Id) }), response: Arena },
  vikings: {
    query: Type.Object({
      name: Type.String({ minLength: 1, maxLength: 24, description: 'start of the name, any case' }),
      limit: WholeNumber({ minimum: 1, maximum: 20, default: 10 }),
    }),
    response: NamedVikings,
  },

  image: {
    query: Type.Object({
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      w: Type.Unsafe<number>({
        type: 'integer',
        enum: IMAGE_WIDTHS,
        description: `one of ${IMAGE_WIDTHS.join(', ')}`,
      }),
      q: WholeNumber({ minimum: 1, maximum: 100, default: 100 }),
    }),
    /** a webp */
    response: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
    otherResponses: {
      403: ErrorResponse,
      413: ErrorResponse,
      415: ErrorResponse,
      502: ErrorResponse,
      ...clientErrors,
    },
  },

  authNonce: { response: Nonce, otherResponses: { 429: ErrorResponse } },
  authVerify: {
    body: SignInRequest,
    response: Session,
    otherResponses: { 401: ErrorResponse, ...clientErrors },
  },
  authSession: { response: Session, otherResponses: { 401: ErrorResponse, ...clientErrors } },
  authLogout: { response: Type.Object({ ok: Type.Boolean() }), otherResponses: {} },

  adminAudit: {
    query: Type.Object({
      ...AuditFilters,
      before: Type.Optional(AuditCursor),
      after: Type.Optional(AuditCursor),
      limit: WholeNumber({ minimum: 1, maximum: 100, default: 25 }),
    }),
    response: AuditPage,
    otherResponses: guarded,
  },
  adminAuditNewer: {
    query: Type.Object({ ...AuditFilters, after: AuditCursor }),
    response: AuditNewer,
    otherResponses: guarded,
  },
  /** the whole filtered audit as CSV (text/csv, streamed) */
  adminAuditCsv: { query: Type.Object(AuditFilters), response: Type.String(), otherResponses: guarded },
  adminRoles: { response: RoleHolders, otherResponses: guarded },
  adminSearch: {
    query: Type.Object({
      q: Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[^\\u0000-\\u001f]+$',
        description: 'a name, an address (or its start) or an id (no control characters)',
      }),
      type: defaulted(
        Type.Unsafe<SearchType>(
          Type.Union(
            SEARCH_TYPES.map((t) => Type.Literal(t)),
            { default: 'character', description: SEARCH_TYPES.join(' | ') },
          ),
        ),
      ),
      limit: WholeNumber({ minimum: 1, maximum: 20, default: 8 }),
    }),
    response: TargetHits,
    otherResponses: guarded,
  },
  adminSessions: { response: AdminSessions, otherResponses: guarded },
  adminRevokeSession: {
    params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$' }) }),
    response: SessionRevoked,
    otherResponses: guarded,
  },
} as const satisfies { readonly [N in RouteName]: RouteSchemas };

export type RouteName = keyof typeof ROUTE_PATHS;

/** A route of the table: its method and path with its schemas. */
export type Route<N extends RouteName> = (typeof ROUTE_PATHS)[N] & (typeof ROUTE_SCHEMAS)[N];

/** The route table: `ROUTE_PATHS` and `ROUTE_SCHEMAS` joined by name. */
export const ROUTES = Object.fromEntries(
  (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => [
    name,
    { ...ROUTE_PATHS[name], ...ROUTE_SCHEMAS[name] },
  ]),
) as { readonly [N in RouteName]: Route<N> };

type Props<S> = S extends TObject<infer P> ? P : never;
type DefaultedKeys<S> = {
  [K in keyof Props<S>]: Props<S>[K] extends Defaulted<TSchema> ? K : never;
}[keyof Props<S>];
/** What a caller sends for an object schema: its fields, those with a default optional. */
type Input<S> = S extends TObject
  ? Simplify<Omit<Static<S>, DefaultedKeys<S>> & Partial<Pick<Static<S>, DefaultedKeys<S> & keyof Static<S>>>>
  : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
// biome-ignore lint/complexity/noBannedTypes: `{}` is what a Pick of only optional fields extends
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** `key: T` when T has a required field, `key?: T` when every field may be left out, nothing without T. */
type Part<Key extends string, S> = [S] extends [undefined]
  ? unknown
  : [RequiredKeys<Input<S>>] extends [never]
    ? { [K in Key]?: Input<S> }
    : { [K in Key]: Input<S> };
type SchemaOf<N extends RouteName, K extends string> = K extends keyof (typeof ROUTE_SCHEMAS)[N]
  ? (typeof ROUTE_SCHEMAS)[N][K]
  : undefined;

/** What a caller of a route gives: `params` (its path's), `query` and `body`, each as its schema says. */
export type RouteRequest<N extends RouteName> = Simplify<
  Part<'params', SchemaOf<N, 'params'>> &
    Part<'query', SchemaOf<N, 'query'>> &
    ([SchemaOf<N, 'body'>] extends [undefined] ? unknown : { body: Static<SchemaOf<N, 'body'> & TSchema> })
>;

/** A route's 200 answer. */
export type RouteResponse<N extends RouteName> = Static<(typeof ROUTE_SCHEMAS)[N]['response']>;

/** `[request]`, or `[request?]` when the route needs nothing (no path parameter, no required field). */
export type RouteArgs<N extends RouteName> = [RequiredKeys<RouteRequest<N>>] extends [never]
  ? [request?: RouteRequest<N>]
  : [request: RouteRequest<N>];

// Compile-time: every route's `params` names exactly its path's parameters.
type ParamsMatchPath = {
  [N in RouteName]: [PathParamNames<(typeof ROUTE_PATHS)[N]['path']>] extends [never]
    ? SchemaOf<N, 'params'> extends undefined
      ? true
      : N
    : [keyof Props<SchemaOf<N, 'params'>>] extends [PathParamNames<(typeof ROUTE_PATHS)[N]['path']>]
      ? [PathParamNames<(typeof ROUTE_PATHS)[N]['path']>] extends [keyof Props<SchemaOf<N, 'params'>>]
        ? true
        : N
      : N;
};
const paramsMatchPath: { [N in RouteName]: true } = {} as ParamsMatchPath;
void paramsMatchPath;
