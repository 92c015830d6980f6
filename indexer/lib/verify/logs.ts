/**
 * The index's event rows against the chain's logs. Every log the indexer handles is one `activity` row (same
 * cursor, transaction and event name), and each table that keeps one row per event holds exactly the rows of
 * its events: none missing, none left from a block that is no longer on the chain (a reorg's orphans).
 */
import { gameEventAbis } from '@skald/chain/activity';
import type { Deployment } from '@skald/chain/deployment';
import { encodeCursor } from '@skald/game';
import type postgres from 'postgres';
import { type AbiEvent, type Log, type PublicClient, toEventSelector } from 'viem';
import { type TableCheck, tableCheck } from './result.ts';

/** A game log as the checks need it. */
export type ChainLog = {
  blockNumber: bigint;
  logIndex: number;
  txHash: string;
  /** `Contract:Event`, e.g. `Veras:VeraMinted` */
  name: string;
};

/**
 * Tables holding one row per event, with the events that write them (see the handlers in indexer/src).
 * `key`: how a row names its log: `id` is Ponder's event id (a checkpoint string holding block number and log
 * index); `log_index` means block_number and log_index columns.
 */
export const EVENT_TABLES: readonly {
  table: string;
  key: 'id' | 'log_index';
  txHash: boolean;
  events: string[];
}[] = [
  { table: 'mint', key: 'log_index', txHash: true, events: ['Veras:VeraMinted'] },
  { table: 'vera_transfer', key: 'id', txHash: true, events: ['Veras:Transfer'] },
  { table: 'elo_history', key: 'id', txHash: false, events: ['Battles:EloChanged'] },
  { table: 'role_change', key: 'id', txHash: true, events: ['Roles:RoleGranted', 'Roles:RoleRevoked'] },
  { table: 'shop_trade', key: 'id', txHash: true, events: ['Shop:ShopTransaction'] },
  {
    table: 'currency_change',
    key: 'id',
    txHash: true,
    events: ['Inventory:RunixChanged', 'Inventory:OnyxChanged'],
  },
  {
    table: 'admin_grant',
    key: 'id',
    txHash: true,
    events: ['Inventory:AdminGranted', 'Veras:AdminGranted', 'Clans:AdminGranted'],
  },
  {
    table: 'admin_action',
    key: 'id',
    txHash: true,
    events: [
      'Bank:LockDurationSet',
      'Battles:BattleTypeToggled',
      'Clans:ClanStatusChanged',
      'Roles:VersionUpdated',
      'Shop:ShopRepriced',
      'Shop:ShopRestocked',
    ],
  },
  {
    table: 'clan_event',
    key: 'id',
    txHash: true,
    events: [
      'ClanFounded',
      'ClanStatusChanged',
      'ClanUpdated',
      'ClanInviteSent',
      'ClanInviteDeclined',
      'ClanJoinRequested',
      'ClanJoinRequestClosed',
      'ClanMemberJoined',
      'ClanMemberLeft',
      'ClanRankChanged',
      'ClanPointsChanged',
      'WispExperienceGained',
    ].map((e) => `Clans:${e}`),
  },
];

/**
 * Events the indexer folds into another table's row without an activity row of their own (indexer/src): a
 * battle's new turn deadline only updates `battle.deadline`.
 */
export const NOT_ACTIVITY: ReadonlySet<string> = new Set(['Battles:BattleDeadlineSet']);

/** topic0 of every event each contract's indexed ABI declares, by address: what the indexer subscribes to. */
function eventNames(deployment: Deployment): Map<string, Map<string, string>> {
  const byAddress = new Map<string, Map<string, string>>();
  for (const [contract, abi] of Object.entries(gameEventAbis)) {
    const address = deployment.contracts[contract as keyof Deployment['contracts']].toLowerCase();
    const names = new Map<string, string>();
    for (const item of abi as readonly { type: string; name?: string }[])
      if (item.type === 'event') names.set(toEventSelector(item as AbiEvent), `${contract}:${item.name}`);
    byAddress.set(address, names);
  }
  return byAddress;
}

/**
 * Every game log in [from, to], fetched in ranges of `range` blocks, four at a time. Give it a client without
 * JSON-RPC batching: batched, several ranges would share one response and its size limit.
 */
export async function fetchGameLogs(
  client: PublicClient,
  deployment: Deployment,
  from: bigint,
  to: bigint,
  range = 5_000n,
): Promise<ChainLog[]> {
  const names = eventNames(deployment);
  const address = Object.values(deployment.contracts);
  const ranges: [bigint, bigint][] = [];
  for (let start = from; start <= to; start += range)
    ranges.push([start, start + range - 1n < to ? start + range - 1n : to]);
  // a range whose answer is too large for one response (or that the node refuses) is fetched in halves
  const fetchRange = async (fromBlock: bigint, toBlock: bigint): Promise<Log[]> => {
    try {
      return await client.getLogs({ address, fromBlock, toBlock });
    } catch (error) {
      if (toBlock <= fromBlock) throw error;
      const middle = (fromBlock + toBlock) / 2n;
      const [low, high] = await Promise.all([
        fetchRange(fromBlock, middle),
        fetchRange(middle + 1n, toBlock),
      ]);
      return [...low, ...high];
    }
  };
  const pages: Log[][] = [];
  for (let i = 0; i < ranges.length; i += 4)
    pages.push(...(await Promise.all(ranges.slice(i, i + 4).map(([a, b]) => fetchRange(a, b)))));
  const logs: ChainLog[] = [];
  for (const page of pages)
    for (const log of page) {
      const name = log.topics[0] && names.get(log.address.toLowerCase())?.get(log.topics[0]);
      if (!name || log.blockNumber === null || log.logIndex === null || !log.transactionHash) continue;
      logs.push({ blockNumber: log.blockNumber, logIndex: log.logIndex, txHash: log.transactionHash, name });
    }
  return logs;
}

