import { decodeCursor, encodeCursor } from '@skald/game';

/** The cursor just before `cursor` in chain order: where to rewind to after a reorg removed `cursor`. */
export function cursorBefore(cursor: string): string {
  const { blockNumber, logIndex } = decodeCursor(cursor);
  if (logIndex > 0) return encodeCursor({ blockNumber, logIndex: logIndex - 1 });
  if (blockNumber === 0n) return encodeCursor({ blockNumber: 0n, logIndex: 0 });
  return encodeCursor({ blockNumber: blockNumber - 1n, logIndex: 999_999 });
}
