/**
 * Postgres's parser for /sql statements, off the gateway's thread and bounded in time. libpg_query (WebAssembly)
 * loops for good on some inputs (found by test/sql-fuzz.test.ts); run inline, one such request would stall every
 * request of the process, timers included. It runs in a worker thread (parse-worker.mjs) instead: a parse that
 * takes longer than PARSE_TIMEOUT_MS ends the worker, the request gets a 400, and the statements that were
 * waiting behind it are parsed again on a fresh worker. A parse that throws (a WebAssembly abort) gets the same
 * fresh worker and one more try.
 */
import { Worker } from 'node:worker_threads';
import { SqlQueryError } from './errors.ts';

export type ParseResult = {
  parse_tree: { stmts: { stmt?: Record<string, unknown>; stmt_location?: number; stmt_len?: number }[] };
  error: { message: string; cursorpos?: number } | null;
};

/** the longest a statement may take to parse; the slowest legitimate ones here take a few ms */
export const PARSE_TIMEOUT_MS = 1000;

type Pending = {
  sql: string;
  tries: number;
  timer?: NodeJS.Timeout;
  resolve(result: ParseResult): void;
  reject(error: Error): void;
};

export function createParser(options: { timeoutMs: number } = { timeoutMs: PARSE_TIMEOUT_MS }) {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  function send(id: number, job: Pending) {
    const w = current();
    clearTimeout(job.timer);
    job.timer = setTimeout(() => timedOut(id), options.timeoutMs);
    w.postMessage({ id, sql: job.sql });
  }

  /** Ends the worker and sends what else was waiting to a fresh one. */
  function restart(except: number) {
    const old = worker;
    worker = undefined;
    void old?.terminate();
    for (const [id, job] of pending) if (id !== except) send(id, job);
  }

  function timedOut(id: number) {
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    job.reject(
      new SqlQueryError(400, `the statement could not be parsed within ${options.timeoutMs} ms; simplify it`),
    );
    restart(id);
  }

  function current(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    // the gateway may exit while it idles
    w.unref();
    w.on('message', ({ id, result, error }: { id: number; result?: ParseResult; error?: string }) => {
      const job = pending.get(id);
      if (!job) return;
      clearTimeout(job.timer);
      if (result) {
        pending.delete(id);
        job.resolve(result);
        return;
      }
      // a parser that threw is unusable afterwards: once more on a fresh one, then it is the statement's fault
      if (job.tries >= 2) {
        pending.delete(id);
        job.reject(new SqlQueryError(400, `the statement could not be parsed (${error})`));
        restart(id);
        return;
      }
      job.tries += 1;
      restart(-1);
    });
    w.on('error', () => {
      if (worker === w) restart(-1);
    });
    worker = w;
    return w;
  }

  /** The parse tree of `sql`, or a 400 when it cannot be parsed in time. */
  function parse(sql: string): Promise<ParseResult> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const job: Pending = { sql, tries: 1, resolve, reject };
      pending.set(id, job);
      send(id, job);
    });
  }

  return {
    parse,
    /** ends the worker (a new one starts on the next parse) */
    async close() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

/** the process's parser */
export const statementParser = createParser();
