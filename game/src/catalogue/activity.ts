/**
 * The activity feed's vocabulary: every row the indexer writes has one of these types (its topic), and a mint
 * row names how the vera was minted. The indexer writes them, the gateway filters by them, the screens show them.
 */

export const ACTIVITY_TYPES = [
  'mint',
  'battle',
  'clan',
  'bank',
  'shop',
  'grant',
  'character',
  'vera',
  'role',
  'inventory',
  'admin',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** How a vera was minted (read from the minting transaction's selector); anything unrecognised is 'other'. */
export const MINT_METHODS = ['encounter', 'openLootBox', 'admin_grantVera', 'other'] as const;
export type MintMethod = (typeof MINT_METHODS)[number];

export function isMintMethod(value: unknown): value is MintMethod {
  return MINT_METHODS.includes(value as MintMethod);
}
