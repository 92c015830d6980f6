/**
 * The browser's view of the deployment: chain id, RPC and contract addresses from chain's deployment file.
 * Re-read when the file changes, so `npm start` redeploying does not need a web restart.
 */

import { statSync } from 'node:fs';
import { deploymentPath, readDeployment } from '@skald/chain/deployment';
import type { AppConfig } from '../src/boot.ts';

export function createConfigSource(options: {
  build: string;
  publicRpcUrl?: string;
  /** the deployment file (default: SKALD_DEPLOYMENT or deployments/local.json) */
  deploymentPath?: string;
}) {
  let cached: { mtimeMs: number; config: AppConfig } | undefined;
  return (): AppConfig => {
    const path = options.deploymentPath ?? deploymentPath();
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (cached && cached.mtimeMs === mtimeMs) return cached.config;
    const deployment = readDeployment(path);
    const config: AppConfig = {
      chainId: deployment.chainId,
      rpcUrl: options.publicRpcUrl ?? deployment.rpcUrl,
      contracts: deployment.contracts,
      build: options.build,
    };
    cached = { mtimeMs, config };
    return config;
  };
}
