/**
 * What player actions cost, as the contracts compute it (Shop.sol, Inventory.sol). Screens quote these before
 * the wallet is asked; the chain stays the judge.
 */

/** Shop: buying costs runixCost * (100 - buyingPower) / 100 per unit, rounded down on the line total. */
export function shopBuyTotal(runixCost: bigint, buyingPower: number, quantity: bigint): bigint {
  return ((runixCost * BigInt(100 - buyingPower)) / 100n) * quantity;
}

/** Shop: selling pays runixCost * sellingPower / 100 per unit. */
export function shopSellTotal(runixCost: bigint, sellingPower: number, quantity: bigint): bigint {
  return ((runixCost * BigInt(sellingPower)) / 100n) * quantity;
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
