/**
 * Progress checks the supervisor runs on parts that can hang without exiting (SIGSTOP, a wedged loop, a lost
 * connection nobody retries). Each returns a reason when the part is stuck, null while it makes progress, and
 * throws when it cannot tell (that is no verdict).
 */

export type StallSettings = {
  /** the chain must have moved this many blocks past the indexer's head… */
  blocks: number;
  /** …and the head must have stayed put this long */
  ms: number;
};

/**
 * The indexer is stalled when its committed head has not moved while the chain moved `blocks` blocks past it,
 * for at least `ms`. An idle chain never makes it stalled. One detector per indexer process.
 */
export function createStallDetector(settings: StallSettings) {
  let last: { head: number; chainAtMove: number; movedAt: number } | undefined;
  return {
    observe({ head, chain, now = Date.now() }: { head: number; chain: number; now?: number }): string | null {
      if (!last || head !== last.head) {
        last = { head, chainAtMove: chain, movedAt: now };
        return null;
      }
      const moved = chain - Math.max(last.chainAtMove, head);
      const still = now - last.movedAt;
      if (moved >= settings.blocks && still >= settings.ms)
        return `its head stayed at block ${head} for ${Math.round(still / 1000)} s while the chain moved ${moved} blocks (to ${chain})`;
      return null;
    },
  };
}

/** Stuck after `failures` checks in a row that failed (e.g. a probe that times out on a stopped process). */
export function consecutiveFailures(failures: number, probe: () => Promise<void>, what: string) {
  let count = 0;
  let lastError = '';
  return async (): Promise<string | null> => {
    try {
      await probe();
      count = 0;
      return null;
    } catch (error) {
      count += 1;
      lastError = error instanceof Error ? error.message : String(error);
      return count >= failures ? `${what} failed ${count} times in a row (${lastError})` : null;
    }
  };
}

/** One JSON-RPC call with a timeout. */
export async function rpcCall<T>(
  rpcUrl: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new Error(body.error?.message ?? `${method}: no result`);
  return body.result;
}

/** Resolves `promise`, or rejects after `ms` with `what` in the message. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** `Indexed block … number=212 block_count=1 event_count=3` (Ponder's live log line), or null. */
export function liveBlock(text: string): { indexed: boolean; number: number; events: number } | null {
  const block = /(Indexed|Finalized) block\b.*?\bnumber=(\d+)/.exec(text);
  if (!block) return null;
  return {
    indexed: block[1] === 'Indexed',
    number: Number(block[2]),
    events: Number(/\bevent_count=(\d+)/.exec(text)?.[1] ?? 0),
  };
}

/**
 * Backfill progress while the indexer catches up: from successive (head, chain) readings, how far it is, how
 * fast it goes and when it should be done. `line` answers null until two readings a few seconds apart exist.
 */
export function createBackfillProgress(startBlock: number) {
  const readings: { head: number; chain: number; at: number }[] = [];
  return {
    observe(reading: { head: number; chain: number; now?: number }): string | null {
      const at = reading.now ?? Date.now();
      readings.push({ head: reading.head, chain: reading.chain, at });
      // the rate over the last 30 s: a restart or a slow start does not weigh forever
      while (readings.length > 2 && at - (readings[0] as { at: number }).at > 30_000) readings.shift();
      const first = readings[0] as { head: number; at: number };
      const done = Math.max(0, reading.head - startBlock);
      const total = Math.max(1, reading.chain - startBlock);
      const percent = Math.min(100, (done / total) * 100);
      const seconds = (at - first.at) / 1000;
      if (seconds < 1) return null;
      const perSecond = (reading.head - first.head) / seconds;
      const left = Math.max(0, reading.chain - reading.head);
      const eta =
        perSecond > 0 ? formatSeconds(left / perSecond) : left === 0 ? '0 s' : 'unknown (no progress yet)';
      return `backfill: block ${reading.head} of ${reading.chain} (${percent.toFixed(1)} %), ${perSecond.toFixed(1)} blocks/s, ETA ${eta}`;
    },
  };
}

/** 75 → "1 min 15 s"; 4000 → "1 h 6 min". */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
