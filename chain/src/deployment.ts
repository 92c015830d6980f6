/**
 * The deployment file: which chain, where each Skald contract lives, and the block to index from.
 * `chain/scripts/deploy.ts` writes it; the indexer, gateway, web app and simulator read it. Nobody copies
 * addresses by hand. SKALD_DEPLOYMENT points at another file (e.g. an opBNB testnet deployment).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Address, isAddress } from 'viem';

export const CONTRACT_NAMES = [
  'Roles',
  'Characters',
  'Inventory',
  'Veras',
  'Clans',
  'Battles',
  'Bank',
  'Shop',
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export type Deployment = {
  chainId: number;
  /** the RPC the deploy used; readers may override it with their own configuration */
  rpcUrl: string;
  /** first block holding a Skald contract: where indexing starts */
  startBlock: number;
  deployedAt: string;
  contracts: Record<ContractName, Address>;
};

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function deploymentPath(): string {
  return process.env.SKALD_DEPLOYMENT ?? join(repoRoot, 'deployments', 'local.json');
}

export class DeploymentFileError extends Error {
  override name = 'DeploymentFileError';
}

export function parseDeployment(value: unknown, source = 'deployment'): Deployment {
  const problems: string[] = [];
  const v = value as Partial<Deployment> | null;
  if (!v || typeof v !== 'object') throw new DeploymentFileError(`${source}: not a JSON object`);
  if (!Number.isInteger(v.chainId)) problems.push('chainId must be an integer');
  if (typeof v.rpcUrl !== 'string') problems.push('rpcUrl must be a string');
  if (!Number.isInteger(v.startBlock) || (v.startBlock as number) < 0)
    problems.push('startBlock must be >= 0');
  for (const name of CONTRACT_NAMES) {
    const address = v.contracts?.[name];
    if (typeof address !== 'string' || !isAddress(address))
      problems.push(`contracts.${name} must be an address`);
  }
  if (problems.length > 0) throw new DeploymentFileError(`${source}: ${problems.join('; ')}`);
  return v as Deployment;
}

export function readDeployment(path = deploymentPath()): Deployment {
  if (!existsSync(path)) {
    throw new DeploymentFileError(
      `${path} does not exist: run \`npm start\` or \`npm run deploy -w @skald/chain\``,
    );
  }
  return parseDeployment(JSON.parse(readFileSync(path, 'utf8')), path);
}

export function writeDeployment(deployment: Deployment, path = deploymentPath()): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(deployment, null, 2)}\n`);
  return path;
}
