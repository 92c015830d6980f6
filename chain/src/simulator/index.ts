/**
 * The world simulator: bot players acting through the whole game at a configurable rate, so a fresh install
 * has a living world. It makes only valid moves, except a configurable share of deliberately bad ones, each of
 * which must revert with its named error (sent on chain too, so readers see failed transactions). It follows the
 * Battles contract's logs, so a bot answers what people start with it (a battle, a challenge) within about a
 * second, ahead of the move rate, and claims the win when a person lets the turn run out.
 */

import { Role } from '@skald/game';
import {
  type Abi,
  type Account,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  keccak256,
  type Log,
  type PublicClient,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import * as abis from '../../generated/abis.ts';
import { ANVIL_MNEMONIC } from '../anvil.ts';
import { skaldChain } from '../chain.ts';
import type { Deployment } from '../deployment.ts';
import { allSkaldAbis, revertErrorName } from '../game-client.ts';
import { answerFor } from './answers.ts';
import { chooseBadMove } from './bad-moves.ts';
import type { Move } from './move.ts';
import { chooseMove } from './moves.ts';
import { Rng } from './rng.ts';
import { type Bot, World, type WorldEvent } from './world.ts';

export type SimulatorOptions = {
  rpcUrl: string;
  deployment: Deployment;
  bots?: number;
  /** 0 = as fast as the chain answers */
  actionsPerSecond?: number;
  /** stop after this many moves (good and bad); unset = until aborted */
  maxActions?: number;
  /** share of moves that are deliberately bad, 0..1 */
  badMoveShare?: number;
  seed?: number;
  /** transactions in flight at once (each bot has at most one) */
  concurrency?: number;
  /** signs admin grants; defaults to anvil's first account (the deployer) */
  admin?: Account;
  signal?: AbortSignal;
  /** how often a progress line is logged */
  reportEveryMs?: number;
  /** how often the chain's Battles logs are read for battles and challenges people start with bots */
  watchEveryMs?: number;
  log?: (line: string) => void;
};

export type SimulatorStats = {
  actions: number;
  /** valid moves the chain refused anyway (races between bots); each is logged */
  reverted: number;
  badMoves: number;
  /** bad moves that did not revert with their expected error: a contract bug */
  badMovesMismatched: number;
  byKind: Record<string, number>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function receiptOf(client: PublicClient, hash: Hash): Promise<TransactionReceipt> {
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) return receipt;
    await sleep(15);
  }
}

/**
 * The simulator's own admin account (a key of its own, so the audit tells the bots' grants from a person's): a
 * local node funds it, and the deployer gives it the admin role when it lacks it. Local chains only (it uses
 * anvil_setBalance and the deployer's development key).
 */
