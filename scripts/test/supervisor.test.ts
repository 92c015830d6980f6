/**
 * `npm start` under stress, with real anvil, Postgres, Ponder and gateway processes: kill -9 the indexer during
 * live indexing (back within 20 s, lag back to <= 2 blocks, tables equal to the chain, /ready 503 while it is
 * down), kill -9 the gateway (a socket client reconnects and resumes with no gap and no duplicate), then Ctrl-C
 * stops everything and leaves no process behind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeployment } from '@skald/chain/deployment';
import { createDb } from '@skald/db';
import { encodeCursor } from '@skald/game';
import { chainLogs, createTestDatabase, type TestChain, type TestDatabase } from '@skald/harness';
import { connectLive } from '@skald/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, type LaunchedStack, launchStack } from './stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const deploymentPath = join(mkdtempSync(join(tmpdir(), 'skald-stack-')), 'deployment.json');

type Status = {
  ready: boolean;
  indexerProcess: 'up' | 'down';
  lag: { blocks: number; seconds: number } | null;
  reasons: string[];
};
type Event = { cursor: string };

let stack: LaunchedStack;
let database: TestDatabase;
let databaseUrl: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function status(): Promise<{ code: number; body: Status } | null> {
  try {
    const res = await fetch(`${stack.origin}/ready`, { signal: AbortSignal.timeout(3000) });
    return { code: res.status, body: (await res.json()) as Status };
  } catch {
    return null;
  }
}

/** A live-feed client as the web app is one: on a new connection it re-subscribes after the last cursor it saw. */
/** A confirmed-only client on the one live client: it resumes from its last confirmed cursor by itself. */
function liveClient(origin: string) {
  const events: Event[] = [];
  let connects = 0;
  const client = connectLive(origin, { reconnectionDelayMax: 1000 });
  client.socket.on('connect', () => {
    connects += 1;
  });
  void client.subscribe({ topics: ['all'], confirmedOnly: true }, { onEvent: (event) => events.push(event) });
  return {
    events,
    get connects() {
      return connects;
    },
    close: () => client.close(),
  };
}

beforeAll(async () => {
  database = await createTestDatabase('skald_stack');
  databaseUrl = database.databaseUrl;
  stack = await launchStack({
    root,
    env: {
      DATABASE_URL: databaseUrl,
      SKALD_DEPLOYMENT: deploymentPath,
      SIM_RATE: '3',
      ANALYST_PASSWORD: 'stack-test',
      ...(process.env.SKALD_TEST_LOG ? {} : { LOG_LEVEL: 'info' }),
    },
    echo: Boolean(process.env.SKALD_TEST_LOG),
  });
  await stack.waitForLine(/Skald is at/, 480_000);
});

afterAll(async () => {
  if (stack) await stack.interrupt(60_000);
  await database?.drop().catch(() => {});
});

