/**
 * How the tests get their Postgres and Redis: the configured one, else the one listening on the usual port, else
 * one started for the run. The usual port is a free one here, so "nothing listens" holds even on a machine that
 * runs the system Postgres and Redis.
 */
import { createServer, type Server } from 'node:net';
import { freePort } from '@skald/chain/anvil';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePostgres, ensureRedis, listening, MissingServiceError, onPath } from '../src/services.ts';

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** Something that accepts connections on a port of its own (it need not speak the protocol: only a probe). */
async function listener(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** One Redis command over a bare socket (no client library): PING answers +PONG. */
async function redisPing(url: string): Promise<string> {
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().trim());
    });
    socket.once('error', reject);
  });
}

describe('ensurePostgres', () => {
  it('uses SKALD_TEST_DATABASE_URL when set, without looking further', async () => {
    const url = 'postgres://someone@db.example:5433/postgres';
    const service = await ensurePostgres({ env: { SKALD_TEST_DATABASE_URL: url }, port: await freePort() });
    expect(service).toMatchObject({ url, source: 'configured' });
  });

  it('uses the Postgres already listening on the usual port', async () => {
    const port = await listener();
    const service = await ensurePostgres({ env: {}, port });
    expect(service).toMatchObject({
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      source: 'listening',
    });
  });

  it('starts embedded Postgres when nothing listens, and its URL takes a database and a query', async () => {
    const port = await freePort();
    expect(await listening(port)).toBe(false);
    const service = await ensurePostgres({ env: {}, port });
    try {
      expect(service.source).toBe('started');
      const admin = postgres(service.url, { max: 1, onnotice: () => {} });
      await admin.unsafe('CREATE DATABASE skald_harness_probe');
      await admin.end();
      const url = new URL(service.url);
      url.pathname = '/skald_harness_probe';
      const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const [row] = await sql<{ answer: number }[]>`select 41 + 1 as answer`;
      await sql.end();
      expect(row?.answer).toBe(42);
    } finally {
      await service.stop();
    }
    expect(await listening(Number(new URL(service.url).port))).toBe(false);
  });
});

describe('ensureRedis', () => {
  it('uses SKALD_TEST_REDIS_URL when set', async () => {
    const url = 'redis://cache.example:6380';
    const service = await ensureRedis({ env: { SKALD_TEST_REDIS_URL: url }, port: await freePort() });
    expect(service).toMatchObject({ url, source: 'configured' });
  });

  it('uses the Redis already listening on the usual port', async () => {
    const port = await listener();
    const service = await ensureRedis({ env: {}, port });
    expect(service).toMatchObject({ url: `redis://127.0.0.1:${port}`, source: 'listening' });
  });

  it('says what to install when nothing listens and there is no redis-server', async () => {
    const attempt = ensureRedis({ env: { PATH: '/nonexistent' }, port: await freePort() });
    await expect(attempt).rejects.toBeInstanceOf(MissingServiceError);
    await expect(attempt).rejects.toThrow(/apt-get install redis-server.*SKALD_TEST_REDIS_URL/);
  });

  it.skipIf(!onPath('redis-server'))('starts redis-server when nothing listens', async () => {
    const port = await freePort();
    const service = await ensureRedis({ env: { PATH: process.env.PATH }, port });
    try {
      expect(service.source).toBe('started');
      expect(service.url).not.toBe(`redis://127.0.0.1:${port}`);
      expect(await redisPing(service.url)).toBe('+PONG');
    } finally {
      await service.stop();
    }
    expect(await listening(Number(new URL(service.url).port))).toBe(false);
  });
});
