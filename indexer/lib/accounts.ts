/** Account rows appear the first time any event names an address; these helpers keep that in one place. */
import { account } from 'ponder:schema';
import type { Hex } from 'viem';
import { addr, type Db } from './activity.ts';

export async function ensureAccount(db: Db, address: Hex, block: bigint) {
  const key = addr(address);
  const found = await db.find(account, { address: key });
  if (found) return found;
  const row = {
    address: key,
    characterId: 0n,
    name: '',
    mainAccount: key,
    isAdmin: false,
    role: 0,
    updatedBlock: block,
  };
  await db.insert(account).values(row);
  return row;
}

export async function updateAccount(
  db: Db,
  address: Hex,
  block: bigint,
  change: Partial<Omit<typeof account.$inferInsert, 'address'>>,
) {
  await ensureAccount(db, address, block);
  await db.update(account, { address: addr(address) }).set({ ...change, updatedBlock: block });
}
