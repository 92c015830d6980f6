/**
 * How a vera was minted, read from the minting transaction's input (as the product's mint watcher does):
 * the 4-byte selector of encounter(uint16), openLootBox(uint64) or admin_grantVera(...); anything else
 * (a batch, a proxy, a contract calling Veras) is "other".
 */
import { MINT_METHODS, type MintMethod } from '@skald/game';
import { type Hex, toFunctionSelector } from 'viem';

export { MINT_METHODS, type MintMethod };

export const MINT_SELECTORS: Readonly<Record<Hex, Exclude<MintMethod, 'other'>>> = {
  [toFunctionSelector('encounter(uint16)')]: 'encounter',
  [toFunctionSelector('openLootBox(uint64)')]: 'openLootBox',
  [toFunctionSelector('admin_grantVera(uint64,uint16,uint8,uint8,uint8,uint8,bool)')]: 'admin_grantVera',
};

export function selectorOf(input: Hex | undefined): Hex {
  if (!input || input.length < 10) return '0x';
  return input.slice(0, 10).toLowerCase() as Hex;
}

export function decodeMintMethod(input: Hex | undefined): MintMethod {
  return MINT_SELECTORS[selectorOf(input)] ?? 'other';
}
