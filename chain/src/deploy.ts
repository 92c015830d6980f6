/**
 * Deploys the whole game to a chain and wires it together: the contracts' constructor arguments, the game role
 * for contracts that move each other's state, and a stocked starter shop. Returns the deployment record.
 */
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import * as abis from '../generated/abis.ts';
import bytecodeJson from '../generated/bytecode.json' with { type: 'json' };
import { skaldChain } from './chain.ts';
import type { ContractName, Deployment } from './deployment.ts';

export const ROLE_ADMIN = 1;
export const ROLE_GAME = 2;

const bytecode = bytecodeJson as Record<string, Hex>;

/** The starter shop every deployment opens with: shop 1, six items. */
export const STARTER_SHOP = {
  shopId: 1,
  items: [
    { itemId: 1, runixCost: 10n, quantity: 10_000n }, // healing draught
    { itemId: 2, runixCost: 25n, quantity: 5_000n }, // rune shard
    { itemId: 3, runixCost: 40n, quantity: 2_000n }, // mead
    { itemId: 4, runixCost: 60n, quantity: 1_000n }, // iron ore
    { itemId: 5, runixCost: 120n, quantity: 500n }, // troll hide
    { itemId: 6, runixCost: 300n, quantity: 100n }, // dragon scale
  ],
} as const;

export type DeployOptions = {
  rpcUrl: string;
  account: Account;
  /** bank lock durations in seconds for lock slots 0..2; defaults are the real game's 1, 7 and 30 days */
  lockDurations?: readonly [number, number, number];
  log?: (line: string) => void;
};

type Clients = { wallet: WalletClient<Transport, Chain, Account>; public: PublicClient };

async function deployOne(
  c: Clients,
  name: ContractName,
  args: readonly unknown[],
): Promise<{ address: Address; block: bigint }> {
  const abi = (abis as Record<string, Abi>)[`${name}Abi`];
  const code = bytecode[name];
  if (!abi || !code)
    throw new Error(`no compiled artifact for ${name}: run \`npm run build -w @skald/chain\``);
  const hash = await c.wallet.deployContract({ abi, bytecode: code, args: args as unknown[] });
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress || receipt.status !== 'success')
    throw new Error(`deploying ${name} failed (${hash})`);
  return { address: receipt.contractAddress, block: receipt.blockNumber };
}

async function send(
  c: Clients,
  address: Address,
  abiName: ContractName,
  functionName: string,
  args: readonly unknown[],
) {
  const abi = (abis as Record<string, Abi>)[`${abiName}Abi`] as Abi;
  const hash = await c.wallet.writeContract({ address, abi, functionName, args: args as unknown[] });
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${abiName}.${functionName} failed (${hash})`);
}

export async function deployGame(options: DeployOptions): Promise<Deployment> {
  const log = options.log ?? (() => {});
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = { ...skaldChain, id: chainId };
  const c: Clients = {
    wallet: createWalletClient({ account: options.account, chain, transport }),
    // receipts are polled every 100 ms: viem's default (4 s on HTTP) made a deploy on an interval-mining chain take
    // minutes, one wait per contract and setting
    public: createPublicClient({ chain, transport, pollingInterval: 100 }) as PublicClient,
  };

  const roles = await deployOne(c, 'Roles', [options.account.address]);
  const characters = await deployOne(c, 'Characters', [roles.address]);
  const inventory = await deployOne(c, 'Inventory', [roles.address, characters.address]);
  const veras = await deployOne(c, 'Veras', [roles.address, characters.address, inventory.address]);
  const clans = await deployOne(c, 'Clans', [roles.address, characters.address]);
  const battles = await deployOne(c, 'Battles', [
    roles.address,
    characters.address,
    veras.address,
    inventory.address,
    clans.address,
  ]);
  const bank = await deployOne(c, 'Bank', [roles.address, characters.address, inventory.address]);
  const shop = await deployOne(c, 'Shop', [roles.address, characters.address, inventory.address]);
  const contracts: Record<ContractName, Address> = {
    Roles: roles.address,
    Characters: characters.address,
    Inventory: inventory.address,
    Veras: veras.address,
    Clans: clans.address,
    Battles: battles.address,
    Bank: bank.address,
    Shop: shop.address,
  };
  log(`deployed ${Object.keys(contracts).length} contracts from block ${roles.block}`);

  await send(c, inventory.address, 'Inventory', 'setVeras', [veras.address]);
  for (const game of [veras, battles, bank, shop]) {
    await send(c, roles.address, 'Roles', 'grantRole', [game.address, ROLE_GAME]);
  }
  if (options.lockDurations) {
    for (const [lockIndex, seconds] of options.lockDurations.entries()) {
      await send(c, bank.address, 'Bank', 'admin_setLockDuration', [lockIndex, BigInt(seconds)]);
    }
  }
  for (const item of STARTER_SHOP.items) {
    await send(c, shop.address, 'Shop', 'admin_repriceShop', [
      STARTER_SHOP.shopId,
      item.itemId,
      item.runixCost,
    ]);
    await send(c, shop.address, 'Shop', 'admin_restockShop', [
      STARTER_SHOP.shopId,
      item.itemId,
      item.quantity,
    ]);
  }
  log('wired roles, bank and the starter shop');

  return {
    chainId,
    rpcUrl: options.rpcUrl,
    startBlock: Number(roles.block),
    deployedAt: new Date().toISOString(),
    contracts,
  };
}
