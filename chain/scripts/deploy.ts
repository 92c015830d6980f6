/**
 * Deploys the game to RPC_URL (default: local anvil) with DEPLOYER_KEY (default: anvil's first account) and
 * writes the deployment file (see src/deployment.ts).
 *   npm run deploy -w @skald/chain
 */
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../src/anvil.ts';
import { deployGame } from '../src/deploy.ts';
import { writeDeployment } from '../src/deployment.ts';

const rpcUrl = process.env.RPC_URL ?? 'http://127.0.0.1:8545';
const key = process.env.DEPLOYER_KEY;
if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
  console.error('DEPLOYER_KEY must be a 0x-prefixed 32-byte hex private key');
  process.exit(1);
}
const account = key
  ? privateKeyToAccount(key as `0x${string}`)
  : mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
const deployment = await deployGame({ rpcUrl, account, log: console.log });
console.log(`wrote ${writeDeployment(deployment)}`);
