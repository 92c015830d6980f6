/**
 * Network conditions: the indexer behind the RPC conditions proxy (@skald/chain/rpc-conditions), one block of
 * figures per profile (BENCH_PROFILES, default local,opbnb-public,opbnb-paid), each on a fresh chain and
 * database:
 *
 *  - backfill: BENCH_EVENTS (default 20,000) game events generated first, then the indexer started through the
 *    proxy with the settings `npm start --rpc-profile` gives it; events/s until it is ready, and the share of the
 *    profile's allowed call rate it used (calls through the proxy / (seconds × calls/s)), goal ≥ 90 %;
 *  - live from the head: the bots start playing (BENCH_RATE moves/s, default 4) while anvil mines every
 *    BENCH_BLOCK_MS (default 250, opBNB's block time); seconds until the indexer first reaches the newest block
 *    with events (the blocks after the backfill's final block are fetched then);
 *  - keep-up, from then on for BENCH_SECONDS (default 30; the issue asks 600): newest block with events -
 *    indexed block, sampled every 100 ms, p50/p99 (goal p99 ≤ 2 blocks);
 *  - the proxy's counters: calls, 429 answers, calls refused, getLogs refused, websocket drops.
 *
 * The host's load average is printed beside each block: on a shared 2-core machine it moves the figures.
 */
