/**
 * The stack harness's first two steps, for every package's tests, the benchmarks and the browser tests: "chain"
 * (a fresh anvil) and "deploy" (the game deployed to it, its deployment file in a temp folder), then the world
 * simulator playing on it and the logs the indexer handles, to compare with what it indexed. Nothing is mocked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CharacterAttributes, defaultCharacterAttributes } from '@skald/game';
import { type AbiEvent, createPublicClient, http, toEventSelector } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { gameEventAbis } from './activity/index.ts';
import { ANVIL_MNEMONIC, type Anvil, type AnvilOptions, startAnvil } from './anvil.ts';
import { deployGame } from './deploy.ts';
import { type Deployment, writeDeployment } from './deployment.ts';
import { runSimulator, type SimulatorOptions } from './simulator/index.ts';

/** A plain look (every attribute at its first option) for test characters whose appearance does not matter. */
export const PLAIN_ATTRIBUTES: CharacterAttributes = defaultCharacterAttributes();

export type TestChain = {
  anvil: Anvil;
  deployment: Deployment;
  deploymentPath: string;
  stop(): Promise<void>;
};

/** Steps "chain" and "deploy": a fresh anvil with the game deployed by account 0. */
export async function startChain(options: AnvilOptions = {}): Promise<TestChain> {
  const anvil = await startAnvil(options);
  const deployment = await deployGame({
    rpcUrl: anvil.rpcUrl,
    account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
    lockDurations: [60, 600, 3600],
  });
  const deploymentPath = writeDeployment(
    deployment,
    join(mkdtempSync(join(tmpdir(), 'skald-deploy-')), 'deployment.json'),
  );
  return { anvil, deployment, deploymentPath, stop: () => anvil.stop() };
}

/** The simulator playing `actions` moves as fast as the chain answers. */
export function playWorld(chain: TestChain, actions: number, extra: Partial<SimulatorOptions> = {}) {
  return runSimulator({
    rpcUrl: chain.anvil.rpcUrl,
    deployment: chain.deployment,
    bots: 10,
    actionsPerSecond: 0,
    maxActions: actions,
    badMoveShare: 0,
    seed: 42,
    ...extra,
  });
}

/** Every log on chain that the indexer handles (topics of its ABIs, from the game's contracts). */
const indexedTopics = new Set(
  (Object.values(gameEventAbis).flat() as readonly { type: string }[])
    .filter((item) => item.type === 'event')
    .map((e) => toEventSelector(e as AbiEvent)),
);

export async function chainLogs(chain: TestChain, toBlock: bigint) {
  const client = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
  const logs = await client.getLogs({
    address: Object.values(chain.deployment.contracts),
    fromBlock: BigInt(chain.deployment.startBlock),
    toBlock,
  });
  return logs.filter((l) => l.topics[0] && indexedTopics.has(l.topics[0]));
}
