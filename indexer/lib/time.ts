/**
 * The `timestamptz` twins of unix-seconds columns (db/README.md, "Times"): the text Postgres reads as the same
 * instant. A block time always fits; a time an event carries (an unlock date an admin's lock duration pushed far
 * out) may not, and its twin is then null rather than a wrong instant or a block that cannot be indexed.
 */

/** The last second a JS Date holds (275760-09-13); Postgres's timestamps reach a little further. */
const MAX_SECONDS = 8_640_000_000_000n;

/** The twin of a time an event carries: null when the time is null or past year 275760. */
export function asTimeOrNull(seconds: bigint | null | undefined): string | null {
  if (seconds === null || seconds === undefined || seconds < 0n || seconds > MAX_SECONDS) return null;
  const iso = new Date(Number(seconds) * 1000).toISOString();
  // a year past 9999 is written "+010000-…", which Postgres reads only without the sign and the padding
  return iso.startsWith('+') ? iso.slice(1).replace(/^0+/, '') : iso;
}

/** The twin of a block time (or a time the contract took from it), which always fits. */
export function asTime(seconds: bigint): string {
  const time = asTimeOrNull(seconds);
  if (time === null) throw new RangeError(`block time ${seconds} is past year 275760`);
  return time;
}
