/**
 * Horizontal scale: two gateway processes with REDIS_URL share one stream (one leader reads Postgres, batches
 * reach both through the socket.io Redis adapter). Clients on either process receive the same events; when the
 * leader dies the other process takes over and its clients miss nothing.
 */
import { playWorld } from '@skald/chain/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorsAfter, headCursor, recorder, until } from './fixtures/live.ts';
import { type GatewayProcess, spawnGateway } from './fixtures/process.ts';
import { startWorld, type World } from './fixtures/world.ts';

const REDIS_URL = process.env.SKALD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let world: World;
let a: GatewayProcess;
let b: GatewayProcess;

beforeAll(async () => {
  world = await startWorld(30, 41);
  [a, b] = await Promise.all([spawnGateway(world, { REDIS_URL }), spawnGateway(world, { REDIS_URL })]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await world?.stop();
});

describe('two gateway processes with the Redis adapter', () => {
  it('deliver the same stream to clients of either process, also after the leader stops', async () => {
    const start = await headCursor(world.reader);
    const onA = await recorder(a.url, { topics: ['all'], after: start });
    const onB = await recorder(b.url, { topics: ['all'], after: start });
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

    // stop one process (whichever leads, the other must keep or take the lease) and keep playing
    await a.stop();
    onA.client.close();
    await playWorld(world.chain, 60, { seed: 43 });
    await world.indexed();
    const all = await cursorsAfter(world.reader, start);
    await until(() => onB.events.length >= all.length, 45_000, 'survivor');
    expect(onB.cursors()).toEqual(all);
    onB.client.close();
  }, 200_000);
});
