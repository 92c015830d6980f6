/**
 * `npm start` (bots off, history played by the world simulator) through a reorg deeper than Ponder's finality
 * (30 blocks for chain 5611): the indexer exits, the supervisor restarts it, the orphaned rows are gone and
 * `npm run verify` reports 0 mismatches; /status shows when it passed. Then a damaged row: `npm run verify`
 * names it and exits 1, and /status shows the failed run beside the last pass.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import { readDeployment } from '@skald/chain/deployment';
import { runSimulator } from '@skald/chain/simulator';
import { createDb, type SkaldDb } from '@skald/db';
import { createTestDatabase, type TestDatabase } from '@skald/db/testing';
import type { VerifyStatus } from '@skald/wire/rest';
import postgres from 'postgres';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmVerify } from './npm-verify.ts';
import { type LaunchedStack, launchStack } from './stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const deploymentPath = join(mkdtempSync(join(tmpdir(), 'skald-verify-')), 'deployment.json');
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
const abi = allSkaldAbis as Abi;
/** deeper than the unfinalized blocks Ponder keeps: it finalizes in steps, up to twice its 30-block depth */
const DEPTH = 100;

let stack: LaunchedStack;
let database: TestDatabase;
let reader: SkaldDb;
let rpcUrl: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rpc = <T>(method: string, params: unknown[] = []) => anvilRpc<T>(rpcUrl, method, params);

/** the stack's until, a probe that throws counting as not yet */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> =>
  stack.until(what, timeoutMs, () => probe().catch(() => undefined));

/** `npm run verify` as a user runs it against this stack */
const runVerify = () => npmVerify({ DATABASE_URL: database.databaseUrl, SKALD_DEPLOYMENT: deploymentPath });

async function indexedBlock(): Promise<bigint> {
  const [row] = await reader.sql<{ c: string }[]>`SELECT latest_checkpoint AS c FROM _ponder_checkpoint`;
  return row ? BigInt(row.c.slice(26, 42)) : -1n;
}

const blockNumber = async () => BigInt(await rpc<string>('eth_blockNumber'));

async function status(): Promise<{ verify?: VerifyStatus | null }> {
  const res = await fetch(`${stack.origin}/status`, { signal: AbortSignal.timeout(3000) });
  return (await res.json()) as { verify?: VerifyStatus | null };
}

/** An admin transaction, automined into a block of its own. */
async function adminTx(to: `0x${string}`, data: `0x${string}`) {
  const hash = await rpc<string>('eth_sendTransaction', [{ from: admin, to, data, gas: '0x2dc6c0' }]);
  for (;;) {
    const receipt = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return expect(receipt.status).toBe('0x1');
    await sleep(20);
  }
}

beforeAll(async () => {
  database = await createTestDatabase('skald_verify');
  stack = await launchStack({
    root,
    env: {
      DATABASE_URL: database.databaseUrl,
      SKALD_DEPLOYMENT: deploymentPath,
      SIM: 'off',
      ANALYST_PASSWORD: 'verify-test',
      ...(process.env.SKALD_TEST_LOG ? {} : { LOG_LEVEL: 'info' }),
    },
    echo: Boolean(process.env.SKALD_TEST_LOG),
  });
  await stack.waitForLine(/Skald is at/, 480_000);
  rpcUrl = readDeployment(deploymentPath).rpcUrl;
  reader = createDb({ databaseUrl: database.databaseUrl, viewsSchema: 'skald', max: 2 });
});

afterAll(async () => {
  await reader?.close();
  if (stack) await stack.interrupt(60_000);
  await database?.drop().catch(() => {});
});

