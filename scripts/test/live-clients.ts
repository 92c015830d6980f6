/**
 * What the stack tests check a fault or a redeploy against, as users see it: live clients that subscribe from
 * one cursor through the stack's origin and keep every confirmed event they are sent, compared with the
 * database over the same cursor range (none lost, none sent twice, none extra); and a REST poller whose answers
 * say whether any request failed meanwhile.
 */
import { type ActivityFrame, connectLive, type RetractEvent } from '@skald/wire';
import type postgres from 'postgres';
import { expect } from 'vitest';

export type LiveTestClient = {
  live: ReturnType<typeof connectLive>;
  /** confirmed events the client delivered, in order */
  delivered: string[];
  /** confirmed cursors a server sent again while the client held them */
  twice: string[];
  /** cursors the server retracted (a reorg) */
  retracted: string[];
  disconnects: number;
};

/** A live client subscribed to every topic after `start`, connected through `origin`. */
export function connectClient(origin: string, start: string): Promise<LiveTestClient> {
  const live = connectLive(origin, { forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 1000 });
  const client: LiveTestClient = { live, delivered: [], twice: [], retracted: [], disconnects: 0 };
  const held = new Set<string>();
  live.socket.on('frame', (frame: ActivityFrame) => {
    for (const e of frame.events) {
      if (e.provisional) continue;
      if (held.has(e.cursor)) client.twice.push(e.cursor);
      held.add(e.cursor);
    }
  });
  live.socket.on('retract', (r: RetractEvent) => {
    for (const c of r.cursors) held.delete(c);
  });
  live.socket.on('disconnect', () => {
    client.disconnects += 1;
  });
  return new Promise((resolve, reject) => {
    live.socket.once('connect', () => {
      void live
        .subscribe(
          { topics: ['all'], after: start },
          {
            onEvent: (e) => {
              if (!e.provisional) client.delivered.push(e.cursor);
            },
            onRetract: (cursors) => {
              const gone = new Set(cursors);
              client.retracted.push(...cursors);
              client.delivered = client.delivered.filter((c) => !gone.has(c));
            },
          },
        )
        .then(() => resolve(client), reject);
    });
    // a refused handshake is retried by the client itself (reconnection); only no connection at all fails
    setTimeout(() => reject(new Error('no live connection within 60 s')), 60_000).unref();
  });
}

type Until = (what: string, timeoutMs: number, check: () => boolean | Promise<boolean>) => Promise<void>;

/**
 * Every client holds the database's cursors after `start` up to its head now (read with `sql`, whose search
 * path is the views schema): none lost, none twice, none extra. Returns how many events that range holds.
 */
export async function everyClientMatchesTheDatabase(
  clients: LiveTestClient[],
  sql: postgres.Sql,
  start: string,
  until: Until,
): Promise<number> {
  const [head] = await sql<{ cursor: string }[]>`select cursor from activity order by cursor desc limit 1`;
  const target = head?.cursor as string;
  await until(`every client at ${target}`, 120_000, () =>
    clients.every((c) => (c.delivered.at(-1) ?? '') >= target),
  );
  const truth = (
    await sql<{ cursor: string }[]>`
      select cursor from activity where cursor > ${start} and cursor <= ${target} order by cursor`
  ).map((r) => r.cursor);
  expect(truth.length).toBeGreaterThan(0);
  let lost = 0;
  let extra = 0;
  for (const c of clients) {
    const got = c.delivered.filter((cursor) => cursor <= target);
    const have = new Set(got);
    lost += truth.filter((cursor) => !have.has(cursor)).length;
    extra += got.length - truth.filter((cursor) => have.has(cursor)).length;
  }
  const twice = clients.reduce((n, c) => n + c.twice.length, 0);
  expect({ lost, extra, twice }).toEqual({ lost: 0, extra: 0, twice: 0 });
  for (const c of clients) expect(c.delivered.filter((cursor) => cursor <= target)).toEqual(truth);
  return truth.length;
}

export type Answer = { at: number; status: number; path: string };

/** Reads `paths` in turn through `origin` every 50 ms until stopped; a request that fails at all counts as 599. */
export function startPoller(origin: string, paths: string[]) {
  const answers: Answer[] = [];
  let polling = true;
  void (async () => {
    let i = 0;
    while (polling) {
      const path = paths[i++ % paths.length] as string;
      const at = Date.now();
      const status = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
        async (r) => {
          await r.body?.cancel();
          return r.status;
        },
        () => 599,
      );
      answers.push({ at, status, path });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    answers,
    /** answers asked between `from` and `to` that were 5xx (or no answer at all) */
    serverErrors: (from: number, to = Date.now()) =>
      answers.filter((a) => a.at >= from && a.at <= to && a.status >= 500),
    stop() {
      polling = false;
    },
  };
}
