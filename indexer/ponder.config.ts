/**
 * Chain 5611 (opBNB testnet, or a local anvil with the same id) and the eight Skald contracts, with addresses
 * and the start block taken from the deployment file. Only configuration differs between anvil and testnet.
 */

import { gameEventAbis as indexerAbis } from '@skald/chain/activity';
import { readDeployment } from '@skald/chain/deployment';
import { rpcProfile } from '@skald/chain/rpc-conditions';
import { createConfig } from 'ponder';
import { chainSettings, parseIndexerEnv } from './lib/env.ts';

const env = parseIndexerEnv(process.env);
const deployment = readDeployment(env.SKALD_DEPLOYMENT);
const chain = chainSettings(env, deployment.rpcUrl);
// an HTTP-only profile stands for a public endpoint without a websocket: the loopback twin of the proxy's URL
// would be refused, so Ponder polls
const websocket = env.SKALD_RPC_PROFILE ? rpcProfile(env.SKALD_RPC_PROFILE).websocket : true;
// Ponder reads its RPC limiter's rate from the environment when it creates its clients, after this file ran
// (patches/ 019): the endpoint's known rate (SKALD_RPC_RATE) becomes its per-URL start and ceiling
if (chain.maxRpsPerUrl !== undefined) process.env.PONDER_RPC_MAX_RPS = String(chain.maxRpsPerUrl);

const contract = <const name extends keyof typeof indexerAbis>(name: name) =>
  ({
    abi: indexerAbis[name],
    chain: 'skald',
    address: deployment.contracts[name],
    startBlock: deployment.startBlock,
    endBlock: env.SKALD_END_BLOCK,
  }) as const;

export default createConfig({
  database: { kind: 'postgres', connectionString: env.DATABASE_URL },
  ordering: 'multichain',
  chains: {
    skald: {
      id: deployment.chainId,
      rpc: chain.rpc,
      ws: websocket ? chain.ws : undefined,
      pollingInterval: chain.pollingInterval,
      ethGetLogsBlockRange: chain.ethGetLogsBlockRange,
    },
  },
  contracts: {
    Roles: contract('Roles'),
    Characters: contract('Characters'),
    Inventory: contract('Inventory'),
    Veras: contract('Veras'),
    Clans: contract('Clans'),
    Battles: contract('Battles'),
    Bank: contract('Bank'),
    Shop: contract('Shop'),
  },
});
