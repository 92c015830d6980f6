/**
 * What onboarding reads from a transaction's receipt: the new character's id, the vera an encounter minted.
 * The event decoding (viem's ABI coder and the ABIs) is loaded after the transaction, not with the page.
 */
import { CharactersAbi, VerasAbi } from '@skald/chain/abis';
import { parseEventLogs, type TransactionReceipt } from 'viem';

export function createdCharacterId(receipt: TransactionReceipt): string | undefined {
  const [created] = parseEventLogs({ abi: CharactersAbi, eventName: 'CharacterCreated', logs: receipt.logs });
  return created ? String(created.args.characterId) : undefined;
}

export function mintedVeraId(receipt: TransactionReceipt): string | undefined {
  const [minted] = parseEventLogs({ abi: VerasAbi, eventName: 'VeraMinted', logs: receipt.logs });
  return minted ? String((minted.args as { veraId: bigint }).veraId) : undefined;
}