/** Block number and log index of a Ponder event id (timestamp 10, chain 16, block 16, tx 16, type 1, index 16). */
export function eventIdLog(id: string): { blockNumber: bigint; logIndex: number } | null {
  if (!/^\d{75}$/.test(id)) return null;
  return { blockNumber: BigInt(id.slice(26, 42)), logIndex: Number(id.slice(59, 75)) };
}

const cursorOf = (blockNumber: bigint | string, logIndex: number) =>
  encodeCursor({ blockNumber: BigInt(blockNumber), logIndex });

/** Reads the event rows in [from, to] (inside the caller's snapshot) and compares them with `logs`. */
export async function checkEventRows(
  sql: postgres.Sql | postgres.TransactionSql,
  logs: ChainLog[],
  from: bigint,
  to: bigint,
): Promise<TableCheck[]> {
  const range = [from.toString(), to.toString()];
  const byCursor = new Map(logs.map((l) => [cursorOf(l.blockNumber, l.logIndex), l]));
  const activityLogs = [...byCursor].filter(([, l]) => !NOT_ACTIVITY.has(l.name));
  const checks: TableCheck[] = [];

  // activity: exactly one row per log, with its transaction and event name
  const activity = tableCheck('activity');
  const rows = await sql.unsafe<{ cursor: string; tx_hash: string; event: string }[]>(
    'SELECT cursor, tx_hash, event FROM activity WHERE block_number BETWEEN $1 AND $2',
    range,
  );
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.cursor);
    const log = byCursor.get(row.cursor);
    if (!log)
      activity.mismatch(`row ${row.cursor} (${row.event}, tx ${row.tx_hash}) has no log on the chain`);
    else if (log.txHash !== row.tx_hash || !log.name.endsWith(`:${row.event}`))
      activity.mismatch(
        `row ${row.cursor} is ${row.event} in tx ${row.tx_hash}; the chain has ${log.name} in tx ${log.txHash}`,
      );
  }
  for (const [cursor, log] of activityLogs)
    if (!seen.has(cursor)) activity.mismatch(`log ${cursor} (${log.name}, tx ${log.txHash}) has no row`);
  activity.checked = Math.max(rows.length, activityLogs.length);
  checks.push(activity);

  for (const spec of EVENT_TABLES) {
    const check = tableCheck(spec.table);
    const wanted = new Set(spec.events);
    const expected = new Map(
      logs.filter((l) => wanted.has(l.name)).map((l) => [cursorOf(l.blockNumber, l.logIndex), l]),
    );
    const columns = [
      spec.key === 'id' ? 'id' : `block_number, log_index, block_number::text AS id`,
      spec.txHash ? 'tx_hash' : 'NULL AS tx_hash',
    ].join(', ');
    const tableRows = await sql.unsafe<
      { id: string; block_number?: string; log_index?: number; tx_hash: string | null }[]
    >(`SELECT ${columns} FROM "${spec.table}" WHERE block_number BETWEEN $1 AND $2`, range);
    const found = new Set<string>();
    for (const row of tableRows) {
      const at =
        spec.key === 'id'
          ? eventIdLog(row.id)
          : { blockNumber: BigInt(row.block_number as string), logIndex: row.log_index as number };
      if (!at) {
        check.mismatch(`row ${row.id} has no event id`);
        continue;
      }
      const cursor = cursorOf(at.blockNumber, at.logIndex);
      if (found.has(cursor)) check.mismatch(`two rows for the log at ${cursor}`);
      found.add(cursor);
      const log = expected.get(cursor);
      if (!log) {
        const other = byCursor.get(cursor);
        check.mismatch(
          other
            ? `row at ${cursor} comes from ${other.name}, not from ${spec.events.join('/')}`
            : `row at ${cursor} has no log on the chain`,
        );
      } else if (row.tx_hash !== null && row.tx_hash !== log.txHash)
        check.mismatch(`row at ${cursor} is in tx ${row.tx_hash}; the chain has tx ${log.txHash}`);
    }
    for (const [cursor, log] of expected)
      if (!found.has(cursor)) check.mismatch(`log ${cursor} (${log.name}, tx ${log.txHash}) has no row`);
    check.checked = Math.max(tableRows.length, expected.size);
    checks.push(check);
  }
  return checks;
}
