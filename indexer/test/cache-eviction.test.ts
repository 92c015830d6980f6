/**
 * Patch 020 (patches/README.md): when the indexing cache outgrows its budget, Ponder evicts whole tables. It
 * evicts the tables the handlers read least first (an insert-only history table, whose inserts read nothing), not
 * the ones with the fewest reads that missed, which put a table read on every event but always found first in line.
 * The installed Ponder's own cache is driven here on a real Postgres: a small table read on every event and a large
 * table only inserted into, the small one declared first. Without the patch the read table is the one evicted, and
 * its next reads go to the database.
 */
import { createTestDatabase, type TestDatabase } from '@skald/db/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { onchainTable } from 'ponder';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importPonder, ponderCommon } from './ponder-internals.ts';

type Row = Record<string, unknown>;
type IndexingCache = {
  qb: unknown;
  get(args: { table: unknown; key: Row }): Promise<Row | null>;
  set(args: { table: unknown; key: Row; row: Row; isUpdate: boolean }): Row;
  flush(): Promise<void>;
  prefetch(args: { events: unknown[] }): Promise<void>;
};
type CreateIndexingCache = (args: {
  common: unknown;
  schemaBuild: { schema: Record<string, unknown> };
  crashRecoveryCheckpoint: undefined;
  eventCount: Record<string, number>;
  chainId: undefined;
}) => IndexingCache;

// declared in this order: the read table first, so that an order by misses alone (a tie at 0) evicts it first
const player = onchainTable('player', (t) => ({ id: t.text().primaryKey(), wins: t.integer().notNull() }));
const history = onchainTable('history', (t) => ({ id: t.text().primaryKey(), payload: t.text().notNull() }));

let database: TestDatabase;
let client: pg.Client;
let createIndexingCache: CreateIndexingCache;

beforeAll(async () => {
  database = await createTestDatabase('skald_cache');
  client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  await client.query(`CREATE TABLE player (id text PRIMARY KEY, wins integer NOT NULL);
    CREATE TABLE history (id text PRIMARY KEY, payload text NOT NULL)`);
  createIndexingCache = (await importPonder('indexing-store/cache.js'))
    .createIndexingCache as CreateIndexingCache;
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** the installed Ponder's indexing cache over `client`, with `budget` bytes, counting its reads sent to Postgres */
function newCache(budget: number) {
  /** reads the cache answered with a query to the database, per table */
  const misses = new Map<string, number>();
  const common = ponderCommon({ indexingCacheMaxBytes: budget }, (labels) => {
    if (labels?.type === 'miss' && labels.table)
      misses.set(labels.table, (misses.get(labels.table) ?? 0) + 1);
  });
  const cache = createIndexingCache({
    common,
    schemaBuild: { schema: { player, history } },
    crashRecoveryCheckpoint: undefined,
    eventCount: {},
    chainId: undefined,
  });
  const db = drizzle(client);
  // what Ponder's query builder offers the cache: `wrap` runs a drizzle callback, `$client` takes the COPY
  cache.qb = {
    $dialect: 'postgres',
    $client: client,
    wrap: (...args: unknown[]) =>
      (args.find((a) => typeof a === 'function') as (d: typeof db) => unknown)(db),
  };
  return { cache, misses };
}

/**
 * One batch as the handlers write it: ten players, each read and updated by every event, and 2,000 history rows
 * (~1 MB), flushed in the batch's transaction as Ponder's backfill does.
 */
async function indexBatch(cache: IndexingCache) {
  for (let p = 0; p < 10; p++)
    cache.set({ table: player, key: { id: `p${p}` }, row: { id: `p${p}`, wins: 0 }, isUpdate: false });
  for (let i = 0; i < 2_000; i++) {
    const id = `p${i % 10}`;
    const row = await cache.get({ table: player, key: { id } });
    cache.set({ table: player, key: { id }, row: { id, wins: Number(row?.wins) + 1 }, isUpdate: true });
    cache.set({
      table: history,
      key: { id: `h${i}` },
      row: { id: `h${i}`, payload: 'x'.repeat(200) },
      isUpdate: false,
    });
  }
}

async function flush(cache: IndexingCache) {
  await client.query('BEGIN');
  await cache.flush();
  await client.query('COMMIT');
}

async function expectPlayersInMemory(cache: IndexingCache, misses: Map<string, number>) {
  for (let p = 0; p < 10; p++)
    expect(await cache.get({ table: player, key: { id: `p${p}` } })).toMatchObject({ wins: 200 });
  // a player not in the table: a complete cache knows without asking the database
  expect(await cache.get({ table: player, key: { id: 'nobody' } })).toBeNull();
  expect(misses.get('player') ?? 0).toBe(0);
}

beforeEach(() => client.query('TRUNCATE player, history'));

describe("Ponder's indexing cache over its budget (patch 020)", () => {
  it('evicts the table read least, and keeps the table the handlers read on every event answering from memory', async () => {
    // the budget holds the player table (a few hundred bytes) but not the history (~1 MB)
    const { cache, misses } = newCache(64 * 1024);
    await indexBatch(cache);
    // one read of the history (a handler looking a row up), so that patch 021 keeps its rows in the cache
    expect(await cache.get({ table: history, key: { id: 'h0' } })).toMatchObject({ id: 'h0' });
    await flush(cache);
    // the next batch begins: the cache is over its budget, so a table is evicted
    await cache.prefetch({ events: [] });
    await expectPlayersInMemory(cache, misses);
    // the history table was the one evicted: a read of it now goes to the database, and finds the flushed row
    expect(await cache.get({ table: history, key: { id: 'h7' } })).toMatchObject({
      payload: 'x'.repeat(200),
    });
    expect(misses.get('history')).toBe(1);
    const { rows } = await client.query(
      'SELECT sum(wins)::int AS wins, (SELECT count(*)::int FROM history) AS history FROM player',
    );
    expect(rows[0]).toEqual({ wins: 2_000, history: 2_000 });
  });
});

describe("Ponder's indexing cache and a table never read (patch 021)", () => {
  it('keeps none of its written rows, and answers a later read of it from the database', async () => {
    // a budget far above both tables: nothing is evicted
    const { cache, misses } = newCache(256 * 1024 * 1024);
    await indexBatch(cache);
    await flush(cache);
    await cache.prefetch({ events: [] });
    await expectPlayersInMemory(cache, misses);
    // the history was never read, so the flush kept none of its rows: this read is the table's first, from Postgres
    expect(await cache.get({ table: history, key: { id: 'h7' } })).toMatchObject({
      payload: 'x'.repeat(200),
    });
    expect(await cache.get({ table: history, key: { id: 'h9999' } })).toBeNull();
    expect(misses.get('history')).toBe(2);
  });
});
