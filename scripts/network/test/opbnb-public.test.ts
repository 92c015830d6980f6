/**
 * `npm start -- --rpc-profile opbnb-public` as a user runs it: the indexer and the gateway reach anvil through
 * the RPC conditions proxy as they would reach opBNB testnet's free public endpoint (HTTP only, 80 ± 40 ms, 33
 * calls/s answered 429 beyond, eth_getLogs capped), with one-second blocks and the bots playing.
 *
 *  - the live stream's exactly-once promise: socket clients subscribed from one cursor hold exactly the
 *    database's cursors over the same range, none lost, none twice;
 *  - reorg retraction: blocks the chain replaces (anvil_reorg) are retracted from every client and from the
 *    database, and the clients still match the database after;
 *  - `npm run verify` through the same endpoint (its rate given) finds the index equal to the chain.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anvilRpc } from '@skald/chain/anvil';
import { type RpcConditionsCounters, rpcProfile } from '@skald/chain/rpc-conditions';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  everyClientMatchesTheDatabase,
  type LiveTestClient,
} from '../../test/live-clients.ts';
import { npmVerify } from '../../test/npm-verify.ts';
import { type LaunchedStack, launchStack } from '../../test/stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CLIENTS = 5;
const scratch = mkdtempSync(join(tmpdir(), 'skald-network-'));
chmodSync(scratch, 0o755); // as root, embedded Postgres runs as its own user and must reach its data folder

let stack: LaunchedStack;
let db: postgres.Sql;
let proxyUrl: string;
let start: string;

const clients: LiveTestClient[] = [];

async function until(what: string, timeoutMs: number, check: () => boolean | Promise<boolean>) {
  await stack.until(what, timeoutMs, async () => ((await check()) ? true : undefined));
}

const everyClientMatches = () => everyClientMatchesTheDatabase(clients, db, start, until);

type Conditions = { profile: string; counters: RpcConditionsCounters };
const conditions = async () => (await (await fetch(`${proxyUrl}/conditions`)).json()) as Conditions;

beforeAll(async () => {
  stack = await launchStack({
    root,
    args: ['--rpc-profile', 'opbnb-public'],
    env: {
      PG_DATA: join(scratch, 'pg'),
      SKALD_DEPLOYMENT: join(scratch, 'deployment.json'),
      // opBNB makes a block a second; the bots at 3 moves a second
      ANVIL_BLOCK_TIME: '1',
      SIM_RATE: '3',
      LOG_LEVEL: 'info',
    },
    echo: Boolean(process.env.SKALD_TEST_LOG),
  });
  const line = await stack.waitForLine(/rpc profile opbnb-public/, 480_000);
  proxyUrl = line.match(/ at (http:\/\/[\d.:]+)/)?.[1] as string;
  await stack.waitForLine(/Skald is at/, 480_000);
  db = postgres(`postgres://postgres:postgres@127.0.0.1:${stack.ports.postgres}/skald`, {
    max: 2,
    onnotice: () => {},
    connection: { search_path: 'skald' },
  });
  await until('the first events', 120_000, async () => {
    const [row] = await db<{ cursor: string }[]>`select cursor from activity order by cursor desc limit 1`;
    if (row) start = row.cursor;
    return row !== undefined;
  });
  for (let i = 0; i < CLIENTS; i++) clients.push(await connectClient(stack.origin, start));
}, 600_000);

afterAll(async () => {
  for (const c of clients) c.live.close();
  await db?.end({ timeout: 5 });
  await stack?.interrupt(60_000);
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm start -- --rpc-profile opbnb-public', () => {
  it('reaches the chain through the proxy, over HTTP only, within its rate', async () => {
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.lines.some((l) => /rpc profile opbnb-public .*HTTP only/.test(l))).toBe(true);
    const before = await conditions();
    await new Promise((r) => setTimeout(r, 10_000));
    const after = await conditions();
    expect(after.profile).toBe('opbnb-public');
    // the indexer and the gateway are talking through it, and nobody got a websocket
    const calls = after.counters.calls - before.counters.calls;
    expect(calls).toBeGreaterThan(10);
    // within the profile's 33 calls/s over 10 s (plus its bucket of 33); beyond it they would have been refused
    expect(calls - (after.counters.rateLimited - before.counters.rateLimited)).toBeLessThanOrEqual(
      33 * 10 + 33,
    );
    expect(after.counters.websocketsOpened).toBe(0);
    // the gateway's fast lane was refused the websocket (or never asked) and polls
    const status = (await (await fetch(`${stack.origin}/api/live/status`)).json()) as {
      fastLane: { mode: string; connected: boolean };
    };
    expect(status.fastLane).toMatchObject({ mode: 'polling', connected: true });
  });

  it('delivers every event exactly once to live clients while the bots play', async () => {
    // at least 20 s of play after the clients subscribed
    await new Promise((r) => setTimeout(r, 20_000));
    const events = await everyClientMatches();
    const { counters } = await conditions();
    console.log(
      `opbnb-public: ${events} events to ${CLIENTS} clients, 0 lost, 0 twice; proxy ${JSON.stringify(counters)}`,
    );
  });

  it('npm run verify, through the same endpoint at its pace, finds the index equal to the chain', async () => {
    // half the endpoint's calls a second: the running indexer and fast lane use the rest of its budget
    const rate = Math.floor((rpcProfile('opbnb-public').rate?.perSecond ?? 33) / 2);
    const before = await conditions();
    const started = Date.now();
    const { code, output } = await npmVerify({
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${stack.ports.postgres}/skald`,
      SKALD_DEPLOYMENT: join(scratch, 'deployment.json'),
      SKALD_RPC_URL: proxyUrl,
      SKALD_RPC_RATE: String(rate),
    });
    const after = await conditions();
    console.log(
      `opbnb-public verify at ${rate} calls/s: ${((Date.now() - started) / 1000).toFixed(1)} s, ${
        after.counters.calls - before.counters.calls
      } calls through the proxy (all parts), ${after.counters.http429 - before.counters.http429} answered 429\n${output}`,
    );
    expect(output).toMatch(/OK: 0 mismatches/);
    expect(code).toBe(0);
  }, 300_000);

  it('retracts what a reorg takes away, from every client and from the database', async () => {
    const anvil = `http://127.0.0.1:${stack.ports.anvil}`;
    const depth = 3;
    // the indexer has committed blocks with events near the head
    let tip = 0;
    let orphaned: string[] = [];
    await until('events in the last blocks, indexed and delivered', 120_000, async () => {
      const head = Number(await anvilRpc<string>(anvil, 'eth_blockNumber'));
      tip = head;
      orphaned = (
        await db<{ cursor: string }[]>`
          select cursor from activity where block_number > ${head - depth} order by cursor`
      ).map((r) => r.cursor);
      const last = orphaned.at(-1);
      return last !== undefined && clients.every((c) => c.delivered.includes(last));
    });
    // replace the last `depth` blocks with empty ones
    await anvilRpc(anvil, 'anvil_reorg', [depth, []]);
    await until('the orphaned events gone from the database', 120_000, async () => {
      const [row] = await db<{ n: string }[]>`
        select count(*) as n from activity where cursor in ${db(orphaned)} and block_number <= ${tip}`;
      return Number(row?.n) === 0;
    });
    await until('every client told', 60_000, () =>
      clients.every((c) => orphaned.every((cursor) => c.retracted.includes(cursor))),
    );
    for (const c of clients) for (const cursor of orphaned) expect(c.delivered).not.toContain(cursor);
    await everyClientMatches();
  });
});
