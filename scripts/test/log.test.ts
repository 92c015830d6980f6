import { EnvError } from '@skald/env';
import { describe, expect, it } from 'vitest';
import { createLogger, logSettings } from '../lib/log.ts';

function capture(env: Record<string, string>) {
  const out: string[] = [];
  const logger = createLogger(logSettings(env), (s) => {
    out.push(s);
    return true;
  });
  return { logger, out };
}

const pino = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ level, time: 1, pid: 1, hostname: 'h', msg, ...extra });

describe('the stack log', () => {
  it('prints one readable line per event at info, requests only at debug', () => {
    const { logger, out } = capture({});
    logger.line('gateway', pino(30, 'Server listening at http://127.0.0.1:3000'));
    logger.line('gateway', pino(20, 'request', { method: 'GET', url: '/', status: 200 }));
    logger.line('gateway', pino(40, 'live stream error', { err: { message: 'boom', type: 'Error' } }));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d gateway {3}Server listening at http:\/\/127\.0\.0\.1:3000\n$/);
    expect(out[1]).toContain('WARN live stream error error=boom');

    const debug = capture({ LOG_LEVEL: 'debug' });
    debug.logger.line('gateway', pino(20, 'request', { method: 'GET', url: '/', status: 200 }));
    expect(debug.out[0]).toContain('request method=GET url=/ status=200');
  });

  it('prints JSON objects with LOG_FORMAT=json, plain lines included', () => {
    const { logger, out } = capture({ LOG_FORMAT: 'json' });
    logger.line('indexer', '05:49:04.123 WARN  Schema is locked by a different Ponder app');
    logger.log('skald', 'info', 'Skald is at http://localhost:3000');
    const [first, second] = out.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      part: 'indexer',
      level: 'warn',
      msg: 'Schema is locked by a different Ponder app',
    });
    expect(second).toMatchObject({ part: 'skald', level: 'info', msg: 'Skald is at http://localhost:3000' });
  });

  it('splits a child stream into lines, across chunks', () => {
    const { logger, out } = capture({});
    const write = logger.stream('simulator');
    write('simulator: 10 mo');
    write('ves\nbad move x\n');
    expect(out.map((l) => l.slice(9))).toEqual(['simulator simulator: 10 moves\n', 'simulator bad move x\n']);
  });

  it('refuses a bad LOG_LEVEL or LOG_FORMAT with what is allowed', () => {
    expect(() => logSettings({ LOG_LEVEL: 'loud' })).toThrow(EnvError);
    expect(() => logSettings({ LOG_FORMAT: 'xml' })).toThrow(/pretty or json/);
  });
});

describe('log floods', () => {
  it('collapses a repeated line (numbers aside) into one "… repeated N times" line per window', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', json: false, floodWindowMs: 60_000 }, (s) => {
      out.push(s);
      return true;
    });
    for (let i = 0; i < 340; i++)
      logger.line('indexer', `12:00:00.000 WARN  Failed to fetch latest block retry_count=${i}`);
    logger.line('indexer', '12:00:01.000 INFO  something else');
    for (let i = 0; i < 5; i++) logger.log('skald', 'warn', 'indexer killed by SIGKILL; restarting in 0.5 s');
    expect(out).toHaveLength(7);
    expect(out[0]).toContain('WARN Failed to fetch latest block retry_count=0');
    logger.close();
    expect(out).toHaveLength(8);
    expect(out[7]).toMatch(/indexer {3}WARN … repeated 339 times in 60 s: Failed to fetch latest block/);
    // a new window prints the line again
    const next = createLogger({ level: 'info', json: true, floodWindowMs: 60_000 }, (s) => {
      out.push(s);
      return true;
    });
    next.log('gateway', 'warn', 'database unavailable');
    next.log('gateway', 'warn', 'database unavailable');
    next.flush();
    next.log('gateway', 'warn', 'database unavailable');
    next.close();
    const json = out.slice(8).map((l) => JSON.parse(l));
    expect(json.map((j) => j.msg)).toEqual([
      'database unavailable',
      '… repeated 1 time in 60 s: database unavailable',
      'database unavailable',
    ]);
    expect(json[1].repeated).toBe(1);
  });
});
