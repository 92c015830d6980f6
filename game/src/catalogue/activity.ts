/**
 * How a vera was minted: a mint row names it (read from the minting transaction's selector); anything
 * unrecognised is 'other'. The activity types themselves are in rules/activity.ts with their labels.
 */

export const MINT_METHODS = ['encounter', 'openLootBox', 'admin_grantVera', 'other'] as const;
export type MintMethod = (typeof MINT_METHODS)[number];

export function isMintMethod(value: unknown): value is MintMethod {
  return MINT_METHODS.includes(value as MintMethod);
}
