/**
 * The live fast lane against a real anvil, indexer, Postgres and gateway: events heard on the node arrive
 * provisional before the indexer commits them, then confirmed under the same cursor; confirmed-only clients
 * never see a provisional event; a reorg with replacement transactions retracts within a second; the node's
 * websocket dropping loses nothing; and without a websocket the lane polls and says so.
 */
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import type { LiveStatus } from '@skald/wire';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/serve.ts';
import { cursorsAfter, headCursor, recorder, until } from './fixtures/live.ts';
import { listenGateway, startWorld, type World } from './fixtures/world.ts';

let world: World;
let gateway: RunningGateway;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;

const rpc = <T>(method: string, params: unknown[] = []) =>
  anvilRpc<T>(world.chain.anvil.rpcUrl, method, params);

const grantVera = () =>
  encodeFunctionData({
    abi: allSkaldAbis as Abi,
    functionName: 'admin_grantVera',
    args: [1n, 3, 2, 2, 2, 1, false],
  });
const grantRunix = (amount: bigint) =>
  encodeFunctionData({ abi: allSkaldAbis as Abi, functionName: 'admin_grantRunix', args: [1n, amount] });

const send = (to: `0x${string}`, data: `0x${string}`) =>
  rpc<string>('eth_sendTransaction', [{ from: admin, to, data, gas: '0x2dc6c0' }]);

const status = async (url: string) => (await (await fetch(`${url}/api/live/status`)).json()) as LiveStatus;

beforeAll(async () => {
  world = await startWorld(20, 41);
  gateway = await listenGateway(world);
});

afterAll(async () => {
  await gateway?.stop();
  await world?.stop();
});

