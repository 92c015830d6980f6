/**
 * The live stream against a real indexer: gapless and exactly once through forced disconnects and a gateway
 * restart, mint payloads for the toast, filtered subscriptions, and reorg retraction.
 */
import { ANVIL_MNEMONIC, allSkaldAbis, anvilRpc } from '@skald/chain';
import { playWorld } from '@skald/chain/local';
import { type Abi, encodeFunctionData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/serve.ts';
import { cursorsAfter, headCursor, type Recorder, recorder, until } from './fixtures/live.ts';
import { listenGateway, startWorld, type World } from './fixtures/world.ts';

let world: World;
let gateway: RunningGateway;
const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;

const rpc = <T>(method: string, params: unknown[] = []) =>
  anvilRpc<T>(world.chain.anvil.rpcUrl, method, params);

async function adminTx(to: `0x${string}`, data: `0x${string}`) {
  const hash = await rpc<string>('eth_sendTransaction', [{ from: admin, to, data, gas: '0x2dc6c0' }]);
  await until(async () => (await rpc('eth_getTransactionReceipt', [hash])) !== null, 10_000, 'receipt');
}

const grantVera = () =>
  encodeFunctionData({
    abi: allSkaldAbis as Abi,
    functionName: 'admin_grantVera',
    args: [1n, 3, 2, 2, 2, 1, false],
  });

/** Counts that name the failure: how many arrived, were missing, came twice or out of order. */
function summary(got: string[], truth: string[]) {
  const seen = new Set<string>();
  let duplicates = 0;
  let outOfOrder = 0;
  for (const [i, c] of got.entries()) {
    if (seen.has(c)) duplicates++;
    seen.add(c);
    if (i > 0 && c <= (got[i - 1] as string)) outOfOrder++;
  }
  const missing = truth.filter((c) => !seen.has(c));
  return {
    received: got.length,
    duplicates,
    outOfOrder,
    missing: missing.length,
    firstMissing: missing[0] ?? null,
    lastMissing: missing.at(-1) ?? null,
  };
}

beforeAll(async () => {
  world = await startWorld(40, 31);
  gateway = await listenGateway(world);
});

afterAll(async () => {
  await gateway?.stop();
  await world?.stop();
});

describe('live stream', () => {
  it('delivers every event exactly once, in cursor order, through 10 forced disconnects and a restart', async () => {
    const start = await headCursor(world.reader);
    const port = new URL(gateway.url).port;
    const clients: Recorder[] = [];
    for (let i = 0; i < 4; i++) clients.push(await recorder(gateway.url, { topics: ['all'], after: start }));
    // one client subscribes to mints only: it must see exactly the mint rows
    const mints = await recorder(gateway.url, { topics: ['mint'], after: start });

    const play = playWorld(world.chain, 480, { seed: 32, actionsPerSecond: 0 });
    let disconnects = 0;
    let restarted = false;
    const chaos = (async () => {
      while (disconnects < 10 || !restarted) {
        await new Promise((r) => setTimeout(r, 350));
        if (disconnects === 5 && !restarted) {
          // a gateway restart: every session is lost, clients re-subscribe with their last cursor
          await gateway.stop();
          gateway = await listenGateway(world, {}, Number(port));
          restarted = true;
          continue;
        }
        const victim = clients[disconnects % clients.length] as Recorder;
        if (disconnects % 2 === 0) {
          victim.client.socket.io.engine.close(); // client side drop
        } else {
          for (const socket of gateway.app.live.io.of('/').sockets.values()) {
            socket.conn.close(); // server side drop of everyone
            break;
          }
        }
        disconnects += 1;
      }
    })();
    await Promise.all([play, chaos]);
    await world.indexed();
    const truth = await cursorsAfter(world.reader, start);
    expect(truth.length).toBeGreaterThanOrEqual(1000);
    for (const [i, c] of clients.entries()) {
      await until(() => c.events.length >= truth.length, 30_000, `client ${i} to catch up`).catch(() => {});
      expect(summary(c.cursors(), truth), `client ${i}`).toEqual(summary(truth, truth));
    }
    const mintTruth = (
      await world.reader.sql<{ cursor: string }[]>`
        SELECT cursor FROM activity WHERE type = 'mint' AND cursor > ${start ?? ''} ORDER BY cursor`
    ).map((r) => r.cursor);
    await until(() => mints.events.length >= mintTruth.length, 30_000, 'mint client');
    expect(mints.cursors()).toEqual(mintTruth);
    for (const c of [...clients, mints]) c.client.close();
  }, 300_000);

  it('pushes a mint with what the toast needs within moments of indexing', async () => {
    const rec = await recorder(gateway.url, { topics: ['mint'] });
    const { Veras } = world.chain.deployment.contracts;
    await adminTx(Veras, grantVera());
    await until(() => rec.events.length > 0, 30_000, 'mint event');
    const event = rec.events[0];
    expect(event?.kind).toBe('VeraMinted');
    expect(event?.payload).toMatchObject({
      veraId: event?.veraId,
      owner: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      ownerName: expect.any(String),
      method: 'admin_grantVera',
      statTotal: expect.any(Number),
      species: 3,
      mainRune: 2,
      subRune: 2,
    });
    rec.client.close();
  });

  it('follows one vera only when asked, and refuses a malformed subscription', async () => {
    const rec = await recorder(gateway.url, {
      topics: ['all'],
      vera: '1',
      after: '00000000000000000000-000000',
    });
    const truth = await world.reader.sql<{ n: string }[]>`
      SELECT count(*) AS n FROM activity WHERE subject_id = 1 AND type IN ('mint', 'vera')`;
    await until(() => rec.events.length >= Number(truth[0]?.n), 10_000, 'vera 1 backlog');
    for (const e of rec.events) expect(e.veraId).toBe('1');
    const ack = await rec.client.socket.emitWithAck('subscribe', { topics: ['dance' as never] });
    expect(ack).toMatchObject({ ok: false, error: expect.stringContaining('dance') });
    rec.client.close();
  });

  it('keeps cached REST reads exact: a vera that changes is re-read after its event', async () => {
    const url = `${gateway.url}/api/vera/1`;
    const before = (await (await fetch(url)).json()) as { vera: { experience: number } };
    await fetch(url); // now cached
    const rec = await recorder(gateway.url, { topics: ['vera'], vera: '1' });
    const { Veras } = world.chain.deployment.contracts;
    const grant = encodeFunctionData({
      abi: allSkaldAbis as Abi,
      functionName: 'admin_grantExperience',
      args: [1n, 7],
    });
    await adminTx(Veras, grant);
    await until(() => rec.events.some((e) => e.kind === 'VeraExperienceGained'), 30_000, 'experience event');
    const after = (await (await fetch(url)).json()) as { vera: { experience: number } };
    expect(after.vera.experience).toBe(before.vera.experience + 7);
    rec.client.close();
  });

  it('tells clients which cursors a reorg retracted', async () => {
    const rec = await recorder(gateway.url, { topics: ['mint'] });
    const { Veras, Inventory } = world.chain.deployment.contracts;
    const depth = 3;
    for (let i = 0; i < depth; i++) await adminTx(Veras, grantVera());
    await until(() => rec.events.length >= depth, 30_000, 'mints before the reorg');
    const orphaned = rec.events.map((e) => e.cursor);
    const grant = encodeFunctionData({
      abi: allSkaldAbis as Abi,
      functionName: 'admin_grantRunix',
      args: [1n, 77n],
    });
    await rpc('anvil_reorg', [depth, [[{ from: admin, to: Inventory, data: grant, gas: '0x2dc6c0' }, 0]]]);
    await rpc('evm_mine');
    await until(() => rec.retracted.flat().length >= depth, 60_000, 'retraction');
    expect(rec.retracted.flat()).toEqual(expect.arrayContaining(orphaned));
    // the node's reorg evidence may reach clients before the indexer has followed the reorg: the index drops the
    // orphaned rows soon after
    const left = async () => {
      const [row] = await world.reader.sql<{ n: string }[]>`
        SELECT count(*) AS n FROM activity WHERE cursor = ANY(${orphaned}) AND type = 'mint'`;
      return Number(row?.n);
    };
    await until(async () => (await left()) === 0, 30_000, 'the index to drop the orphaned mints');
    expect(await left()).toBe(0);
    rec.client.close();
  }, 120_000);
});