import { loadavg } from 'node:os';
import {
  indexerEnv,
  RPC_PROFILE_NAMES,
  type RpcProfileName,
  rpcProfile,
  startRpcConditionsProxy,
} from '@skald/chain/rpc-conditions';
import { runSimulator } from '@skald/chain/simulator';
import { createTestDatabase, indexedBlock, openReader, startChain, startTestIndexer } from '@skald/harness';
import { createPublicClient, http } from 'viem';
import { generateChain } from './generate.ts';
import { fmt, now, percentile, report } from './stats.ts';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name}: a positive number (got ${process.env[name]})`);
  return value;
};
const events = positive('BENCH_EVENTS', 20_000);
const seconds = positive('BENCH_SECONDS', 30);
const blockMs = positive('BENCH_BLOCK_MS', 250);
const rate = positive('BENCH_RATE', 4);
const profiles = (process.env.BENCH_PROFILES ?? RPC_PROFILE_NAMES.join(','))
  .split(',')
  .map((p) => rpcProfile(p.trim()).name);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function run(name: RpcProfileName) {
  const profile = rpcProfile(name);
  const chain = await startChain({ blockTime: blockMs / 1000, extraArgs: ['--gas-limit', '2000000000'] });
  await generateChain(chain.anvil.rpcUrl, chain.deployment, { events });
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl), cacheTime: 0 });
  const address = Object.values(chain.deployment.contracts);
  // Ponder's checkpoint moves with blocks that carry events: progress is measured against the newest of those
  const newestEventBlock = async (from: bigint, to: bigint, known: bigint) => {
    if (to < from) return known;
    const logs = await client.getLogs({ address, fromBlock: from, toBlock: to });
    return logs.reduce(
      (n, log) => (log.blockNumber !== null && log.blockNumber > n ? log.blockNumber : n),
      known,
    );
  };
  // generateChain leaves anvil automining (a block per transaction), which ends its interval mining: from here a
  // block is mined every blockMs and only then, as opBNB makes them (the bots' moves wait for the next block)
  await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
  const mining = setInterval(
    () => void client.request({ method: 'evm_mine' as never }).catch(() => {}),
    blockMs,
  );
  const generatedHead = await client.getBlockNumber();
  const lastGenerated = await newestEventBlock(0n, generatedHead, 0n);
  const proxy = await startRpcConditionsProxy({ upstream: chain.anvil.rpcUrl, profile });
  const database = await createTestDatabase('skald_bench_network');
  const loadBefore = load();
  try {
    // ---- backfill through the proxy, with the settings `npm start --rpc-profile` gives the indexer
    const started = now();
    const indexer = await startTestIndexer(chain, database, {
      rpcUrl: proxy.url,
      wsUrl: proxy.wsUrl,
      env: {
        PONDER_LOG_LEVEL: 'warn',
        SKALD_RPC_PROFILE: profile.name,
        ...indexerEnv(profile),
      },
    });
    // Ponder boots (seconds, more on a loaded host) before it fetches: the backfill is timed from its first
    // eth_getLogs to the generated history indexed, and its calls counted from there
    let firstCall = 0;
    let callsAtStart = 0;
    const watch = setInterval(() => {
      const counters = proxy.counters();
      if (!firstCall && counters.getLogs > 0) {
        firstCall = now();
        callsAtStart = counters.calls - counters.getLogs;
      }
    }, 10);
    await indexer.ready(30 * 60_000);
    // ready is the backfill up to the block Ponder took as final; caught up is the generated history indexed
    const reader = openReader(database);
    while ((await indexedBlock(reader)) < lastGenerated) await new Promise((r) => setTimeout(r, 50));
    clearInterval(watch);
    const backfillS = (now() - (firstCall || started)) / 1000;
    const backfillCalls = proxy.counters().calls - callsAtStart;
    const [row] = await reader.sql<{ n: string }[]>`
      select count(*) as n from activity where block_number <= ${lastGenerated.toString()}`;
    const indexed = Number(row?.n);

    // ---- keep-up: the bots play on the chain directly (other users, not our rate budget)
    const abort = new AbortController();
    const bots = runSimulator({
      rpcUrl: chain.anvil.rpcUrl,
      deployment: chain.deployment,
      bots: 8,
      actionsPerSecond: rate,
      badMoveShare: 0,
      seed: 7,
      signal: abort.signal,
      log: () => {},
    });
    // lag: blocks from the indexed one to the newest block with game events (the chain's empty blocks between
    // moves never move the checkpoint, so the head alone would count them as lag)
    let scanned = generatedHead;
    let newest = lastGenerated;
    const sampleLag = async () => {
      const head = await client.getBlockNumber();
      newest = await newestEventBlock(scanned + 1n, head, newest);
      scanned = head;
      const done = await indexedBlock(reader);
      return done >= 0n ? Math.max(0, Number(newest - done)) : undefined;
    };
    // the backfill ends at the block Ponder took as final; the blocks mined since (tens: the finality depth and
    // what was mined while it ran) are fetched once live indexing starts. Keep-up is measured from the moment the
    // indexer first reached the head with the bots playing; the time that took is printed on its own
    const catchUpStart = now();
    let behind: number | undefined;
    let firstBehind: number | undefined;
    // reached: the bots' moves have made an event block (so the head has moved past the history) and the indexer
    // is within a block of the newest one
    while (now() - catchUpStart < 120_000) {
      behind = await sampleLag();
      if (newest > lastGenerated) {
        firstBehind ??= behind;
        if (behind !== undefined && behind <= 1) break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const catchUpS = (now() - catchUpStart) / 1000;
    const countersBefore = proxy.counters();
    const lag: number[] = [];
    /** seconds into the window of each sample over 2 blocks, and the largest */
    const over: number[] = [];
    const windowStart = now();
    const end = windowStart + seconds * 1000;
    while (now() < end) {
      const sample = await sampleLag();
      if (sample !== undefined) lag.push(sample);
      if (sample !== undefined && sample > 2) over.push((now() - windowStart) / 1000);
      await new Promise((r) => setTimeout(r, 100));
    }
    abort.abort();
    await bots.catch(() => {});
    const counters = proxy.counters();
    const perSecond = profile.rate?.perSecond;
    report(`bench:network ${profile.name} (${profile.about})`, {
      'host load (1/5/15 min), before → after': `${loadBefore} → ${load()}`,
      'backfill: events, blocks': `${fmt(indexed)} events in ${fmt(Number(lastGenerated))} blocks`,
      'backfill: events/s': `${fmt(indexed / backfillS, 0)} (${fmt(backfillS)} s)`,
      'backfill: calls, share of the allowed rate': perSecond
        ? `${fmt(backfillCalls)} calls, ${fmt((backfillCalls / (backfillS * perSecond)) * 100)} % of ${perSecond}/s (goal ≥ 90 %)`
        : `${fmt(backfillCalls)} calls (no limit)`,
      'live from the head: seconds after the backfill (blocks behind then)': `${fmt(catchUpS)} s (${firstBehind ?? '?'})${behind !== undefined && behind <= 1 ? '' : ', NOT reached in 120 s'}`,
      [`keep-up lag p50 / p99 (blocks of ${blockMs} ms to the newest with events; ${seconds} s, ${rate} moves/s)`]: `${percentile(lag, 50)} / ${percentile(lag, 99)} (goal p99 ≤ 2)`,
      'keep-up samples over 2 blocks (max; when, s into the window)': over.length
        ? `${over.length} of ${lag.length} (${Math.max(...lag)}; ${fmt(over[0] ?? 0)} … ${fmt(over[over.length - 1] ?? 0)})`
        : `0 of ${lag.length}`,
      'keep-up calls/s': fmt((counters.calls - countersBefore.calls) / seconds),
      '429 answers (calls refused)': `${counters.http429} (${counters.rateLimited})`,
      'getLogs refused: range, results': `${counters.getLogsRangeRejected}, ${counters.getLogsResultsRejected}`,
      'websockets: opened, dropped, refused': `${counters.websocketsOpened}, ${counters.websocketsDropped}, ${counters.websocketsRefused}`,
    });
    await reader.close();
    await indexer.stop();
  } finally {
    clearInterval(mining);
    await proxy.stop();
    await database.drop().catch(() => {});
    await chain.stop();
  }
}

for (const name of profiles) await run(name);
process.exit(0);
