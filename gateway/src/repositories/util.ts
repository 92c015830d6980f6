/** Wire form of the index's integers: uint64 values travel as decimal strings (they may pass 2^53). */
export const str = (value: bigint | number): string => value.toString();
export const strOrNull = (value: bigint | number | null | undefined): string | null =>
  value === null || value === undefined ? null : value.toString();
/** Timestamps and small counters fit a JS number. */
export const num = (value: bigint | number): number => Number(value);
export const numOrNull = (value: bigint | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
