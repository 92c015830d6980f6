/**
 * Fast game-event generator for the indexer benchmarks. Many funded accounts act at once through anvil's
 * impersonation (no signing, no receipts awaited): each transaction carries its own nonce, fixed gas limit and
 * fee, so anvil never estimates; one JSON-RPC batch sends a block's worth. Moves are chosen by the simulator's
 * world model (`World` and `chooseMove` from `@skald/chain/simulator`), folded from each mined block's logs, so
 * every move is valid when chosen; a player with a transaction in flight is skipped until its block is folded.
 * Two ways to drive it: `generateChain` mines a block per batch with automine off (backfill), `streamLoad` feeds
 * a chain that mines every 250 ms on its own (keep-up).
 */

import { ANVIL_MNEMONIC, allSkaldAbis, type Deployment } from '@skald/chain';
import * as abis from '@skald/chain/abis';
import { type Bot, chooseMove, type Move, Rng, World, type WorldEvent } from '@skald/chain/simulator';
import { CHARACTER_ATTRIBUTE_KEYS } from '@skald/game';
import {
  type Abi,
  type Address,
  createPublicClient,
  encodeFunctionData,
  http,
  keccak256,
  parseEventLogs,
  toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** One transaction to send: a move, who signs it, and its fixed gas limit. */
type Call = {
  from: Address | 'admin';
  contract: Move['contract'];
  functionName: string;
  args: readonly unknown[];
  gas: bigint;
};

/** Fixed gas limits (anvil never estimates): minting and battles need more than the rest. */
const GAS_BY_FUNCTION: Record<string, bigint> = {
  encounter: 1_000_000n,
  openLootBox: 1_000_000n,
  admin_grantVera: 1_000_000n,
  enterQueue: 1_500_000n,
  submitActions: 1_500_000n,
};
const GAS = 400_000n;

const callOf = (move: Move): Call => ({
  from: move.by === 'admin' ? 'admin' : move.by.account.address,
  contract: move.contract,
  functionName: move.functionName,
  args: move.args,
  gas: GAS_BY_FUNCTION[move.functionName] ?? GAS,
});

export type Generator = Awaited<ReturnType<typeof createGenerator>>;

const FEES = { maxFeePerGas: toHex(100_000_000_000n), maxPriorityFeePerGas: toHex(1_000_000_000n) };

export async function createGenerator(rpcUrl: string, deployment: Deployment, players = 300, seed = 1) {
  let id = 0;
  const rpc = async <T>(calls: [string, unknown[]][]): Promise<T[]> => {
    const body = calls.map(([method, params]) => ({ jsonrpc: '2.0', id: id++, method, params }));
    const res = (await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { id: number; result?: T; error?: { message: string } }[];
    const errors = res.filter((r) => r.error);
    if (errors.length) throw new Error(`rpc: ${errors[0]?.error?.message} (${errors.length} errors)`);
    return res.sort((a, b) => a.id - b.id).map((r) => r.result as T);
  };
  const one = async <T>(method: string, params: unknown[] = []) => (await rpc<T>([[method, params]]))[0] as T;
  const client = createPublicClient({ transport: http(rpcUrl) });
  const admin = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }).address;
  const nonces = new Map<Address, number>();
  nonces.set(admin, Number(await one<string>('eth_getTransactionCount', [admin, 'pending'])));
  const addresses = Array.from(
    { length: players },
    (_, i) => `0x${keccak256(toHex(`skald-bench-${seed}-${i}`)).slice(-40)}` as Address,
  );
  for (const address of addresses) nonces.set(address, 0);
  const world = new World(addresses.map((address) => ({ address, type: 'json-rpc' as const })));
  const all = world.bots;
  const rng = new Rng(seed);
  const byHash = new Map<string, Bot>();
  const stats = { txs: 0, events: 0, blocks: 0, noEventTxs: 0 };

  await one('anvil_autoImpersonateAccount', [true]);
  await one('evm_setBlockGasLimit', [toHex(2_000_000_000n)]);
  await rpc(addresses.map((a) => ['anvil_setBalance', [a, toHex(10n ** 24n)]] as [string, unknown[]]));

  /** Sends the calls in one JSON-RPC batch; returns their hashes, in order. */
  async function send(calls: Call[]): Promise<string[]> {
    if (calls.length === 0) return [];
    const txs = calls.map((c) => {
      const from = c.from === 'admin' ? admin : c.from;
      const nonce = nonces.get(from) ?? 0;
      nonces.set(from, nonce + 1);
      const abi = (abis as Record<string, Abi>)[`${c.contract}Abi`] as Abi;
      const data = encodeFunctionData({ abi, functionName: c.functionName, args: c.args });
      const tx = {
        from,
        to: deployment.contracts[c.contract],
        data,
        gas: toHex(c.gas),
        nonce: toHex(nonce),
        ...FEES,
      };
      return ['eth_sendTransaction', [tx]] as [string, unknown[]];
    });
    stats.txs += calls.length;
    return rpc<string>(txs);
  }

  /**
   * Up to `count` moves by (or, for the admin's grants, for) idle onboarded players, sent in one batch; each
   * player stays busy until the block holding its move is folded in. Returns how many were sent.
   */
  async function sendMoves(count: number): Promise<number> {
    const moves: Move[] = [];
    const movers: Bot[] = [];
    const idle = all.filter((b) => b.onboarded && !b.busy);
    while (moves.length < count && idle.length > 0) {
      const bot = idle.splice(Math.floor(rng.next() * idle.length), 1)[0] as Bot;
      const move = chooseMove(world, bot, rng);
      if (!move) continue;
      bot.busy = true;
      moves.push(move);
      movers.push(bot);
    }
    const hashes = await send(moves.map(callOf));
    for (const [i, hash] of hashes.entries()) byHash.set(hash, movers[i] as Bot);
    return hashes.length;
  }

  /** Folds blocks from..to into the model; returns the game events they hold. */
  async function observe(from: bigint, to: bigint): Promise<number> {
    const logs = await client.getLogs({
      address: Object.values(deployment.contracts),
      fromBlock: from,
      toBlock: to,
    });
    const blocks = await rpc<{ transactions: string[]; timestamp: string }>(
      Array.from({ length: Number(to - from + 1n) }, (_, i) => [
        'eth_getBlockByNumber',
        [toHex(from + BigInt(i)), false],
      ]),
    );
    const withLogs = new Set(logs.map((l) => l.transactionHash));
    for (const b of blocks) {
      for (const h of b.transactions) {
        const p = byHash.get(h);
        if (p) p.busy = false;
        byHash.delete(h);
        if (!withLogs.has(h as `0x${string}`)) stats.noEventTxs++;
      }
      world.chainClockOffset = Number(b.timestamp) - Date.now() / 1000;
    }
    world.apply(parseEventLogs({ abi: allSkaldAbis, logs, strict: false }) as unknown as WorldEvent[]);
    stats.events += logs.length;
    stats.blocks += blocks.length;
    return logs.length;
  }

  const head = async () => BigInt(await one<string>('eth_blockNumber'));
  let observed = await head();
  /** Folds every block mined since the last call into the model. */
  async function catchUp(): Promise<number> {
    const n = await head();
    if (n <= observed) return 0;
    const events = await observe(observed + 1n, n);
    observed = n;
    return events;
  }
  /** Mines what was sent and folds it in (works with automine off and with interval mining). */
  async function mine(): Promise<number> {
    await one('evm_mine');
    return catchUp();
  }

  /** Characters for every player, onboarding, and starting funds; mined with evm_mine. */
  async function setup(): Promise<void> {
    await send(
      all.map((p, i) => ({
        from: p.account.address,
        contract: 'Characters',
        functionName: 'createCharacter',
        args: [
          admin,
          `Viking${i}`,
          Object.fromEntries(CHARACTER_ATTRIBUTE_KEYS.map((k) => [k, i % 4])),
          { starterSpecies: (i % 8) + 1, starterRune: (i % 3) + 1 },
        ],
        gas: 600_000n,
      })),
    );
    await mine();
    const ready = all.filter((p) => p.characterId !== undefined);
    await send(
      ready.map((p) => ({
        from: p.account.address,
        contract: 'Characters',
        functionName: 'login',
        args: [],
        gas: 200_000n,
      })),
    );
    await send(
      ready.flatMap((p) => [
        {
          from: 'admin',
          contract: 'Inventory',
          functionName: 'admin_grantRunix',
          args: [p.characterId, 5_000n],
          gas: 300_000n,
        },
        {
          from: 'admin',
          contract: 'Inventory',
          functionName: 'admin_grantOnyx',
          args: [p.characterId, 300n],
          gas: 300_000n,
        },
      ]),
    );
    await mine();
  }

  return { world, stats, send, sendMoves, catchUp, mine, setup, head, rpc: one };
}

