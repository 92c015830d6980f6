/**
 * Fixed gas limits for calls whose cost depends on the on-chain random roll of the block they land in (an
 * estimate made one block earlier can fall short and the transaction would run out of gas). Only the gas used is
 * paid; the limits cover the largest case.
 */

/** encounter and openLootBox: roll a vera's traits and mint it */
export const MINT_ROLL_GAS = 1_000_000n;

/** submitActions from the second side: resolves the battle (up to three veras a side) */
export const RESOLVE_BATTLE_GAS = 3_000_000n;
