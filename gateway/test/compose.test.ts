/**
 * No Docker engine runs here, so this checks docker-compose.yml against the code: every service exists, the
 * gateway's and indexer's variables pass their env schemas, and names and ports agree with each other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDbEnv } from '@skald/db';
import { sharedEnv } from '@skald/env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseGatewayEnv } from '../src/env.ts';

type Service = {
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
};
// merge keys (`<<: *gateway`): the second gateway is the first one's service
const compose = parse(readFileSync(join(import.meta.dirname, '..', '..', 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, Service>;
};
const services = compose.services;
const env = (name: string) => services[name]?.environment ?? {};

describe('docker-compose.yml', () => {
  const gateways = ['gateway-1', 'gateway-2'];

  it('has postgres, its replica, redis, anvil, indexer, the GraphQL reader, two gateways, the balancer and web, each healthy-checked or one-shot', () => {
    const healthChecked = [
      'postgres',
      'postgres-replica',
      'redis',
      'anvil',
      'indexer',
      'graphql-reader',
      ...gateways,
      'balancer',
    ];
    for (const name of [...healthChecked, 'web']) expect(services).toHaveProperty(name);
    for (const name of healthChecked) expect(services[name]?.healthcheck).toBeDefined();
  });

  it.each(gateways)(
    "gives %s an environment its schema accepts, pointing at the other services' names and ports",
    (gateway) => {
      const parsed = parseGatewayEnv(env(gateway));
      expect(parsed.NODE_ENV).toBe('production');
      expect(new URL(parsed.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(parsed.REDIS_URL as string).hostname).toBe('redis');
      const indexer = new URL(parsed.INDEXER_URL[0] as string);
      expect(indexer.hostname).toBe('indexer');
      expect(services.indexer?.expose).toContain(indexer.port);
      expect(sharedEnv.INDEXER_PORT.parse(env('indexer').INDEXER_PORT)).toBe(Number(indexer.port));
      // published by the balancer only (scripts/test/cluster-compose.test.ts checks its config)
      expect(services[gateway]?.expose).toContain(String(parsed.PORT));
      expect(services.balancer?.ports).toContain(`${parsed.PORT}:${parsed.PORT}`);
      expect(parsed.HOST).toBe('0.0.0.0');
      expect(services[gateway]?.healthcheck?.test.join(' ')).toContain(`:${parsed.PORT}/ready`);
      // reads on the replica, the analysts' role there too; the live stream on the primary, each gateway its own
      const read = new URL(parsed.DATABASE_READ_URL as string);
      expect(read.hostname).toBe('postgres-replica');
      expect(new URL(parsed.ANALYST_DATABASE_URL as string).host).toBe(read.host);
      expect(read.pathname).toBe(new URL(parsed.DATABASE_URL).pathname);
      expect(parsed.LIVE_REDIS).toBe(false);
      expect(parsed.TRUST_PROXY).toBe(true);
      expect(parsed.SKALD_VIEWS_SCHEMA).toBe(parseDbEnv(env('indexer')).SKALD_VIEWS_SCHEMA);
      expect(parsed.DATABASE_URL).toBe(env('indexer').DATABASE_URL);
      expect(parsed.SKALD_DEPLOYMENT).toBe(env('indexer').SKALD_DEPLOYMENT);
      // GraphQL from the reader on the same replica, on the port it serves
      const reader = new URL(parsed.GRAPHQL_READ_URL?.[0] as string);
      expect(reader.hostname).toBe('graphql-reader');
      expect(services['graphql-reader']?.expose).toContain(reader.port);
      expect(sharedEnv.INDEXER_PORT.parse(env('graphql-reader').INDEXER_PORT)).toBe(Number(reader.port));
      expect(env('graphql-reader').DATABASE_URL).toBe(parsed.DATABASE_READ_URL);
      expect(parseDbEnv(env('graphql-reader')).SKALD_VIEWS_SCHEMA).toBe(parsed.SKALD_VIEWS_SCHEMA);
      expect(services['graphql-reader']?.healthcheck?.test.join(' ')).toContain(`:${reader.port}/ready`);
      expect(services[gateway]?.depends_on?.['graphql-reader']).toEqual({ condition: 'service_healthy' });
    },
  );

  it('points the indexer at anvil and postgres as they are published', () => {
    const rpc = new URL(env('indexer').SKALD_RPC_URL as string);
    expect(rpc.hostname).toBe('anvil');
    expect(services.anvil?.ports).toContain(`${rpc.port}:${rpc.port}`);
    const db = new URL(env('indexer').DATABASE_URL as string);
    expect(services.postgres?.ports).toContain(`${db.port}:${db.port}`);
    expect(db.pathname.slice(1)).toBe(env('postgres').POSTGRES_DB);
    expect(new URL(env('deploy').RPC_URL as string).host).toBe(rpc.host);
  });

  it.each(gateways)('starts %s only after its dependencies are healthy or built', (gateway) => {
    expect(services[gateway]?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      'postgres-replica': { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      indexer: { condition: 'service_healthy' },
      web: { condition: 'service_completed_successfully' },
    });
  });

  it('refuses the production gateway without a session secret (the schema lists the problem)', () => {
    const { SESSION_SECRET: _, ...rest } = env('gateway-1');
    expect(() => parseGatewayEnv(rest)).toThrow(/SESSION_SECRET/);
    expect(() => parseGatewayEnv({ ...rest, SESSION_SECRET: 'x', PORT: 'abc' })).toThrow(
      /SESSION_SECRET[\s\S]*PORT|PORT[\s\S]*SESSION_SECRET/,
    );
  });
});