/** Backfill load: automine off, `txsPerBlock` moves per mined block until `events` game events exist. */
export async function generateChain(
  rpcUrl: string,
  deployment: Deployment,
  options: {
    events: number;
    txsPerBlock?: number;
    players?: number;
    log?: (line: string) => void;
  },
) {
  const gen = await createGenerator(rpcUrl, deployment, options.players);
  await gen.rpc('evm_setAutomine', [false]);
  await gen.setup();
  let lastLog = Date.now();
  while (gen.stats.events < options.events) {
    await gen.sendMoves(options.txsPerBlock ?? 20);
    await gen.mine();
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      options.log?.(
        `generated ${gen.stats.events} events in ${gen.stats.blocks} blocks (${gen.stats.txs} txs)`,
      );
    }
  }
  await gen.rpc('evm_setAutomine', [true]);
  return gen.stats;
}

/**
 * Keep-up load on a chain that mines on its own: for each new block, enough moves for about `eventsPerBlock` game
 * events (scaled by the events per transaction seen so far). A loop that took longer than a block (its reads and
 * sends take tens of ms: at 125 ms blocks it often does) sends the moves of every block it saw, so the rate holds
 * at eventsPerBlock per block on average. Runs until `signal` aborts.
 */
export async function streamLoad(gen: Generator, eventsPerBlock: number, signal: AbortSignal) {
  let owed = 0;
  while (!signal.aborted) {
    const before = gen.stats.blocks;
    await gen.catchUp();
    const blocks = gen.stats.blocks - before;
    if (blocks > 0) {
      // events per transaction so far sets how many moves make a block of about eventsPerBlock
      const perTx = gen.stats.txs > 0 ? gen.stats.events / gen.stats.txs : 2.5;
      owed = Math.min(owed + (blocks * eventsPerBlock) / perTx, (4 * eventsPerBlock) / perTx);
      const sent = await gen.sendMoves(Math.max(1, Math.round(owed)));
      owed = Math.max(0, owed - sent);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
