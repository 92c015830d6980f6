/**
 * Activity vocabulary: the types every activity row carries (one per game area, as the indexer writes them and
 * the gateway filters by them) and the words screens use for them.
 */

/** Every activity type, in the order screens list them. */
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

export const ACTIVITY_TYPE_LABELS = {
  mint: 'Mints',
  battle: 'Battles',
  clan: 'Clans',
  bank: 'Bank',
  shop: 'Shop',
  grant: 'Grants',
  character: 'Vikings',
  vera: 'Veras',
  role: 'Roles',
  inventory: 'Inventory',
  admin: 'Admin',
} as const satisfies Record<ActivityType, string>;

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/**
 * A list of activity types from untrusted text ("grant,battle" or an array of such), de-duplicated and in
 * `ACTIVITY_TYPES` order; unknown words are dropped.
 */
export function parseActivityTypes(value: unknown): ActivityType[] {
  const words = (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase());
  return ACTIVITY_TYPES.filter((t) => words.includes(t));
}

/** A whole-token amount for a sentence: digits grouped by thousands ("12,500"); a minus sign for debits. */
export function formatAmount(value: bigint | number | string): string {
  let n: bigint;
  try {
    n = BigInt(value);
  } catch {
    return String(value);
  }
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `−${digits}` : digits;
}

/** A signed change for a sentence: "+16", "−16", "±0". */
export function formatSigned(value: number): string {
  if (value === 0) return '±0';
  return value > 0 ? `+${value}` : `−${Math.abs(value)}`;
}
