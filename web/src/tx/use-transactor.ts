/**
 * One transaction, one toast: loading while the wallet signs and the chain confirms, then success or the
 * contract's named error as a sentence. Simulates first so a revert is caught, named, before the wallet asks.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Abi, Address, Hash, TransactionReceipt } from 'viem';
import { useConfig } from 'wagmi';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { RPC } from '../wallet/config.ts';
import { describeTxError } from './contract-error.ts';

export type ContractCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  /** a fixed gas limit, for calls whose cost an estimate cannot know (on-chain randomness) */
  gas?: bigint;
};

export type TxResult =
  | { ok: true; hash: Hash; receipt: TransactionReceipt; blockNumber: bigint }
  | { ok: false; message: string };

/** A check run after the toast appears and before the wallet is asked: a sentence stops the transaction. */
export type Precheck = () => Promise<string | undefined>;

export function useTransactor() {
  const config = useConfig();
  const queryClient = useQueryClient();
  return useCallback(
    async (
      label: string,
      call: ContractCall,
      options: { invalidate?: unknown[][]; precheck?: Precheck } = {},
    ): Promise<TxResult> => {
      const id = toast.loading(`${label}…`, { position: 'bottom-right' });
      try {
        const problem = await options.precheck?.();
        if (problem !== undefined) {
          toast.error(`${label} failed`, { id, position: 'bottom-right', description: problem });
          return { ok: false, message: problem };
        }
        const { request } = await simulateContract(config, call as never);
        const hash = await writeContract(config, request as never);
        toast.loading(`${label}: waiting for the chain…`, { id, position: 'bottom-right' });
        const receipt = await waitForTransactionReceipt(config, {
          hash,
          timeout: RPC.receiptTimeout,
          retryCount: RPC.receiptRetryCount,
        });
        if (receipt.status !== 'success') throw new Error('The transaction was reverted.');
        toast.success(`${label}: done`, {
          id,
          position: 'bottom-right',
          description: `Block ${receipt.blockNumber}`,
        });
        for (const key of options.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: key });
        return { ok: true, hash, receipt, blockNumber: receipt.blockNumber };
      } catch (error) {
        const message = describeTxError(error);
        toast.error(`${label} failed`, { id, position: 'bottom-right', description: message });
        return { ok: false, message };
      }
    },
    [config, queryClient],
  );
}
