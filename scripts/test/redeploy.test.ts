/**
 * `npm run redeploy` on the stack `npm start` runs, with the bots playing and live clients and readers connected:
 * the indexer's code changes (a file added under indexer/src, which changes its code hash as an edited handler
 * does), the new version indexes into its own schema from the sync cache beside the old one, the views flip to
 * it, the old process stops and its schema is dropped. Meanwhile no REST or GraphQL request fails, and every live
 * client holds exactly the database's events over the whole range (none lost, none twice: cursors are chain
 * positions, valid in either schema). A redeploy with the code unchanged does nothing.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@skald/harness';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  everyClientMatchesTheDatabase,
  type LiveTestClient,
  startPoller,
} from './live-clients.ts';
import { type LaunchedStack, launchStack, redeploy } from './stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENTS = 20;
const GRAPHQL = `/graphql?query=${encodeURIComponent('{ veras(limit: 1) { items { id } } }')}`;

let stack: LaunchedStack;
let database: TestDatabase;
let sql: postgres.Sql;
let start: string;
const clients: LiveTestClient[] = [];
let poller: ReturnType<typeof startPoller>;

const until = async (what: string, timeoutMs: number, check: () => boolean | Promise<boolean>) => {
  await stack.until(what, timeoutMs, async () => ((await check()) ? true : undefined));
};

/** the deployment schema the views schema reads */
async function servingSchema(): Promise<string> {
  const [row] = await sql<{ definition: string }[]>`
    select definition from pg_views where schemaname = 'skald' and viewname = 'activity'`;
  const schema = row?.definition.match(/(skald_[0-9a-f]{12})\./)?.[1];
  if (!schema) throw new Error(`the views schema reads no deployment schema: ${row?.definition}`);
  return schema;
}

/** the newest cursor the views schema holds */
async function head(): Promise<string> {
  const [row] = await sql<{ cursor: string }[]>`select cursor from activity order by cursor desc limit 1`;
  return row?.cursor ?? '';
}

beforeAll(async () => {
  database = await createTestDatabase('skald_redeploy');
  stack = await launchStack({
    root,
    env: {
      DATABASE_URL: database.databaseUrl,
      SIM_RATE: '3',
      ANALYST_PASSWORD: 'redeploy-test',
      LIVE_MAX_CONNECTIONS_PER_IP: String(CLIENTS * 2),
      RATE_LIMIT_MAX: '1000000',
      ...(process.env.SKALD_TEST_LOG ? {} : { LOG_LEVEL: 'info' }),
    },
    echo: Boolean(process.env.SKALD_TEST_LOG),
  });
  await stack.waitForLine(/Skald is at/, 480_000);
  sql = postgres(database.databaseUrl, { max: 2, onnotice: () => {}, connection: { search_path: 'skald' } });
  await until('the first events', 120_000, async () => {
    const [row] = await sql<{ cursor: string }[]>`select cursor from activity order by cursor desc limit 1`;
    if (row) start = row.cursor;
    return row !== undefined;
  });
  clients.push(
    ...(await Promise.all(Array.from({ length: CLIENTS }, () => connectClient(stack.origin, start)))),
  );
  poller = startPoller(stack.origin, ['/api/activity?limit=5', '/api/clans', GRAPHQL]);
}, 600_000);

afterAll(async () => {
  poller?.stop();
  for (const c of clients) c.live.close();
  await sql?.end({ timeout: 5 });
  if (stack) await stack.interrupt(60_000);
  await database?.drop().catch(() => {});
});

describe('npm run redeploy', () => {
  it('does nothing when the code has not changed', async () => {
    const before = await servingSchema();
    const result = await redeploy(root, stack.ports.gateway, { changeCode: false });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/unchanged: the indexer's code has not changed/);
    expect(await servingSchema()).toBe(before);
  });

  it('flips the views to the new version with no failed request, no lost and no repeated event', async () => {
    const before = await servingSchema();
    const from = Date.now();
    const headBefore = await head();
    // what a reader of the views sees during the redeploy: the newest event, every 20 ms; it never goes back
    const seen: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.push(await head());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const result = await redeploy(root, stack.ports.gateway, { changeCode: true });
    watching = false;
    await watcher;
    const backwards = seen.flatMap((h, i) =>
      i > 0 && h < (seen[i - 1] as string) ? [`${seen[i - 1]} -> ${h}`] : [],
    );
    expect(backwards, `${seen.length} reads of the views' newest event`).toEqual([]);
    console.log(`redeploy: ${result.seconds.toFixed(1)} s\n${result.output.trim()}`);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/done: skald_[0-9a-f]{12} serves after/);
    const after = await servingSchema();
    expect(after).not.toBe(before);
    const [gone] = await sql<
      { n: number }[]
    >`select count(*)::int as n from pg_namespace where nspname = ${before}`;
    expect(gone?.n).toBe(0);
    // one indexer left, the new one, and live indexing goes on through the views
    expect(stack.find(/ponder\.js start/)).toHaveLength(1);
    // the new version serves everything the old one had indexed, and goes on indexing through the views
    const headAtFlip = await head();
    expect(headAtFlip >= headBefore, `head ${headAtFlip} after the flip, ${headBefore} before`).toBe(true);
    await until('events indexed after the flip', 120_000, async () => (await head()) > headAtFlip);
    const n = await everyClientMatchesTheDatabase(clients, sql, start, until);
    console.log(`redeploy: ${CLIENTS} live clients, ${n} events each across the flip, 0 lost, 0 twice`);
    await until('GraphQL answered after the flip', 30_000, () =>
      poller.answers.some((a) => a.path === GRAPHQL && a.at > Date.now() - 5000 && a.status === 200),
    );
    expect(poller.answers.filter((a) => a.at >= from).length).toBeGreaterThan(20);
    expect(poller.serverErrors(from)).toEqual([]);
    expect(poller.answers.filter((a) => a.at >= from && a.status !== 200)).toEqual([]);
  });
});