describe('npm run verify on a running stack', () => {
  it('after a reorg deeper than finality: the indexer exits, is restarted, drops the orphaned rows; verify finds 0 mismatches', async () => {
    const deployment = readDeployment(deploymentPath);
    // some history, then DEPTH blocks each minting a vera that the reorg will orphan
    await runSimulator({ rpcUrl, deployment, bots: 8, actionsPerSecond: 0, maxActions: 200, seed: 24 });
    const grantVera = encodeFunctionData({
      abi,
      functionName: 'admin_grantVera',
      args: [1n, 3, 2, 2, 2, 1, false],
    });
    for (let i = 0; i < DEPTH; i++) await adminTx(deployment.contracts.Veras, grantVera);
    const before = await blockNumber();
    await until('the indexer at the head', 120_000, async () =>
      (await indexedBlock()) >= before ? true : undefined,
    );
    const forkPoint = (before - BigInt(DEPTH)).toString();
    const orphans = async () => {
      const [row] = await reader.sql<{ n: string }[]>`
        SELECT count(*) AS n FROM mint WHERE block_number > ${forkPoint}`;
      return Number(row?.n);
    };
    expect(await orphans()).toBe(DEPTH);
    const clean = await runVerify();
    expect(clean.output).toMatch(/^OK: 0 mismatches/m);
    expect(clean.code).toBe(0);

    // the replacement chain: a runix grant in its first block, the rest empty
    const grant = encodeFunctionData({ abi, functionName: 'admin_grantRunix', args: [1n, 77n] });
    const tx = { from: admin, to: deployment.contracts.Inventory, data: grant, gas: '0x2dc6c0' };
    const linesBefore = stack.lines.length;
    const reorgAt = Date.now();
    await rpc('anvil_reorg', [DEPTH, [[tx, 0]]]);
    await rpc('evm_mine');
    const head = await blockNumber();

    // the indexer exits by itself (not killed as stuck) and the supervisor starts it again
    const exited = await until('the indexer exiting', 90_000, async () =>
      stack.lines.slice(linesBefore).find((l) => /indexer (exited with code|killed by|is stuck)/.test(l)),
    );
    expect(exited, stack.lines.slice(linesBefore).join('\n')).toMatch(/indexer exited with code [1-9]/);
    await stack.waitForLine(/indexer is back \(restart \d+\)/, 300_000);
    // Ponder's live sync waits for a new head after its backfill: an idle automining chain needs a nudge
    await until('the restarted indexer at the new head', 300_000, async () => {
      if ((await indexedBlock()) >= head) return true;
      await rpc('evm_mine');
      await sleep(750);
      return undefined;
    });
    await until('the log line of the dropped index', 1000, async () =>
      stack.lines.slice(linesBefore).find((l) => /is no longer on the chain/.test(l)),
    );
    expect(await orphans(), 'orphaned mints left in the index').toBe(0);

    const started = Date.now();
    const run = await runVerify();
    console.log(`npm run verify after the reorg (${head} blocks): ${Date.now() - started} ms\n${run.output}`);
    expect(run.output).toMatch(/^activity\s+\d+ checked\s+0 mismatches$/m);
    expect(run.output).toMatch(/^vera\s+\d+ checked\s+0 mismatches$/m);
    expect(run.output).toMatch(/^OK: 0 mismatches/m);
    expect(run.code).toBe(0);

    const shown = await until('/status showing the pass', 10_000, async () => {
      const s = await status();
      return s.verify?.lastPassedAt && Date.parse(s.verify.lastPassedAt) >= reorgAt ? s.verify : undefined;
    });
    expect(shown.last?.passed, JSON.stringify(shown)).toBe(true);
    expect(Date.parse(shown.last?.at ?? ''), JSON.stringify(shown)).toBeGreaterThanOrEqual(reorgAt);
  });

  it('names a damaged row, exits 1, and /status shows the failed run beside the last pass', async () => {
    // the deployment schema the views select from now (a restart may have moved to a new one)
    const [view] = await reader.sql<{ definition: string }[]>`
      SELECT definition FROM pg_views WHERE schemaname = 'skald' AND viewname = 'activity'`;
    const schema = /FROM\s+"?([^".\s]+)"?\.activity/i.exec(view?.definition ?? '')?.[1];
    expect(schema, view?.definition).toBeDefined();
    // the indexer's own table (the views only select from it); Ponder's triggers feed its live queries
    const owner = postgres(database.databaseUrl, {
      max: 1,
      onnotice: () => {},
      connection: { search_path: `"${schema}"`, session_replication_role: 'replica' },
    });
    let removed: string | undefined;
    try {
      const [row] = await owner<{ cursor: string }[]>`
        DELETE FROM activity WHERE cursor = (SELECT max(cursor) FROM activity WHERE event = 'VeraMinted')
        RETURNING cursor`;
      removed = row?.cursor;
    } finally {
      await owner.end({ timeout: 5 });
    }
    expect(removed).toBeDefined();

    const run = await runVerify();
    expect(run.output).toMatch(/^activity\s+\d+ checked\s+1 mismatches$/m);
    expect(run.output).toContain(`log ${removed} (Veras:VeraMinted`);
    expect(run.output).toMatch(/^MISMATCH: 1 mismatches/m);
    expect(run.code).toBe(1);

    const shown = await until('/status showing the failed run', 10_000, async () => {
      const s = await status();
      return s.verify?.last && !s.verify.last.passed ? s.verify : undefined;
    });
    expect(shown.last?.mismatches).toBe(1);
    expect(shown.lastPassedAt).not.toBeNull();
  });
});