describe('npm start under the supervisor', () => {
  it('restarts a kill -9ed indexer within 20 s; /ready is 503 meanwhile; lag and tables come back', async () => {
    await stack.until('live indexing with lag <= 2 blocks', 120_000, async () => {
      const s = await status();
      return s && s.code === 200 && s.body.lag && s.body.lag.blocks <= 2 ? s : undefined;
    });
    const [ponder] = stack.find(/ponder\.js start/);
    expect(ponder, 'the indexer process').toBeDefined();
    const killedAt = Date.now();
    process.kill(ponder as number, 'SIGKILL');

    const down = await stack.until('/ready 503 with the indexer down', 10_000, async () => {
      const s = await status();
      return s && s.code === 503 && s.body.indexerProcess === 'down' ? s : undefined;
    });
    expect(down.body.reasons.join('; ')).toMatch(/indexer process does not answer/);

    // back: a new indexer process answers (it then replays from its checkpoint and goes live). The goal is 20 s;
    // on a machine so loaded that a cold Ponder boot alone takes longer, a restart may take as long as that boot
    // (measured from this run's own first start), never longer: no waiting out the dead process's schema lock.
    const coldBootMs = stack.secondsBetween(/indexer: schema/, /Created HTTP server/) * 1000;
    const bound = Math.max(20_000, coldBootMs * 1.25 + 2000);
    await stack.until('the indexer process answering again', bound, async () => {
      const s = await status();
      return s?.body.indexerProcess === 'up' ? s : undefined;
    });
    const backAfter = Date.now() - killedAt;
    await stack.until('/ready 200 again', bound + 30_000, async () => {
      const s = await status();
      return s?.code === 200 ? s : undefined;
    });
    const readyAfter = Date.now() - killedAt;
    console.log(
      `indexer kill -9: answering again after ${(backAfter / 1000).toFixed(1)} s, /ready 200 after ${(readyAfter / 1000).toFixed(1)} s (cold boot of this run ${(coldBootMs / 1000).toFixed(0)} s)`,
    );
    expect(backAfter).toBeLessThanOrEqual(bound);
    expect(stack.lines.some((l) => /indexer killed by SIGKILL; restarting/.test(l))).toBe(true);

    const caughtUp = await stack.until('lag <= 2 blocks', 60_000, async () => {
      const s = await status();
      return s && s.body.lag && s.body.lag.blocks <= 2 ? s : undefined;
    });
    expect(caughtUp.body.lag?.blocks).toBeLessThanOrEqual(2);

    // nothing lost, nothing doubled: every game log up to the indexed head is exactly one activity row
    const reader = createDb({ databaseUrl, viewsSchema: 'skald', max: 1 });
    try {
      const [cp] = await reader.sql<{ c: string }[]>`select latest_checkpoint as c from _ponder_checkpoint`;
      const toBlock = BigInt((cp?.c ?? '').slice(26, 42));
      const deployment = readDeployment(deploymentPath);
      const chain = {
        anvil: { rpcUrl: deployment.rpcUrl },
        deployment,
        deploymentPath,
      } as unknown as TestChain;
      const logs = await chainLogs(chain, toBlock);
      const rows = await reader.sql<{ cursor: string; tx_hash: string }[]>`
        select cursor, tx_hash from activity where block_number <= ${toBlock.toString()} order by cursor`;
      const expected = logs
        .map(
          (l) => `${encodeCursor({ blockNumber: l.blockNumber, logIndex: l.logIndex })} ${l.transactionHash}`,
        )
        .sort();
      expect(rows.map((r) => `${r.cursor} ${r.tx_hash}`)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(50);
    } finally {
      await reader.close();
    }
  });

  it('restarts a kill -9ed gateway; live clients reconnect and resume with no gap and no duplicate', async () => {
    // from a steady state: the indexer live and caught up
    await stack.until('/ready 200 with lag <= 2 blocks', 120_000, async () => {
      const s = await status();
      return s && s.code === 200 && s.body.lag && s.body.lag.blocks <= 2 ? s : undefined;
    });
    const client = liveClient(stack.origin);
    try {
      await stack.until('live events', 60_000, async () => (client.events.length >= 3 ? true : undefined));
      const [gateway] = stack.find(/scripts\/gateway\.ts/);
      expect(gateway, 'the gateway process').toBeDefined();
      process.kill(gateway as number, 'SIGKILL');
      const seenAtKill = client.events.length;
      await stack.until('the client reconnected', 60_000, async () =>
        client.connects >= 2 ? true : undefined,
      );
      await stack.until('events after the reconnect', 60_000, async () =>
        client.events.length >= seenAtKill + 5 ? true : undefined,
      );
      expect(stack.lines.some((l) => /gateway killed by SIGKILL; restarting/.test(l))).toBe(true);

      const cursors = client.events.map((e) => e.cursor);
      expect(new Set(cursors).size, 'no event twice').toBe(cursors.length);
      const reader = createDb({ databaseUrl, viewsSchema: 'skald', max: 1 });
      try {
        const rows = await reader.sql<{ cursor: string }[]>`
          select cursor from activity where cursor >= ${cursors[0] as string} and cursor <= ${cursors.at(-1) as string}
          order by cursor`;
        expect(cursors, 'every event between the first and the last, in order').toEqual(
          rows.map((r) => r.cursor),
        );
      } finally {
        await reader.close();
      }
    } finally {
      client.close();
    }
  });

  it('stops everything on Ctrl-C, in order, leaving no process behind', async () => {
    const before = stack.descendants();
    expect(before.length).toBeGreaterThanOrEqual(5);
    const code = await stack.interrupt(60_000);
    expect(code).toBe(0);
    // helpers of exited processes (tsx's esbuild service) notice their parent is gone within moments
    for (let i = 0; i < 20 && before.some(alive); i++) await sleep(500);
    expect(before.filter(alive), 'processes left running').toEqual([]);
    const order = ['simulator', 'gateway', 'indexer', 'anvil'].map((part) =>
      stack.lines.findIndex((l) => new RegExp(`skald\\s+${part} stopped`).test(l)),
    );
    expect(
      order.every((i) => i >= 0),
      stack.lines.slice(-15).join('\n'),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
