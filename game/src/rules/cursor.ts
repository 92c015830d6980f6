import { InvalidCursorError } from '../errors.ts';
import { UINT64_MAX } from './integers.ts';

/**
 * Activity feeds page by chain position: (blockNumber, logIndex) totally orders every event. The encoded form
 * is fixed width so that plain string comparison (SQL ORDER BY on text, URL params, Array.sort) gives the same
 * order as the numbers: 20 digits hold any uint64 block number, 6 digits any realistic log index.
 *
 *   encodeCursor({ blockNumber: 123n, logIndex: 4 }) === '00000000000000000123-000004'
 */
export interface Cursor {
  blockNumber: bigint;
  logIndex: number;
}

const BLOCK_DIGITS = 20;
const LOG_DIGITS = 6;
const MAX_LOG_INDEX = 10 ** LOG_DIGITS - 1;
const CURSOR = /^(\d{20})-(\d{6})$/;
/** The encoded form's shape, for schemas (`decodeCursor` also bounds the block number). */
export const CURSOR_PATTERN = `^[0-9]{${BLOCK_DIGITS}}-[0-9]{${LOG_DIGITS}}$`;

export function encodeCursor(cursor: Cursor): string {
  const { blockNumber, logIndex } = cursor;
  if (typeof blockNumber !== 'bigint' || blockNumber < 0n || blockNumber > UINT64_MAX) {
    throw new InvalidCursorError(blockNumber, 'blockNumber must be a bigint from 0 to 2^64-1');
  }
  if (!Number.isInteger(logIndex) || logIndex < 0 || logIndex > MAX_LOG_INDEX) {
    throw new InvalidCursorError(logIndex, `logIndex must be an integer from 0 to ${MAX_LOG_INDEX}`);
  }
  return `${blockNumber.toString().padStart(BLOCK_DIGITS, '0')}-${logIndex.toString().padStart(LOG_DIGITS, '0')}`;
}

/** Parses a cursor from untrusted input (query strings); anything but the exact encoded form throws. */
export function decodeCursor(value: string): Cursor {
  const match = typeof value === 'string' ? CURSOR.exec(value) : null;
  if (match === null) {
    throw new InvalidCursorError(value, `expected ${BLOCK_DIGITS} digits, '-', ${LOG_DIGITS} digits`);
  }
  const blockNumber = BigInt(match[1] as string);
  if (blockNumber > UINT64_MAX) throw new InvalidCursorError(value, 'block number exceeds 2^64-1');
  return { blockNumber, logIndex: Number(match[2]) };
}

export function isCursor(value: string): boolean {
  try {
    decodeCursor(value);
    return true;
  } catch {
    return false;
  }
}

/** Negative when `a` comes first in chain order, 0 when equal, positive after. */
export function compareCursors(a: Cursor, b: Cursor): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber < b.blockNumber ? -1 : 1;
  return a.logIndex - b.logIndex;
}
