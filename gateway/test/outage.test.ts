/**
 * Postgres restarted under load: the gateway answers 503 (with Retry-After) while the database is away and
 * recovers by itself when it returns, without a restart. Uses a Postgres of its own (embedded), so restarting
 * it disturbs nothing else on the machine.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@skald/chain';
import { playWorld, startChain, type TestChain } from '@skald/chain/local';
import { startEmbeddedPostgres } from '@skald/db';
import type { RunningIndexer } from '@skald/indexer';
import { openReader, startTestIndexer, waitForIndexed } from '@skald/indexer/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/serve.ts';
import { testConfig, type World } from './fixtures/world.ts';

let chain: TestChain;
let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let indexer: RunningIndexer;
let dataDir: string;
let port: number;
let app: Awaited<ReturnType<typeof buildGateway>>;

beforeAll(async () => {
  const parent = mkdtempSync(join(tmpdir(), 'skald-outage-'));
  chmodSync(parent, 0o777); // as root, embedded Postgres runs initdb as its own user
  dataDir = join(parent, 'pg');
  port = await freePort();
  pg = await startEmbeddedPostgres({ dataDir, port });
  chain = await startChain();
  await playWorld(chain, 40, { seed: 51 });
  indexer = await startTestIndexer(chain, { databaseUrl: pg.databaseUrl });
  await indexer.ready(180_000);
  const reader = openReader({ databaseUrl: pg.databaseUrl });
  await waitForIndexed(reader, chain);
  await reader.close();
  // Ponder does not outlive its database; the gateway must
  await indexer.stop();
  const world = { database: { databaseUrl: pg.databaseUrl }, indexer, chain } as unknown as World;
  app = await buildGateway(testConfig(world, { liveFallbackMs: 500 }), 'silent');
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await pg?.stop().catch(() => {});
  await chain?.stop();
});

describe('postgres restart under load', () => {
  it('answers 503 while the database is down and recovers without restarting the gateway', async () => {
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        // an uncached read (the vera and leaderboard caches would keep answering from memory)
        const res = await app.inject({ method: 'GET', url: '/api/activity?limit=5' });
        statuses.push(res.statusCode);
        if (res.statusCode === 503) expect(res.headers['retry-after']).toBeDefined();
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    let answeredBeforeStop = false;
    try {
      // the gateway answers before the outage (the first read on a busy machine may take a moment)
      const answerBy = Date.now() + 30_000;
      while (!statuses.includes(200) && Date.now() < answerBy) await new Promise((r) => setTimeout(r, 50));
      answeredBeforeStop = statuses.includes(200);
      await pg.stop();
      // health gathers its facts once a second (a check already under way when the database stopped still saw it
      // up): the outage shows within a few seconds, even on a busy machine
      const stoppedAt = Date.now();
      let ready = await app.inject({ method: 'GET', url: '/ready' });
      while (ready.json().database !== false && Date.now() - stoppedAt < 10_000) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await app.inject({ method: 'GET', url: '/ready' });
      }
      expect(ready.statusCode).toBe(503);
      expect(ready.json().database).toBe(false);
      pg = await startEmbeddedPostgres({ dataDir, port });
      const deadline = Date.now() + 30_000;
      while (statuses.at(-1) !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      running = false;
      await load;
    }
    const distinct = [...new Set(statuses)];
    expect(
      distinct.every((s) => s === 200 || s === 503),
      `statuses ${distinct}`,
    ).toBe(true);
    expect(statuses).toContain(503);
    expect(answeredBeforeStop).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    // every other read recovers too, within a few seconds: a pooled connection that was being opened or used as
    // the database went away fails its one query (503 with Retry-After, as the error contract says), no more
    const recoveredBy = Date.now() + 10_000;
    const clans: number[] = [];
    while (clans.at(-1) !== 200 && Date.now() < recoveredBy) {
      clans.push((await app.inject({ method: 'GET', url: '/api/clans' })).statusCode);
      if (clans.at(-1) !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(clans.at(-1), `/api/clans answered ${clans}`).toBe(200);
    expect(clans.every((s) => s === 200 || s === 503)).toBe(true);
    let ready = await app.inject({ method: 'GET', url: '/ready' });
    while (ready.json().database !== true && Date.now() < recoveredBy + 5000) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await app.inject({ method: 'GET', url: '/ready' });
    }
    expect(ready.json().database).toBe(true);
  }, 120_000);
});
