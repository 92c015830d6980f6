/**
 * The variables `npm start` shares with the processes it runs: a value it takes is one they take (the gateway
 * used to refuse SQL_TIMEOUT_MS=0 and be restarted in a loop while the analyst role ran without a timeout).
 * Pure parsing: no stack is started.
 */

import { dbEnvSchema } from '@skald/db';
import { ensureAnalystRole } from '@skald/db/analyst';
import { EnvError, parseEnv } from '@skald/env';
import { parseGatewayEnv } from '@skald/gateway';
import type { Sql } from 'postgres';
import { describe, expect, it } from 'vitest';
import { logEnvSchema, stackEnvSchema } from '../lib/env.ts';

const problems = (parse: () => unknown): string[] => {
  try {
    parse();
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
};
const stack = (env: Record<string, string>) => problems(() => parseEnv('npm start', stackEnvSchema, env));
const gateway = (env: Record<string, string>) =>
  problems(() => parseGatewayEnv({ DATABASE_URL: 'postgres://p@127.0.0.1/skald', ...env }));
/** the role's timeout is checked before anything is sent, so no database is needed to see it refused */
const analystRole = (statementTimeoutMs: number) =>
  ensureAnalystRole({} as Sql, { password: 'x', viewsSchema: 'skald', statementTimeoutMs });

describe('variables npm start shares with its parts', () => {
  it('refuses SQL_TIMEOUT_MS=0 in npm start, the gateway and the analyst role alike', async () => {
    const rule = 'SQL_TIMEOUT_MS: must be a whole number of milliseconds from 10 to 600000';
    expect(stack({ SQL_TIMEOUT_MS: '0' })).toEqual([rule]);
    expect(gateway({ SQL_TIMEOUT_MS: '0' })).toEqual([rule]);
    await expect(analystRole(0)).rejects.toThrow(/from 10 to 600000/);
    expect(parseEnv('npm start', stackEnvSchema, {}).SQL_TIMEOUT_MS).toBe(
      parseGatewayEnv({ DATABASE_URL: 'postgres://p@127.0.0.1/skald' }).SQL_TIMEOUT_MS,
    );
  });

  it('judges PORT, SESSION_SECRET and LOG_LEVEL the same way in npm start and the gateway', () => {
    const cases: Record<string, string>[] = [
      { PORT: '70000' },
      { PORT: '3000.5' },
      { SESSION_SECRET: 'too short' },
      { LOG_LEVEL: 'loud' },
      { LOG_LEVEL: 'DEBUG' },
      { LOG_LEVEL: 'silent' },
      { PORT: '0' },
    ];
    for (const env of cases) {
      const said = [
        ...problems(() =>
          parseEnv('npm start', stackEnvSchema.pick({ PORT: true, SESSION_SECRET: true }), env),
        ),
        ...problems(() => parseEnv('log', logEnvSchema.pick({ LOG_LEVEL: true }), env)),
      ];
      expect(said, JSON.stringify(env)).toEqual(gateway(env));
    }
  });

  it('reads the embedded Postgres port under one name, PG_PORT, in npm start and @skald/db', () => {
    expect(parseEnv('npm start', stackEnvSchema, { PG_PORT: '5433' }).PG_PORT).toBe(5433);
    expect(parseEnv('database', dbEnvSchema, { PG_PORT: '5433' }).PG_PORT).toBe(5433);
    expect(stack({ PG_PORT: '0' })).toEqual(
      problems(() => parseEnv('database', dbEnvSchema, { PG_PORT: '0' })),
    );
  });
});
