/**
 * A block's game logs as provisional events: decoded with the indexer's own decoders (`@skald/chain/activity`),
 * the mint method read from the transaction input, names filled from the cache (which the decoded events keep
 * current), and mapped to the wire by the same function as the rows the indexer commits.
 */
import { type ContractName, gameEventAbis, LIVE_DECODERS, plain } from '@skald/chain/activity';
import { encodeCursor, normalizeAddress } from '@skald/game';
import { type Abi, type Address, decodeEventLog, type Hex } from 'viem';
import { type ActivityRow, type StreamEvent, toStreamEvent } from '../../events/activity.ts';
import type { NameCache } from './names.ts';
import type { RpcBlock, RpcLog } from './transport.ts';

export class LogDecoder {
  /** the game contracts by normalized address */
  private readonly contracts = new Map<string, ContractName>();

  constructor(
    contracts: Record<ContractName, Address>,
    private readonly names: NameCache,
  ) {
    for (const [name, address] of Object.entries(contracts))
      this.contracts.set(normalizeAddress(address), name as ContractName);
  }

  /** the game contracts' addresses, normalized: what the lane asks the node's logs of */
  get addresses(): string[] {
    return [...this.contracts.keys()];
  }

  /** The block's logs (sorted in place) as events, in log order; logs the stream does not carry are skipped. */
  block(block: RpcBlock, logs: RpcLog[]): StreamEvent[] {
    const number = BigInt(block.number);
    const timestamp = BigInt(block.timestamp);
    const inputs = new Map(block.transactions.map((t) => [t.hash, t.input]));
    const events: StreamEvent[] = [];
    for (const log of logs.sort((a, b) => Number(BigInt(a.logIndex) - BigInt(b.logIndex)))) {
      const event = this.log(log, number, timestamp, inputs.get(log.transactionHash));
      if (event) events.push(event);
    }
    return events;
  }

  private log(log: RpcLog, blockNumber: bigint, timestamp: bigint, input: Hex | undefined) {
    const contract = this.contracts.get(normalizeAddress(log.address));
    if (!contract) return undefined;
    let decoded: { eventName: string; args: Record<string, unknown> };
    try {
      decoded = decodeEventLog({
        abi: gameEventAbis[contract] as Abi,
        data: log.data,
        topics: log.topics,
      }) as never;
    } catch {
      return undefined; // an event the game's interfaces do not declare
    }
    const { eventName, args } = decoded;
    // the stream keeps the name cache current
    if (eventName === 'CharacterCreated') {
      this.names.set(args.characterId as bigint, String(args.name));
      this.names.select(String(args.account), args.characterId as bigint);
    }
    if (eventName === 'CharacterSelected')
      this.names.select(String(args.account), args.characterId as bigint);
    if (eventName === 'CharacterRenamed') this.names.set(args.characterId as bigint, String(args.newName));
    const decoder = LIVE_DECODERS[`${contract}:${eventName}`];
    if (!decoder) return undefined;
    const input0 = decoder(args, input, contract);
    const logIndex = Number(BigInt(log.logIndex));
    const characterId = input0.characterId ?? null;
    const row: ActivityRow = {
      cursor: encodeCursor({ blockNumber, logIndex }),
      blockNumber,
      logIndex,
      timestamp,
      txHash: log.transactionHash,
      type: input0.type,
      event: input0.event,
      account: input0.account ? normalizeAddress(input0.account) : null,
      characterId,
      otherCharacterId: input0.otherCharacterId ?? null,
      subjectId: input0.subjectId ?? null,
      payload: plain(input0.payload) as Record<string, unknown>,
      characterName: this.names.get(characterId),
      otherCharacterName: this.names.get(input0.otherCharacterId ?? null),
      accountName: this.names.account(input0.account ?? null),
    };
    return toStreamEvent(row);
  }
}

/** the cursor of a log (a withdrawn one is named by it) */
export function cursorOf(log: RpcLog): string {
  return encodeCursor({ blockNumber: BigInt(log.blockNumber), logIndex: Number(BigInt(log.logIndex)) });
}
