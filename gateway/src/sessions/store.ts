/**
 * Server-side session records, shared by every gateway: in Postgres (a schema of the gateway's own, created at
 * boot when missing, never Ponder's) or, when REDIS_URL is set, in Redis. The cookie carries a random token; the
 * store keeps only its SHA-256 (the record's id), so neither a database dump nor the admin's list can be replayed
 * as a cookie. A record ends at its expiry, on logout, when an admin revokes it, or when the wallet's admin role
 * changes (the request that notices revokes it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { createClient } from 'redis';

export type SessionRecord = {
  /** SHA-256 of the cookie's token, hex */
  id: string;
  address: string;
  /** the admin role when the session began */
  admin: boolean;
  /** unix seconds */
  createdAt: number;
  expiresAt: number;
  userAgent: string | null;
};

export type NewSession = { address: string; admin: boolean; userAgent?: string | null; ttlSeconds: number };

export interface SessionStore {
  /** creates what the store needs (idempotent, safe when several gateways boot at once) */
  init(): Promise<void>;
  /** a new record and the token the cookie carries */
  create(session: NewSession): Promise<{ token: string; record: SessionRecord }>;
  /** the unexpired record a cookie's token names, or null */
  get(token: string): Promise<SessionRecord | null>;
  revoke(id: string): Promise<boolean>;
  /** unexpired records, newest first, at most `limit`, and how many there are */
  list(limit: number): Promise<{ count: number; items: SessionRecord[] }>;
}

/** Sessions kept per address; the oldest beyond this are ended. */
export const MAX_SESSIONS_PER_ADDRESS = 20;

export const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

export const SESSION_SCHEMA = 'skald_gateway';

type Row = {
  id: string;
  address: string;
  admin: boolean;
  created_at: number;
  expires_at: number;
  user_agent: string | null;
};
const fromRow = (r: Row): SessionRecord => ({
  id: r.id,
  address: r.address,
  admin: r.admin,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  userAgent: r.user_agent,
});

/** the columns as a record needs them (times as unix seconds, whatever the client's type parsers) */
const COLUMNS = `id, address, admin, user_agent,
  floor(extract(epoch from created_at))::float8 as created_at,
  floor(extract(epoch from expires_at))::float8 as expires_at`;

export function postgresSessions(sql: Sql, schema = SESSION_SCHEMA): SessionStore {
  const table = `"${schema}".session`;
  return {
    async init() {
      const ddl = async () => {
        await sql.unsafe(`create schema if not exists "${schema}"`);
        await sql.unsafe(`create table if not exists ${table} (
          id text primary key,
          address text not null,
          admin boolean not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          user_agent text)`);
        await sql.unsafe(`create index if not exists session_address_idx on ${table} (address)`);
      };
      try {
        await ddl();
      } catch (error) {
        // two gateways booting at once: one wins the catalog race, the other sees it done
        const code = (error as { code?: string }).code;
        if (code !== '23505' && code !== '42P06' && code !== '42P07') throw error;
        await ddl();
      }
    },
    async create(s) {
      const token = newToken();
      const id = sessionId(token);
      const [row] = await sql.unsafe<Row[]>(
        `insert into ${table} (id, address, admin, expires_at, user_agent)
         values ($1, $2, $3, now() + make_interval(secs => $4), $5) returning ${COLUMNS}`,
        [id, s.address, s.admin, s.ttlSeconds, (s.userAgent ?? '').slice(0, 200) || null],
      );
      // housekeeping: expired records, and the oldest of an address beyond the cap
      await sql.unsafe(
        `delete from ${table} where expires_at <= now()
            or id in (select id from ${table} where address = $1
                      order by created_at desc offset ${MAX_SESSIONS_PER_ADDRESS})`,
        [s.address],
      );
      return { token, record: fromRow(row as Row) };
    },
    async get(token) {
      const [row] = await sql.unsafe<Row[]>(
        `select ${COLUMNS} from ${table} where id = $1 and expires_at > now()`,
        [sessionId(token)],
      );
      return row ? fromRow(row) : null;
    },
    async revoke(id) {
      const rows = await sql.unsafe(`delete from ${table} where id = $1 returning id`, [id]);
      return rows.length > 0;
    },
    async list(limit) {
      const [count] = await sql.unsafe<{ n: number }[]>(
        `select count(*)::int as n from ${table} where expires_at > now()`,
      );
      const rows = await sql.unsafe<Row[]>(
        `select ${COLUMNS} from ${table} where expires_at > now() order by created_at desc, id limit $1`,
        [limit],
      );
      return { count: count?.n ?? 0, items: rows.map(fromRow) };
    },
  };
}

export function redisSessions(redis: ReturnType<typeof createClient>, prefix: string): SessionStore {
  const key = (id: string) => `${prefix}:session:${id}`;
  const index = `${prefix}:sessions`;
  const read = async (id: string): Promise<SessionRecord | null> => {
    const raw = await redis.get(key(id));
    if (!raw) return null;
    const record = JSON.parse(raw) as SessionRecord;
    return record.expiresAt > now() ? record : null;
  };
  return {
    async init() {},
    async create(s) {
      const token = newToken();
      const createdAt = now();
      const record: SessionRecord = {
        id: sessionId(token),
        address: s.address,
        admin: s.admin,
        createdAt,
        expiresAt: createdAt + s.ttlSeconds,
        userAgent: (s.userAgent ?? '').slice(0, 200) || null,
      };
      await redis
        .multi()
        .set(key(record.id), JSON.stringify(record), { EX: s.ttlSeconds })
        .zAdd(index, { score: record.expiresAt, value: record.id })
        .zRemRangeByScore(index, '-inf', createdAt)
        .exec();
      return { token, record };
    },
    get: (token) => read(sessionId(token)),
    async revoke(id) {
      const [deleted] = await redis.multi().del(key(id)).zRem(index, id).exec();
      return Number(deleted) > 0;
    },
    async list(limit) {
      await redis.zRemRangeByScore(index, '-inf', now());
      const ids = await redis.zRange(index, 0, -1);
      const records = ids.length ? await redis.mGet(ids.map(key)) : [];
      const items = records
        .filter((r): r is string => typeof r === 'string')
        .map((r) => JSON.parse(r) as SessionRecord)
        .filter((r) => r.expiresAt > now())
        .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
      return { count: items.length, items: items.slice(0, limit) };
    },
  };
}
