/**
 * What player actions cost, as the contracts compute it (Shop.sol, Inventory.sol). Screens quote these before
 * the wallet is asked; the chain stays the judge.
 */

/** Shop (IShop): one unit costs runixCost * (100 - buyingPower) / 100, rounded down. */
export function shopBuyPrice(runixCost: bigint, buyingPower: number): bigint {
  return (runixCost * BigInt(100 - buyingPower)) / 100n;
}

/** Shop (IShop): selling one unit pays runixCost * sellingPower / 100, rounded down. */
export function shopSellPrice(runixCost: bigint, sellingPower: number): bigint {
  return (runixCost * BigInt(sellingPower)) / 100n;
}

/** Shop: a line's total is the unit price times the quantity. */
export function shopBuyTotal(runixCost: bigint, buyingPower: number, quantity: bigint): bigint {
  return shopBuyPrice(runixCost, buyingPower) * quantity;
}

export function shopSellTotal(runixCost: bigint, sellingPower: number, quantity: bigint): bigint {
  return shopSellPrice(runixCost, sellingPower) * quantity;
}

/** Onyx to open a lootbox at once when claiming it: 5, 10, 20 for box types 1..3. */
export function lootBoxSpeedUpCost(boxType: number): bigint {
  if (boxType < 1 || boxType > 3) throw new RangeError(`unknown lootbox type ${boxType}`);
  return 5n << BigInt(boxType - 1);
}

/** Onyx for the chest slot that brings the count to `slotCount` (the first two are free). */
export function lootBoxSlotPrice(slotCount: number): bigint {
  return slotCount <= 2 ? 0n : 50n << BigInt(slotCount - 3);
}

/** Runix for the belt slot that brings the count to `slotCount` (the first two are free). */
export function beltSlotPrice(slotCount: number): bigint {
  return slotCount <= 2 ? 0n : 100n << BigInt(slotCount - 3);
}

/** Veras.claimStarter: the runix that come with a new player's starter vera (Veras.STARTER_RUNIX). */
export const STARTER_RUNIX = 500;

/** Veras.encounter: exploring costs nothing and has no cooldown (only the network fee). */
export const ENCOUNTER_COST_RUNIX = 0;