export async function simulatorAdmin(rpcUrl: string, deployment: Deployment): Promise<Account> {
  const account = privateKeyToAccount(keccak256(toHex('skald-simulator-admin')));
  const transport = http(rpcUrl);
  const chain = { ...skaldChain, id: deployment.chainId };
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  await publicClient.request({
    method: 'anvil_setBalance' as 'eth_chainId',
    params: [account.address, toHex(parseEther('1000'))] as unknown as undefined,
  });
  const roles = { address: deployment.contracts.Roles, abi: abis.RolesAbi } as const;
  const holds = await publicClient.readContract({
    ...roles,
    functionName: 'hasRole',
    args: [account.address, Role.admin],
  });
  if (!holds) {
    const deployer = createWalletClient({
      account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
      chain,
      transport,
    });
    const hash = await deployer.writeContract({
      ...roles,
      functionName: 'grantRole',
      args: [account.address, Role.admin],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error('granting the simulator its admin role reverted');
  }
  return account;
}

export async function runSimulator(options: SimulatorOptions): Promise<SimulatorStats> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? Date.now() % 1_000_000;
  const rng = new Rng(seed);
  const transport = http(options.rpcUrl);
  const chain = { ...skaldChain, id: options.deployment.chainId };
  const publicClient = createPublicClient({ chain, transport }) as PublicClient;
  const admin = options.admin ?? mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
  const botAccounts = Array.from({ length: options.bots ?? 12 }, (_, i) =>
    privateKeyToAccount(keccak256(toHex(`skald-bot-${seed}-${i}`))),
  );
  for (const account of botAccounts) {
    await publicClient.request({
      method: 'anvil_setBalance' as 'eth_chainId',
      params: [account.address, toHex(parseEther('1000'))] as unknown as undefined,
    });
  }
  const world = new World(botAccounts);
  const wallets = new Map<string, ReturnType<typeof createWalletClient>>();
  const walletOf = (account: Account) => {
    const existing = wallets.get(account.address);
    if (existing) return existing;
    const created = createWalletClient({ account, chain, transport });
    wallets.set(account.address, created);
    return created;
  };
  const stats: SimulatorStats = { actions: 0, reverted: 0, badMoves: 0, badMovesMismatched: 0, byKind: {} };
  const refreshClock = async () => {
    const block = await publicClient.getBlock();
    world.chainClockOffset = Number(block.timestamp) - Date.now() / 1000;
    return block;
  };
  let watchedTo = (await refreshClock()).number;
  // Battles logs folded in, by `tx:logIndex`, so a log is folded once whether its receipt or the watcher comes first
  const battlesAddress = options.deployment.contracts.Battles.toLowerCase();
  const folded = new Map<string, bigint>();
  const fold = (logs: readonly Log[]) => {
    const fresh = logs.filter((l) => {
      if (l.address.toLowerCase() !== battlesAddress) return true;
      const key = `${l.transactionHash}:${l.logIndex}`;
      if (folded.has(key)) return false;
      folded.set(key, l.blockNumber ?? 0n);
      return true;
    });
    world.apply(parseEventLogs({ abi: allSkaldAbis, logs: fresh }) as unknown as WorldEvent[]);
  };
  let adminQueue: Promise<unknown> = Promise.resolve();
  const serialAdmin = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = adminQueue.then(fn, fn);
    adminQueue = next.catch(() => {});
    return next;
  };

  async function send(move: Move): Promise<void> {
    const account = move.by === 'admin' ? admin : move.by.account;
    const abi = [
      ...((abis as Record<string, Abi>)[`${move.contract}Abi`] as Abi),
      ...abis.skaldErrorsAbi,
    ] as Abi;
    const request = {
      address: options.deployment.contracts[move.contract],
      abi,
      functionName: move.functionName,
      args: move.args as unknown[],
      account,
      chain,
    };
    const run = async () => {
      if (move.expectError) {
        let errorName: string | undefined;
        try {
          await publicClient.simulateContract(request);
        } catch (error) {
          errorName = revertErrorName(error);
        }
        stats.badMoves++;
        if (errorName !== move.expectError) {
          stats.badMovesMismatched++;
          log(`bad move ${move.kind}: expected ${move.expectError}, got ${errorName ?? 'success'}`);
          return;
        }
        // mined as a failed transaction too: readers must see it and ignore it
        await receiptOf(publicClient, await walletOf(account).writeContract({ ...request, gas: 1_000_000n }));
        return;
      }
      // anvil's estimate is exact, but randomness differs between the estimate and the mined block: add a margin
      const estimate = await publicClient.estimateContractGas(request);
      const hash = await walletOf(account).writeContract({
        ...request,
        gas: (estimate * 3n) / 2n + 300_000n,
      });
      const receipt = await receiptOf(publicClient, hash);
      if (receipt.status !== 'success') throw new Error(`reverted on chain: ${hash}`);
      fold(receipt.logs);
      stats.actions++;
      stats.byKind[move.kind] = (stats.byKind[move.kind] ?? 0) + 1;
    };
    try {
      await (move.by === 'admin' ? serialAdmin(run) : run());
    } catch (error) {
      stats.reverted++;
      log(`${move.kind} refused: ${revertErrorName(error) ?? String(error).split('\n')[0]}`);
    }
  }

  const started = Date.now();
  const rate = options.actionsPerSecond ?? 5;
  const limit = options.maxActions ?? Number.POSITIVE_INFINITY;
  let issued = 0;
  let lastReport = Date.now();
  const done = () => options.signal?.aborted || issued >= limit;
  /** a bot whose answer failed waits a little before the next try (wall time, ms) */
  const answerAfter = new Map<Bot, number>();

  async function answer(bot: Bot, make: (rng: Rng) => Move): Promise<void> {
    bot.busy = true;
    try {
      issued++;
      const move = make(rng);
      const before = stats.reverted;
      await send(move);
      if (stats.reverted > before) {
        answerAfter.set(bot, Date.now() + 3000);
        // a challenge that cannot be accepted now (its challenger went elsewhere) is left to its sender
        if (move.kind === 'acceptChallenge') bot.challenges.delete(move.args[0] as bigint);
      }
    } finally {
      bot.busy = false;
    }
  }

  /** Folds the Battles logs of every new block: what people do with bots reaches the world model. */
  async function watch(): Promise<void> {
    const every = options.watchEveryMs ?? 500;
    while (!done() && !finished) {
      await sleep(every);
      try {
        const block = await refreshClock();
        if (block.number <= watchedTo) continue;
        const logs = await publicClient.getLogs({
          address: options.deployment.contracts.Battles,
          fromBlock: watchedTo + 1n,
          toBlock: block.number,
        });
        fold(logs);
        watchedTo = block.number;
        for (const [key, at] of folded) if (at + 100n < watchedTo) folded.delete(key);
      } catch (error) {
        log(`simulator: reading the chain's battle logs failed: ${String(error).split('\n')[0]}`);
      }
    }
  }

  async function worker(): Promise<void> {
    while (!done()) {
      const now = Date.now();
      let owed: [Bot, (rng: Rng) => Move] | undefined;
      for (const b of world.bots) {
        if (b.busy || (answerAfter.get(b) ?? 0) > now) continue;
        const make = answerFor(world, b);
        if (make) {
          owed = [b, make];
          break;
        }
      }
      if (owed) {
        await answer(...owed);
        continue;
      }
      const idle = world.bots.filter((b) => !b.busy);
      if (idle.length === 0) {
        await sleep(5);
        continue;
      }
      const bot: Bot = rng.choice(idle);
      // claimed before any await: another worker must not pick the same bot meanwhile
      bot.busy = true;
      try {
        const bad = rng.next() < (options.badMoveShare ?? 0.05);
        const move = bad ? chooseBadMove(world, bot, rng) : chooseMove(world, bot, rng);
        if (!move) {
          await sleep(5);
          continue;
        }
        issued++;
        if (rate > 0) {
          const due = started + (issued / rate) * 1000;
          if (due > Date.now()) await sleep(due - Date.now());
        }
        await send(move);
      } finally {
        bot.busy = false;
      }
      if (Date.now() - lastReport > (options.reportEveryMs ?? 5000)) {
        lastReport = Date.now();
        await refreshClock();
        log(
          `simulator: ${stats.actions} moves, ${stats.badMoves} bad moves rejected, ${stats.reverted} refused`,
        );
      }
    }
  }

  let finished = false;
  const watching = watch();
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, () => worker()));
  finished = true;
  await watching;
  return stats;
}
export type { Move } from './move.ts';
export { chooseMove } from './moves.ts';
export { Rng } from './rng.ts';
export { type Bot, World, type WorldEvent } from './world.ts';
