/**
 * The heavy half of a transaction (the contracts' ABIs, wagmi actions, viem's ABI coders, error decoding), loaded
 * on the first send rather than with every page that has a form: add the called contract's ABI, simulate (a
 * revert is named before the wallet asks), sign and send, wait for the receipt.
 */
import type { Abi, Hash, TransactionReceipt } from 'viem';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { ABIS } from '../lib/abis.ts';
import type { ContractCall } from '../lib/contracts.ts';
import type { WagmiConfig } from '../wallet/config.ts';
import { RPC } from '../wallet/config.ts';
import { describeTxError } from './contract-error.ts';

export async function send(
  config: WagmiConfig,
  call: ContractCall,
  onSent: (hash: Hash) => void,
): Promise<TransactionReceipt> {
  const abi: Abi = ABIS[call.contract];
  const { request } = await simulateContract(config, {
    address: call.address,
    abi,
    functionName: call.functionName,
    args: call.args,
    gas: call.gas,
  });
  const hash = await writeContract(config, request);
  onSent(hash);
  return waitForTransactionReceipt(config, {
    hash,
    timeout: RPC.receiptTimeout,
    retryCount: RPC.receiptRetryCount,
  });
}

export { describeTxError };
