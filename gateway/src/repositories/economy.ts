/** The shop's stock and a character's inventory (currencies, items, belt, amulets, lootboxes, bank). */
import {
  amulet,
  bankLock,
  bankProgress,
  beltItem,
  inventory,
  inventoryItem,
  lootBox,
  type SkaldDb,
  shopItem,
} from '@skald/db';
import type { BankLock } from '@skald/wire/rest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { num, numOrNull, str, strOrNull } from './util.ts';

export function economyRepository({ db }: SkaldDb) {
  return {
    async shop(shopId: number | undefined) {
      const rows = await db
        .select()
        .from(shopItem)
        .where(shopId === undefined ? undefined : eq(shopItem.shopId, shopId))
        .orderBy(asc(shopItem.shopId), asc(shopItem.itemId))
        .limit(1000);
      const shops = new Map<number, ReturnType<typeof toItem>[]>();
      for (const row of rows) {
        const list = shops.get(row.shopId) ?? [];
        list.push(toItem(row));
        shops.set(row.shopId, list);
      }
      return [...shops].map(([id, items]) => ({ shopId: id, items }));
    },

    async inventory(characterId: string) {
      const id = BigInt(characterId);
      const [balances] = await db.select().from(inventory).where(eq(inventory.characterId, id));
      const items = await db.select().from(inventoryItem).where(eq(inventoryItem.characterId, id)).limit(500);
      const belt = await db.select().from(beltItem).where(eq(beltItem.characterId, id)).limit(100);
      const amulets = await db.select().from(amulet).where(eq(amulet.characterId, id)).limit(500);
      const boxes = await db
        .select()
        .from(lootBox)
        .where(and(eq(lootBox.characterId, id), ne(lootBox.status, 'consumed')))
        .limit(500);
      const locks = await db
        .select()
        .from(bankLock)
        .where(eq(bankLock.characterId, id))
        .orderBy(asc(bankLock.lockIndex));
      const [progress] = await db.select().from(bankProgress).where(eq(bankProgress.characterId, id));
      return {
        runix: str(balances?.runix ?? 0n),
        onyx: str(balances?.onyx ?? 0n),
        slots: {
          lootBox: balances?.lootBoxSlots ?? null,
          belt: balances?.beltSlots ?? null,
          beltUsed: balances?.beltUsed ?? 0,
        },
        items: items
          .filter((i) => i.quantity > 0n)
          .map((i) => ({ itemId: i.itemId, quantity: str(i.quantity) })),
        belt: belt.map((b) => ({ itemId: b.itemId, slots: b.slots })),
        amulets: amulets.map((a) => ({
          amuletId: str(a.id),
          rarity: a.rarity,
          runeType: a.runeType,
          isSoulbound: a.isSoulbound,
          veraId: a.veraId === 0n ? null : str(a.veraId),
        })),
        lootBoxes: boxes.map((b) => ({
          lootBoxId: str(b.id),
          boxType: b.boxType,
          species: b.species,
          rune: b.rune,
          isSoulbound: b.isSoulbound,
          status: b.status,
          slot: b.slot,
          endTimestamp: numOrNull(b.endTimestamp),
        })),
        bank: {
          locks: locks.map((l) => ({
            lockIndex: l.lockIndex,
            runix: str(l.runix),
            lockDate: num(l.lockDate),
            unlockDate: num(l.unlockDate),
            runixReward: str(l.runixReward),
            onyxReward: str(l.onyxReward),
            milestoneId: l.milestoneId,
            status: l.status as BankLock['status'],
            unlockedAt: numOrNull(l.unlockedAt),
          })),
          progress: progress
            ? {
                milestoneId: progress.milestoneId,
                earningsToDate: str(progress.earningsToDate),
                nextMilestoneThreshold: str(progress.nextMilestoneThreshold),
              }
            : null,
        },
        // the game contracts define no gems yet, so the index has none to list
        gems: [] as [],
        lastUpdatedBlock: strOrNull(balances?.updatedBlock),
      };
    },
  };
}

function toItem(row: typeof shopItem.$inferSelect) {
  return {
    itemId: row.itemId,
    quantity: str(row.quantity),
    runixCost: str(row.runixCost),
    isPurchasable: row.isPurchasable,
    isSellable: row.isSellable,
  };
}

export type EconomyRepository = ReturnType<typeof economyRepository>;