describe('fast lane', () => {
  it('announces a mint provisionally, then confirms it under the same cursor', async () => {
    const s = await status(gateway.url);
    expect(s.fastLane.mode).toBe('websocket');
    expect(s.fastLane.connected).toBe(true);
    const all = await recorder(gateway.url, { topics: ['mint'] });
    const confirmedOnly = await recorder(gateway.url, { topics: ['mint'], confirmedOnly: true });
    const { Veras } = world.chain.deployment.contracts;
    const hash = await send(Veras, grantVera());
    await until(() => all.events.some((e) => e.txHash === hash), 30_000, 'the confirmed mint');
    await until(() => confirmedOnly.events.some((e) => e.txHash === hash), 30_000, 'confirmed-only mint');
    const provisional = all.provisional.find((e) => e.txHash === hash);
    const confirmed = all.events.find((e) => e.txHash === hash);
    expect(provisional?.provisional).toBe(true);
    expect(confirmed?.provisional).toBeUndefined();
    expect(provisional?.cursor).toBe(confirmed?.cursor);
    // the fast lane decoded what the indexer wrote: same topic, subject, owner name, method and stat total
    const { provisional: _flag, ...provisionalRest } = provisional ?? {};
    expect(provisionalRest).toEqual(confirmed);
    expect(confirmedOnly.provisional).toEqual([]);
    all.client.close();
    confirmedOnly.client.close();
  }, 60_000);

  it('retracts provisional events within a second of a reorg with replacement transactions', async () => {
    const rec = await recorder(gateway.url, { topics: ['all'] });
    const { Veras, Inventory } = world.chain.deployment.contracts;
    for (const depth of [1, 2, 3]) {
      // stop the indexer confirming first: mine without it seeing the blocks for a moment is not possible, so
      // send the mints and reorg at once; whichever path notices first must retract within a second
      const hashes: string[] = [];
      for (let i = 0; i < depth; i++) hashes.push(await send(Veras, grantVera()));
      // usually the fast lane shows them first; a quick indexer may confirm first, and then the client keeps the
      // confirmed copy (each cursor is shown once): either way the reorg must take them back
      const seen = () => [...rec.provisional, ...rec.events].filter((e) => hashes.includes(e.txHash));
      await until(
        () => hashes.every((h) => seen().some((e) => e.txHash === h)),
        10_000,
        'the mints, provisional or confirmed',
      );
      const shown = [...new Set(seen().map((e) => e.cursor))];
      const before = rec.retracted.flat().length;
      const replacement = {
        from: admin,
        to: Inventory,
        data: grantRunix(BigInt(100 + depth)),
        gas: '0x2dc6c0',
      };
      await rpc('anvil_reorg', [depth, [[replacement, 0]]]);
      // the node has switched chains once the call returns: the clock starts there
      const t0 = Date.now();
      await until(
        () => shown.every((c) => rec.retracted.flat().slice(before).includes(c)),
        5_000,
        `retraction at depth ${depth}`,
      );
      expect(Date.now() - t0).toBeLessThanOrEqual(1000);
    }
    // the replacement grants are confirmed in the end, and the orphaned mints are not in the index
    await until(
      async () => (await cursorsAfter(world.reader, undefined)).length > 0 && rec.events.length > 0,
      30_000,
      'confirmed events after the reorgs',
    );
    rec.client.close();
  }, 120_000);

  it('loses nothing while the node websocket is away, and a confirmed-only client sees no provisional event', async () => {
    // let the index settle after the reorgs above: a grant confirmed end to end
    const warm = await recorder(gateway.url, { topics: ['all'] });
    const settle = await send(world.chain.deployment.contracts.Inventory, grantRunix(1n));
    await until(() => warm.events.some((e) => e.txHash === settle), 30_000, 'a settled index');
    warm.client.close();
    const start = await headCursor(world.reader);
    const rec = await recorder(gateway.url, { topics: ['all'], after: start });
    const strict = await recorder(gateway.url, { topics: ['all'], after: start, confirmedOnly: true });
    const lane = gateway.app.live.fastLane();
    if (!lane) throw new Error('no fast lane');
    const { Inventory } = world.chain.deployment.contracts;
    for (let i = 0; i < 12; i++) {
      if (i === 4) lane.dropConnection();
      await send(Inventory, grantRunix(BigInt(1000 + i)));
      await new Promise((r) => setTimeout(r, 50));
    }
    await until(async () => (await status(gateway.url)).fastLane.connected, 15_000, 'the websocket back');
    for (let i = 0; i < 4; i++) await send(Inventory, grantRunix(BigInt(2000 + i)));
    const truth = async () => cursorsAfter(world.reader, start);
    await until(async () => (await truth()).length >= 16 * 2, 60_000, 'indexed grants');
    const want = await truth();
    const has = (got: string[]) => want.every((c) => got.includes(c));
    await until(() => has(rec.cursors()), 30_000, 'every confirmed event');
    await until(() => has(strict.cursors()), 30_000, 'every confirmed event (confirmed-only)');
    expect(rec.cursors()).toEqual(want);
    expect(strict.cursors()).toEqual(want);
    expect(strict.provisional).toEqual([]);
    expect(rec.provisional.length).toBeGreaterThan(0);
    rec.client.close();
    strict.client.close();
  }, 120_000);

  it('polls without a websocket and reports it', async () => {
    const base = gateway.app.config.fastLane;
    if (!base) throw new Error('no fast lane config');
    const polling = await listenGateway(world, { fastLane: { ...base, wsUrl: undefined, pollMs: 200 } });
    try {
      const s = await status(polling.url);
      expect(s.fastLane.mode).toBe('polling');
      expect(s.fastLane.pollIntervalMs).toBe(200);
      const rec = await recorder(polling.url, { topics: ['mint'] });
      const hash = await send(world.chain.deployment.contracts.Veras, grantVera());
      await until(() => rec.events.some((e) => e.txHash === hash), 30_000, 'confirmed mint');
      rec.client.close();
    } finally {
      await polling.stop();
    }
  }, 60_000);
});
