/**
 * Horizontal scale: two gateway processes with REDIS_URL share one stream (one leader reads Postgres, batches
 * reach both through the socket.io Redis adapter). Clients on either process receive the same events; when the
 * indexer restarts (and deletes and writes again its unfinalized rows) nothing is retracted or sent twice; when
 * the leader dies the other process takes over and its clients miss nothing and receive nothing twice.
 */
import { playWorld } from '@skald/chain/local';
import type { RunningIndexer } from '@skald/indexer';
import { startTestIndexer } from '@skald/indexer/testing';
import type { ActivityFrame, RetractEvent } from '@skald/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorsAfter, headCursor, recorder, until } from './fixtures/live.ts';
import { type GatewayProcess, spawnGateway } from './fixtures/process.ts';
import { startWorld, type World } from './fixtures/world.ts';

const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let world: World;
let a: GatewayProcess;
let b: GatewayProcess;
let restarted: RunningIndexer | undefined;

/** What the server sends a client, raw: confirmed cursors that arrived twice, and confirmed ones retracted. */
function rawFrames(rec: Awaited<ReturnType<typeof recorder>>) {
  const held = new Set<string>();
  const out = { twice: [] as string[], retracted: [] as string[] };
  rec.client.socket.on('frame', (frame: ActivityFrame) => {
    for (const e of frame.events) {
      if (e.provisional) continue;
      if (held.has(e.cursor)) out.twice.push(e.cursor);
      held.add(e.cursor);
    }
  });
  rec.client.socket.on('retract', (r: RetractEvent) => {
    for (const c of r.cursors) if (held.delete(c)) out.retracted.push(c);
  });
  return out;
}

beforeAll(async () => {
  world = await startWorld(30, 41);
  [a, b] = await Promise.all([spawnGateway(world, { REDIS_URL }), spawnGateway(world, { REDIS_URL })]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await restarted?.stop();
  await world?.stop();
});

describe('two gateway processes with the Redis adapter', () => {
  it('deliver the same stream to clients of either process, also after the leader stops', async () => {
    const start = await headCursor(world.reader);
    const onA = await recorder(a.url, { topics: ['all'], after: start });
    const onB = await recorder(b.url, { topics: ['all'], after: start });
    const rawA = rawFrames(onA);
    const rawB = rawFrames(onB);
    // what the servers send, before the client drops what it already has: nothing at or below the start
    const resent: string[] = [];
    for (const rec of [onA, onB])
      rec.client.socket.on('frame', (frame) => {
        for (const e of frame.events) if (start !== undefined && e.cursor <= start) resent.push(e.cursor);
      });
    await playWorld(world.chain, 120, { seed: 42 });
    await world.indexed();
    const first = await cursorsAfter(world.reader, start);
    expect(first.length).toBeGreaterThan(200);
    await until(() => onA.events.length >= first.length && onB.events.length >= first.length, 30_000, 'both');
    expect(onA.cursors()).toEqual(first);
    expect(onB.cursors()).toEqual(first);
    expect(resent).toEqual([]);

    // the indexer restarts while the bots play: Ponder deletes its unfinalized rows and writes them again
    const bots = playWorld(world.chain, 60, { seed: 44, actionsPerSecond: 8 });
    await new Promise((r) => setTimeout(r, 2000));
    await world.indexer.stop();
    restarted = await startTestIndexer(world.chain, world.database);
    await restarted.ready(180_000);
    await bots;
    await world.indexed();
    const second = await cursorsAfter(world.reader, start);
    await until(
      () => onA.events.length >= second.length && onB.events.length >= second.length,
      30_000,
      'both',
    );
    expect(onA.cursors()).toEqual(second);
    expect(onB.cursors()).toEqual(second);
    for (const raw of [rawA, rawB]) expect(raw).toEqual({ twice: [], retracted: [] });

    // stop one process (whichever leads, the other must keep or take the lease) and keep playing
    await a.stop();
    onA.client.close();
    await playWorld(world.chain, 60, { seed: 43 });
    await world.indexed();
    const all = await cursorsAfter(world.reader, start);
    await until(() => onB.events.length >= all.length, 45_000, 'survivor');
    expect(onB.cursors()).toEqual(all);
    expect(rawB).toEqual({ twice: [], retracted: [] });
    onB.client.close();
  }, 480_000);
});
