/**
 * The heavy half of a transaction (wagmi actions, viem's ABI coders, error decoding), loaded on the first send
 * rather than with every page that has a form: simulate (a revert is named before the wallet asks), sign and
 * send, wait for the receipt.
 */
import type { Hash, TransactionReceipt } from 'viem';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import type { WagmiConfig } from '../wallet/config.ts';
import { RPC } from '../wallet/config.ts';
import { describeTxError } from './contract-error.ts';
import type { ContractCall } from './use-transactor.ts';

export async function send(
  config: WagmiConfig,
  call: ContractCall,
  onSent: (hash: Hash) => void,
): Promise<TransactionReceipt> {
  const { request } = await simulateContract(config, call);
  const hash = await writeContract(config, request);
  onSent(hash);
  return waitForTransactionReceipt(config, {
    hash,
    timeout: RPC.receiptTimeout,
    retryCount: RPC.receiptRetryCount,
  });
}

export { describeTxError };
