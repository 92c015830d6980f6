/**
 * `npm run verify`'s cost on a long history: a chain holding BENCH_EVENTS game events (default 30,000; made by
 * generate.ts, BENCH_TXS_PER_BLOCK moves per block), indexed by Ponder, then the verifier over the whole
 * history (logs in ranges, contract reads batched). Prints what it compared, its time and the mismatches (0).
 */
import { createTestDatabase, openReader, startChain, startTestIndexer, waitForIndexed } from '@skald/harness';
import { formatReport, verifyIndex } from '@skald/indexer/verify';
import { generateChain } from './generate.ts';
import { fmt, now, report } from './stats.ts';

const events = Number(process.env.BENCH_EVENTS ?? 30_000);
const txsPerBlock = Number(process.env.BENCH_TXS_PER_BLOCK ?? 20);

const chain = await startChain({ extraArgs: ['--gas-limit', '2000000000'] });
const database = await createTestDatabase('bench_verify');
try {
  const generated = await generateChain(chain.anvil.rpcUrl, chain.deployment, {
    events,
    txsPerBlock,
    log: console.log,
  });
  const indexer = await startTestIndexer(chain, database);
  const reader = openReader(database);
  try {
    await indexer.ready(3_600_000);
    await waitForIndexed(reader, chain, { timeoutMs: 600_000 });
    const runs: number[] = [];
    let last: Awaited<ReturnType<typeof verifyIndex>> | undefined;
    for (let i = 0; i < 3; i++) {
      const start = now();
      last = await verifyIndex({ sql: reader.sql, deployment: chain.deployment, rpcUrl: chain.anvil.rpcUrl });
      runs.push((now() - start) / 1000);
    }
    for (const line of formatReport(last as NonNullable<typeof last>)) console.log(line);
    const [counts] = await reader.sql<{ veras: string; characters: string }[]>`
      SELECT (SELECT count(*) FROM vera) AS veras, (SELECT count(*) FROM character) AS characters`;
    report('verify, whole history', {
      blocks: generated.blocks,
      'game events': fmt(generated.events),
      veras: fmt(Number(counts?.veras)),
      characters: fmt(Number(counts?.characters)),
      'seconds (3 runs)': runs.map((s) => fmt(s, 2)).join(', '),
      mismatches: last?.mismatches ?? -1,
    });
  } finally {
    await reader.close();
    await indexer.stop();
  }
} finally {
  await chain.stop();
  await database.drop();
}
