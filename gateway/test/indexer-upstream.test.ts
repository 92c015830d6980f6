/**
 * The gateway's way to Ponder's HTTP server during a redeploy: two real HTTP servers stand for the old and the new
 * indexer. Requests stay with the one that answers; when it stops (connection refused) the same request goes to
 * the other, and later ones stay there; a server that answers slowly is not skipped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexerUpstream } from '../src/indexer-upstream.ts';

const servers: Server[] = [];

async function server(name: string, delayMs = 0): Promise<{ url: string; close(): Promise<void> }> {
  const s = createServer((_req, res) => {
    setTimeout(() => res.end(name), delayMs);
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  };
}

/** a port nothing listens on: a server bound, its port read, then closed */
async function deadUrl(): Promise<string> {
  const s = await server('gone');
  await s.close();
  return s.url;
}

afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const text = async (r: Response) => r.text();

describe('indexer upstream', () => {
  it('stays with the first indexer while it answers, and moves the same request on when it stops', async () => {
    const old = await server('old');
    const next = await server('new');
    const upstream = createIndexerUpstream([old.url, next.url]);
    expect(await text(await upstream.fetch('/health'))).toBe('old');
    expect(await text(await upstream.fetch('/graphql'))).toBe('old');
    await old.close();
    expect(await text(await upstream.fetch('/graphql'))).toBe('new');
    expect(upstream.url).toBe(next.url.replace(/\/$/, ''));
    expect(await text(await upstream.fetch('/health'))).toBe('new');
  });

  it('finds the one that answers when the first URL is already gone (a gateway started after a redeploy)', async () => {
    const next = await server('new');
    const upstream = createIndexerUpstream([await deadUrl(), next.url]);
    expect(await text(await upstream.fetch('/health'))).toBe('new');
  });

  it('throws the refusal when no indexer listens', async () => {
    const upstream = createIndexerUpstream([await deadUrl(), await deadUrl()]);
    await expect(upstream.fetch('/health')).rejects.toThrow();
  });

  it('does not skip an indexer that is slow: its timeout is the caller’s answer', async () => {
    const slow = await server('slow', 2_000);
    const other = await server('other');
    const upstream = createIndexerUpstream([slow.url, other.url]);
    await expect(upstream.fetch('/graphql', { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /timeout|abort/i,
    );
    expect(upstream.url).toBe(slow.url.replace(/\/$/, ''));
  });
});
