import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseEnv, EnvError, nodeEnv, parseEnv, postgresUrl, viewsSchema } from '../src/index.ts';

const schema = baseEnv.extend({ ...nodeEnv, DATABASE_URL: postgresUrl, SKALD_VIEWS_SCHEMA: viewsSchema });

describe('parseEnv', () => {
  it('treats empty values as unset and applies defaults', () => {
    const env = parseEnv('test', schema, { DATABASE_URL: 'postgres://x@h/db', SKALD_RPC_URL: '' });
    expect(env).toEqual({ DATABASE_URL: 'postgres://x@h/db', SKALD_VIEWS_SCHEMA: 'skald' });
  });

  it('lists every bad variable in one EnvError naming the part', () => {
    const bad = { DATABASE_URL: 'mysql://x', SKALD_WS_URL: 'http://h', SKALD_VIEWS_SCHEMA: 'Bad-Name' };
    const error = (() => {
      try {
        parseEnv('test', schema, bad);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems.map((p) => p.split(':')[0])).toEqual([
      'SKALD_WS_URL',
      'DATABASE_URL',
      'SKALD_VIEWS_SCHEMA',
    ]);
    expect((error as EnvError).message).toMatch(
      /^invalid test environment:\n {2}SKALD_WS_URL: must be a ws: or wss: URL/,
    );
  });

  it('adds the problems a cross-variable check finds once the schema passes', () => {
    const strict = z.object({ MODE: z.string(), SECRET: z.string().optional() });
    const check = (env: z.output<typeof strict>) =>
      env.MODE === 'production' && !env.SECRET ? ['SECRET: required in production'] : [];
    expect(() => parseEnv('test', strict, { MODE: 'production' }, check)).toThrow(/SECRET: required/);
    expect(parseEnv('test', strict, { MODE: 'development' }, check)).toEqual({ MODE: 'development' });
  });
});
