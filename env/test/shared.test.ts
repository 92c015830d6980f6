import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvError, isLoopbackUrl, loopbackWsTwin, nodeUrls, parseEnv, sharedEnv } from '../src/index.ts';

const timeout = z.object({ SQL_TIMEOUT_MS: sharedEnv.SQL_TIMEOUT_MS });
const problems = (part: string, schema: z.ZodType, env: Record<string, string>) => {
  try {
    parseEnv(part, schema, env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
};

describe('sharedEnv', () => {
  it('has one default per variable', () => {
    expect(parseEnv('test', z.object(sharedEnv), {})).toEqual({
      PORT: 3000,
      INDEXER_PORT: 42069,
      PG_PORT: 54329,
      SQL_TIMEOUT_MS: 5000,
      LOG_LEVEL: 'info',
    });
  });

  it('refuses SQL_TIMEOUT_MS=0 (no timeout) and anything but whole ms from 10 to 600000', () => {
    const rule = ['SQL_TIMEOUT_MS: must be a whole number of milliseconds from 10 to 600000'];
    for (const bad of ['0', '9', '600001', '1.5', 'soon', '-1'])
      expect(problems('test', timeout, { SQL_TIMEOUT_MS: bad }), bad).toEqual(rule);
    expect(parseEnv('test', timeout, { SQL_TIMEOUT_MS: '10' }).SQL_TIMEOUT_MS).toBe(10);
  });

  it('takes a port from 0 (the system picks) to 65535; PG_PORT from 1', () => {
    const ports = z.object({ PORT: sharedEnv.PORT, PG_PORT: sharedEnv.PG_PORT });
    expect(parseEnv('test', ports, { PORT: '0', PG_PORT: '65535' })).toEqual({ PORT: 0, PG_PORT: 65535 });
    expect(problems('test', ports, { PORT: '65536', PG_PORT: '0' })).toEqual([
      'PORT: must be a port number (an integer from 0 to 65535)',
      'PG_PORT: must be a port number (an integer from 1 to 65535)',
    ]);
    expect(problems('test', ports, { PORT: '3000.5' })).toHaveLength(1);
  });

  it('takes LOG_LEVEL in any case, silent included, and names the levels otherwise', () => {
    const log = z.object({ LOG_LEVEL: sharedEnv.LOG_LEVEL });
    expect(parseEnv('test', log, { LOG_LEVEL: 'DEBUG' }).LOG_LEVEL).toBe('debug');
    expect(parseEnv('test', log, { LOG_LEVEL: 'silent' }).LOG_LEVEL).toBe('silent');
    expect(problems('test', log, { LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL: must be one of trace, debug, info, warn, error, fatal, silent',
    ]);
  });

  it('wants a session secret of at least 32 characters', () => {
    const secret = z.object({ SESSION_SECRET: sharedEnv.SESSION_SECRET });
    expect(problems('test', secret, { SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: must be at least 32 characters',
    ]);
    expect(parseEnv('test', secret, { SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET).toHaveLength(32);
  });
});

describe('the node a process talks to', () => {
  it('counts localhost, any 127.x.x.x and [::1] as loopback', () => {
    for (const url of [
      'http://localhost:8545',
      'http://127.0.0.1:8545',
      'http://127.1.2.3:8545',
      'http://[::1]:8545',
      'https://LOCALHOST',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      'http://anvil:8545',
      'https://rpc.example',
      'http://128.0.0.1',
      'http://127.example.com',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it('twins a loopback RPC with its websocket on the same port and path, none elsewhere', () => {
    expect(loopbackWsTwin('http://127.0.0.1:8545')).toBe('ws://127.0.0.1:8545');
    expect(loopbackWsTwin('http://127.0.0.2:8545/rpc')).toBe('ws://127.0.0.2:8545/rpc');
    expect(loopbackWsTwin('https://localhost:8545')).toBe('wss://localhost:8545');
    expect(loopbackWsTwin('http://[::1]:8545')).toBe('ws://[::1]:8545');
    expect(loopbackWsTwin('https://opbnb-testnet-rpc.bnbchain.org')).toBeUndefined();
  });

  it('prefers SKALD_RPC_URL and SKALD_WS_URL over the deployment and the twin', () => {
    expect(nodeUrls({}, 'http://127.0.0.1:8545')).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      wsUrl: 'ws://127.0.0.1:8545',
      loopback: true,
    });
    expect(nodeUrls({ SKALD_RPC_URL: 'https://rpc.example' }, 'http://127.0.0.1:8545')).toEqual({
      rpcUrl: 'https://rpc.example',
      wsUrl: undefined,
      loopback: false,
    });
    expect(
      nodeUrls({ SKALD_RPC_URL: 'http://anvil:8545', SKALD_WS_URL: 'ws://anvil:8545' }, 'http://x:1').wsUrl,
    ).toBe('ws://anvil:8545');
  });
});
