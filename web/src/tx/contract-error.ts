/**
 * The sentence a player sees when a contract call fails: the custom error's name decoded against every Skald
 * error, then @skald/game's describeContractError; wallet failures get the wallet sentences.
 */
import { skaldErrorsAbi } from '@skald/chain/abis';
import { describeContractError } from '@skald/game';
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem';
import { describeWalletError } from '../wallet/errors.ts';

export function revertOf(error: unknown): { name: string; args: readonly unknown[] } | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) {
    if (revert.data?.errorName) return { name: revert.data.errorName, args: revert.data.args ?? [] };
    if (revert.raw) return decodeRaw(revert.raw);
  }
  const raw = (error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null)
    ?.data;
  return raw ? decodeRaw(raw) : undefined;
}

function decodeRaw(data: Hex): { name: string; args: readonly unknown[] } | undefined {
  try {
    const decoded = decodeErrorResult({ abi: skaldErrorsAbi, data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

/** The wallet's account cannot pay the gas (viem's InsufficientFundsError, or a node saying so). */
export const NO_GAS_MESSAGE =
  'Your wallet has no tBNB left to pay the network fee (gas). Top it up and try again: on opBNB testnet from the ' +
  "BNB Chain faucet (https://www.bnbchain.org/en/testnet-faucet); on a local chain, import one of anvil's funded " +
  'development accounts (see the README).';

function isOutOfGasMoney(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk(
      (e) =>
        (e as { name?: string }).name === 'InsufficientFundsError' ||
        /insufficient funds|exceeds the balance of the account/i.test(
          `${(e as { details?: unknown }).details ?? ''} ${(e as { message?: unknown }).message ?? ''}`,
        ),
    ),
  );
}

export function describeTxError(error: unknown): string {
  const revert = revertOf(error);
  if (revert) return describeContractError(revert.name, revert.args);
  if (isOutOfGasMoney(error)) return NO_GAS_MESSAGE;
  return describeWalletError(error);
}
