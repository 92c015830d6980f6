/**
 * One transaction, one toast: loading while the wallet signs and the chain confirms, then success or the
 * contract's named error as a sentence. Simulates first so a revert is caught, named, before the wallet asks.
 * The sending code itself (send.ts) is loaded on the first transaction, keeping it out of every page's first load.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Hash, TransactionReceipt } from 'viem';
import type { ContractCall } from '../lib/contracts.ts';
import { WRONG_NETWORK_MESSAGE } from '../wallet/network.ts';
import { useWallet, type WalletLayer } from '../wallet/wallet-layer.tsx';

export type TxResult =
  | { ok: true; hash: Hash; receipt: TransactionReceipt; blockNumber: bigint }
  | { ok: false; message: string };

/** A check run after the toast appears and before the wallet is asked: a sentence stops the transaction. */
export type Precheck = () => Promise<string | undefined>;

const CODE_NOT_LOADED = 'The transaction code could not be loaded: check your connection and try again.';

/** The transaction half that only a send needs, fetched on first use (and kept by the module cache). */
const loadSend = () => import('./send.ts');

export function useTransactor() {
  const { layer: loadedLayer, load, gameChainId } = useWallet();
  const queryClient = useQueryClient();
  return useCallback(
    async (
      label: string,
      call: ContractCall,
      options: { invalidate?: unknown[][]; precheck?: Precheck } = {},
    ): Promise<TxResult> => {
      // the wallet layer has loaded by the time a form can be sent (a send needs a connected wallet); else wait
      let layer: WalletLayer;
      try {
        layer = loadedLayer ?? (await load());
      } catch {
        toast.error(`${label} failed`, { position: 'bottom-right', description: CODE_NOT_LOADED });
        return { ok: false, message: CODE_NOT_LOADED };
      }
      // a wallet on another chain would sign for the wrong network: refuse before the wallet asks
      const connection = layer.connection();
      if (connection.status === 'connected' && connection.chainId !== gameChainId) {
        toast.error(`${label} failed`, { position: 'bottom-right', description: WRONG_NETWORK_MESSAGE });
        return { ok: false, message: WRONG_NETWORK_MESSAGE };
      }
      const id = toast.loading(`${label}…`, { position: 'bottom-right' });
      let tx: Awaited<ReturnType<typeof loadSend>> | undefined;
      try {
        const problem = await options.precheck?.();
        if (problem !== undefined) {
          toast.error(`${label} failed`, { id, position: 'bottom-right', description: problem });
          return { ok: false, message: problem };
        }
        tx = await loadSend();
        const receipt = await tx.send(layer.config, call, () =>
          toast.loading(`${label}: waiting for the chain…`, { id, position: 'bottom-right' }),
        );
        if (receipt.status !== 'success') throw new Error('The transaction was reverted.');
        toast.success(`${label}: done`, {
          id,
          position: 'bottom-right',
          description: `Block ${receipt.blockNumber}`,
        });
        for (const key of options.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: key });
        return { ok: true, hash: receipt.transactionHash, receipt, blockNumber: receipt.blockNumber };
      } catch (error) {
        const message = tx ? tx.describeTxError(error) : CODE_NOT_LOADED;
        toast.error(`${label} failed`, { id, position: 'bottom-right', description: message });
        return { ok: false, message };
      }
    },
    [loadedLayer, load, gameChainId, queryClient],
  );
}
