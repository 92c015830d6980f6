/**
 * Health that answers fast and honestly whatever is down: /health, /ready and /status within 100 ms while the
 * indexer is stopped (SIGSTOP: "stalled", with the reason), while Postgres hangs (every one of its processes
 * SIGSTOPped) and after it is killed; REST answers 503 at once while the database is known down. Uses a
 * Postgres of its own (embedded), so stopping it disturbs nothing else on the machine.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilRpc, freePort } from '@skald/chain';
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
let app: Awaited<ReturnType<typeof buildGateway>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const parent = mkdtempSync(join(tmpdir(), 'skald-health-'));
  chmodSync(parent, 0o777); // as root, embedded Postgres runs initdb as its own user
  pg = await startEmbeddedPostgres({ dataDir: join(parent, 'pg'), port: await freePort() });
  chain = await startChain();
  await playWorld(chain, 20, { seed: 5 });
  indexer = await startTestIndexer(chain, { databaseUrl: pg.databaseUrl });
  await indexer.ready(180_000);
  const reader = openReader({ databaseUrl: pg.databaseUrl });
  await waitForIndexed(reader, chain);
  await reader.close();
  const world = { database: { databaseUrl: pg.databaseUrl }, indexer, chain } as unknown as World;
  app = await buildGateway(testConfig(world), 'silent');
  await app.ready();
  // only the very first probe waits for the first check
  await app.inject({ method: 'GET', url: '/status' });
}, 300_000);

afterAll(async () => {
  for (const pid of postgresPids()) signal(pid, 'SIGCONT');
  await app?.close();
  indexer?.process.kill('SIGCONT');
  await indexer?.stop();
  await pg?.stop().catch(() => {});
  await chain?.stop();
});

/** the postmaster and its backends */
function postgresPids(): number[] {
  const root = pg.process.pid as number;
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === root) pids.push(pid);
    } catch {
      // gone
    }
  }
  return pids;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // gone
  }
}

type Probe = { url: string; status: number; ms: number; body: Record<string, unknown> };

/** the three probes, each timed */
async function probes(): Promise<Probe[]> {
  const out: Probe[] = [];
  for (const url of ['/health', '/ready', '/status']) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url });
    out.push({ url, status: res.statusCode, ms: performance.now() - started, body: res.json() });
  }
  return out;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

/**
 * Every probe answers from memory: 95% within 100 ms and none over 1 s (before, 5.6-8.9 s with the database
 * down). The shared 2-core test machine stalls this process's event loop now and then (~200 ms once seen), so
 * the strict bound is on the 95th percentile.
 */
function expectFast(all: Probe[][]) {
  const times = all
    .flat()
    .map((p) => p.ms)
    .sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  const slowest = all.flat().sort((a, b) => b.ms - a.ms)[0];
  expect(times.length).toBeGreaterThan(10);
  expect(p95, `p95 of ${times.length} probes`).toBeLessThan(100);
  expect(slowest?.ms ?? 0, JSON.stringify(slowest)).toBeLessThan(1000);
}

describe('health while parts are down', () => {
  it('says "stalled" (with why) while the indexer is SIGSTOPped and the chain moves; answers within 100 ms', async () => {
    const seen: Probe[][] = [];
    const status = async () => {
      const p = await probes();
      seen.push(p);
      return p[2]?.body as { live: { state: string; stalledSeconds: number | null }; reasons: string[] };
    };
    expect((await status()).live.state).not.toBe('stalled');
    process.kill(indexer.process.pid as number, 'SIGSTOP');
    const mining = setInterval(() => void anvilRpc(chain.anvil.rpcUrl, 'evm_mine', []).catch(() => {}), 250);
    try {
      const stalled = await until('stalled by progress', 20_000, async () => {
        const s = await status();
        return s.live.state === 'stalled' && s.live.stalledSeconds !== null ? s : undefined;
      });
      expect(stalled.reasons.join('; ')).toMatch(/made no progress for \d+ s/);
      expect(stalled.reasons.join('; ')).toMatch(/indexer process does not answer/);
      process.kill(indexer.process.pid as number, 'SIGCONT');
      await until('progress again', 30_000, async () => {
        const s = await status();
        return s.live.state !== 'stalled' ? s : undefined;
      });
    } finally {
      clearInterval(mining);
      indexer.process.kill('SIGCONT');
    }
    expectFast(seen);
  }, 90_000);

  it('a pool busy with long reads is not a database outage (the probe has its own connection)', async () => {
    // every connection of the gateway's pool held for 8 s: longer than the three timed-out checks in a row
    // (one a second, 1 s each) that count as down
    const held = Array.from({ length: app.config.databasePool }, () =>
      app.db.sql`select pg_sleep(8)`.execute(),
    );
    const seen: boolean[] = [];
    const until = Date.now() + 7500;
    while (Date.now() < until) {
      const status = await app.inject({ method: 'GET', url: '/status' });
      seen.push(status.json().database === true);
      await sleep(250);
    }
    await Promise.all(held);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every(Boolean), `database up in ${seen.filter(Boolean).length} of ${seen.length}`).toBe(true);
  }, 40_000);

  it('answers within 100 ms while Postgres hangs and after it is killed; REST fails fast with 503', async () => {
    const seen: Probe[][] = [];
    const pids = postgresPids();
    for (const pid of pids) signal(pid, 'SIGSTOP');
    try {
      const down = await until('database does not answer', 10_000, async () => {
        const p = await probes();
        seen.push(p);
        return p[1]?.status === 503 && p[1].body.database === false ? p : undefined;
      });
      expect(JSON.stringify(down[1]?.body.reasons)).toMatch(/the database does not answer/);
      const started = performance.now();
      const vera = await app.inject({ method: 'GET', url: '/api/vera/1' });
      expect(vera.statusCode).toBe(503);
      expect(vera.headers['retry-after']).toBeDefined();
      expect(performance.now() - started).toBeLessThan(250);
      for (let i = 0; i < 5; i++) {
        seen.push(await probes());
        await sleep(300);
      }
    } finally {
      for (const pid of pids) signal(pid, 'SIGCONT');
    }
    await until('database back', 15_000, async () => {
      const p = await probes();
      return p[1]?.body.database === true ? p : undefined;
    });

    // killed: nothing listens any more
    signal(pg.process.pid as number, 'SIGKILL');
    const gone = await until('database unreachable', 10_000, async () => {
      const p = await probes();
      seen.push(p);
      return p[1]?.body.database === false ? p : undefined;
    });
    expect(JSON.stringify(gone[1]?.body.reasons)).toMatch(/the database (is unreachable|does not answer)/);
    expect(gone.map((p) => p.status)).toEqual([200, 503, 200]);
    const started = performance.now();
    expect((await app.inject({ method: 'GET', url: '/api/vera/1' })).statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(250);
    expectFast(seen);
  }, 90_000);
});
