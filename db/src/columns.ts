/**
 * Column helpers every reader shares. Ponder stores Ethereum integers as numeric(78) and addresses/hashes as
 * lower-case text; these map them to bigint and `0x${string}` so no reader re-parses them.
 */
import { customType, integer, text } from 'drizzle-orm/pg-core';

export type Hex = `0x${string}`;

/** numeric(78,0) <-> bigint (uint64, uint256, int128 values). */
export const uint = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'numeric(78, 0)',
  fromDriver: (value) => BigInt(value),
  toDriver: (value) => value.toString(),
});

/** numeric(78,0)[] <-> bigint[] (id lists such as a battle's veras). */
export const uintArray = customType<{ data: bigint[]; driverData: string[] | string }>({
  dataType: () => 'numeric(78, 0)[]',
  fromDriver: (value) =>
    (Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
    ).map((v) => BigInt(v)),
  toDriver: (value) => value.map(String),
});

/** int8 that always fits a JS number here (uint32 counters, elo). */
export const int8 = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => Number(value),
});

/** Lower-case 0x text: addresses and hashes. */
export const hex = (name: string) => text(name).$type<Hex>();

export const int = (name: string) => integer(name);
