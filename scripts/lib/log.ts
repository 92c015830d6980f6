/**
 * The stack's log: one line per event, prefixed by the part that said it. LOG_LEVEL (@skald/env's rule: trace |
 * debug | info | warn | error | fatal | silent; default info) filters; LOG_FORMAT=json prints one JSON object per line for machines. Children that log pino
 * JSON (the gateway) are reformatted here; plain lines (Ponder, the simulator) are passed through with their
 * level guessed from their wording.
 *
 * Floods are collapsed: a line that says what a line of the same part and level already said in the current
 * window (10 s; numbers aside, so retry counts and durations do not make lines differ) is counted instead of
 * printed, and the window ends with one line per collapsed message: `… repeated 340 times in 10 s: <message>`.
 * The supervisor's own lines (part `skald`) are never collapsed.
 */

import { type LogLevel, parseEnv } from '@skald/env';
import { logEnvSchema } from './env.ts';

export const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type Level = keyof typeof LEVELS;

export type LogSettings = {
  /** the quietest level printed (`silent`: none) */
  level: LogLevel;
  json: boolean;
  /** the flood window in ms (0: print every line) */
  floodWindowMs?: number;
};

/** At most this many distinct messages are remembered per window; beyond, lines are printed as they come. */
const FLOOD_KEYS = 500;

/** LOG_LEVEL and LOG_FORMAT; a bad value throws @skald/env's EnvError. */
export function logSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const parsed = parseEnv('log', logEnvSchema, env);
  return { level: parsed.LOG_LEVEL, json: parsed.LOG_FORMAT === 'json' };
}

const levelOfNumber = (n: number): Level =>
  n >= 60 ? 'fatal' : n >= 50 ? 'error' : n >= 40 ? 'warn' : n >= 30 ? 'info' : n >= 20 ? 'debug' : 'trace';

/** Level of a plain text line, from the words loggers put at its start. */
function guessLevel(line: string): Level {
  const head = line.slice(0, 48).toUpperCase();
  if (/\b(ERROR|FATAL)\b/.test(head)) return 'error';
  if (/\bWARN(ING)?\b/.test(head)) return 'warn';
  if (/\bDEBUG\b/.test(head)) return 'debug';
  if (/\bTRACE\b/.test(head)) return 'trace';
  return 'info';
}

const time = (date = new Date()) => date.toTimeString().slice(0, 8);

export type Logger = {
  settings: LogSettings;
  log(part: string, level: Level, message: string, fields?: Record<string, unknown>): void;
  /** a raw line a child printed */
  line(part: string, line: string): void;
  /** a writer for a child's stdout or stderr, split into lines */
  stream(part: string): (chunk: Buffer | string) => void;
  /** ends the flood window now: prints the `… repeated` lines */
  flush(): void;
  /** flushes and stops the window timer */
  close(): void;
};

/** What makes two lines "the same" for the flood filter: digits (counts, durations, block numbers) aside. */
const floodKey = (part: string, level: Level, message: string) =>
  `${part}\u0000${level}\u0000${message.replace(/\d+/g, '#').slice(0, 300)}`;

export function createLogger(settings: LogSettings, write = (s: string) => process.stdout.write(s)): Logger {
  const threshold = settings.level === 'silent' ? Number.POSITIVE_INFINITY : LEVELS[settings.level];
  const windowMs = settings.floodWindowMs ?? 10_000;
  /** messages printed in this window, and how many more times each came */
  let seen = new Map<string, { part: string; level: Level; message: string; repeats: number }>();
  const log: Logger['log'] = (part, level, message, fields) => {
    if (LEVELS[level] < threshold) return;
    if (windowMs > 0 && part !== 'skald' && LEVELS[level] >= LEVELS.info) {
      const key = floodKey(part, level, message);
      const entry = seen.get(key);
      if (entry) {
        entry.repeats += 1;
        return;
      }
      if (seen.size < FLOOD_KEYS) seen.set(key, { part, level, message, repeats: 0 });
    }
    print(part, level, message, fields);
  };
  const print = (part: string, level: Level, message: string, fields?: Record<string, unknown>) => {
    if (settings.json) {
      write(`${JSON.stringify({ time: new Date().toISOString(), part, level, msg: message, ...fields })}\n`);
      return;
    }
    const tag = level === 'info' ? '' : `${level.toUpperCase()} `;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${formatFields(fields)}` : '';
    write(`${time()} ${part.padEnd(9)} ${tag}${message}${extra}\n`);
  };
  const flush = () => {
    const window = seen;
    seen = new Map();
    for (const { part, level, message, repeats } of window.values())
      if (repeats > 0)
        print(
          part,
          level,
          `… repeated ${repeats} time${repeats === 1 ? '' : 's'} in ${Math.round(windowMs / 1000)} s: ${message}`,
          settings.json ? { repeated: repeats } : undefined,
        );
  };
  const timer = windowMs > 0 ? setInterval(flush, windowMs) : undefined;
  timer?.unref();

  const line: Logger['line'] = (part, raw) => {
    const text = raw.trimEnd();
    if (!text.trim()) return;
    if (text.startsWith('{')) {
      try {
        const record = JSON.parse(text) as Record<string, unknown>;
        const { level, msg, time: _t, pid: _p, hostname: _h, ...rest } = record;
        const name =
          typeof level === 'number' ? levelOfNumber(level) : typeof level === 'string' ? level : 'info';
        const known = (name in LEVELS ? name : 'info') as Level;
        const err = rest.err as { message?: string; type?: string } | undefined;
        if (err && !settings.json) {
          delete rest.err;
          rest.error = err.message ?? err.type;
        }
        log(part, known, typeof msg === 'string' ? msg : '', rest);
        return;
      } catch {
        // not JSON after all: a plain line
      }
    }
    log(part, guessLevel(text), text.replace(/^\d{1,2}:\d{2}:\d{2}(\.\d+)?\s+(\w+\s+)?/, ''));
  };

  return {
    settings,
    log,
    line,
    flush,
    close() {
      if (timer) clearInterval(timer);
      flush();
    },
    stream(part) {
      let pending = '';
      return (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const l of lines) line(part, l);
      };
    },
  };
}

function formatFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
}
