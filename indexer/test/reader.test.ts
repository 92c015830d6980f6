/**
 * The GraphQL reader (`startReader`: `ponder serve` on the views schema): answers GraphQL with what the views
 * hold, serves no live queries (/sql/*, which LISTEN, as a standby refuses), and follows the views when another
 * deployment takes them over. Here on the indexer's own database; the cluster runs it on the streaming replica
 * (scripts/cluster/test/failover.test.ts).
 */
import { freePort } from '@skald/chain/anvil';
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import type { SkaldDb } from '@skald/db';
import { createTestDatabase } from '@skald/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, startTestIndexer, waitForIndexed } from '../lib/harness.ts';
import { type RunningIndexer, type RunningReader, startReader } from '../lib/ponder-process.ts';

let chain: TestChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const indexers: RunningIndexer[] = [];
let reader: RunningReader;
let db: SkaldDb;

beforeAll(async () => {
  chain = await startChain();
  database = await createTestDatabase();
  await playWorld(chain, 80, { seed: 21 });
  const indexer = await startTestIndexer(chain, database, { schema: 'skald_reader_a' });
  indexers.push(indexer);
  await indexer.ready(180_000);
  db = openReader(database);
  await waitForIndexed(db, chain);
  reader = await startReader({
    databaseUrl: database.databaseUrl,
    deploymentPath: chain.deploymentPath,
    port: await freePort(),
    log: (line) => {
      if (process.env.SKALD_TEST_LOG) console.log(line);
    },
  });
  await reader.ready(120_000);
}, 400_000);

afterAll(async () => {
  await reader?.stop();
  await db?.close();
  for (const indexer of indexers) await indexer.stop();
  await chain?.stop();
  await database?.drop();
});

const graphql = async (query: string) => {
  const r = await fetch(`${reader.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { data?: Record<string, { totalCount: number }>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data ?? {};
};

const activityRows = async () => {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from activity`;
  return row?.n ?? -1;
};

describe('the GraphQL reader', () => {
  it('answers GraphQL with what the views hold', async () => {
    const data = await graphql('{ activitys(limit: 1) { totalCount } }');
    expect(data.activitys?.totalCount).toBe(await activityRows());
    expect(data.activitys?.totalCount).toBeGreaterThan(50);
  });

  it('serves no live queries', async () => {
    const r = await fetch(`${reader.url}/sql/db?sql=select%201`);
    await r.body?.cancel();
    expect(r.status).toBe(404);
  });

  it('follows the views to a deployment that takes them over', async () => {
    await playWorld(chain, 20, { seed: 22 });
    const next = await startTestIndexer(chain, database, { schema: 'skald_reader_b' });
    indexers.push(next);
    await next.ready(180_000);
    await waitForIndexed(db, chain);
    const [viewed] = await db.sql<{ definition: string }[]>`
      select definition from pg_views where schemaname = 'skald' and viewname = 'activity'`;
    expect(viewed?.definition).toContain('skald_reader_b');
    const data = await graphql('{ activitys(limit: 1) { totalCount } }');
    expect(data.activitys?.totalCount).toBe(await activityRows());
  });
});
