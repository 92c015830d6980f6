/**
 * Page renders call the API over loopback; behind a proxy those calls must not share one rate-limit bucket. A
 * render's calls count for the visitor it renders for, apart from everyone else; the marking cannot be forged
 * from outside. Real gateway listening on loopback, behind a (trusted) proxy header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebApp } from '@skald/wire/web-handler';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bare, startBare } from './fixtures/bare.ts';

const LIMIT = 4;
let bare: Bare;
let app: FastifyInstance;
let base: string;

/** A page handler that, like the SSR loaders, calls the API twice over loopback on the port the page came in on. */
const web: WebApp = {
  publicDir: '/nonexistent',
  async createHandler() {
    return {
      async handle(req: IncomingMessage, res: ServerResponse) {
        const origin = `http://127.0.0.1:${req.socket.localPort}`;
        const statuses: number[] = [];
        for (let i = 0; i < 2; i++) {
          const r = await fetch(`${origin}/sql/db`, { headers: { accept: 'application/json' } });
          const body = await r.text();
          if (r.status >= 500) console.log(body);
          statuses.push(r.status);
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(statuses));
      },
      async close() {},
    };
  },
};

const page = async (visitor: string) => {
  const res = await fetch(`${base}/`, { headers: { 'x-forwarded-for': visitor } });
  return { status: res.status, calls: res.status === 200 ? ((await res.json()) as number[]) : [] };
};

beforeAll(async () => {
  bare = await startBare();
  app = await bare.gateway({ web, rateLimitMax: LIMIT, trustProxy: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await bare?.stop();
});

describe('rate limit of page renders', () => {
  it("keys a render's API calls by the visitor, so one visitor cannot use up another's", async () => {
    const a1 = await page('203.0.113.1');
    const a2 = await page('203.0.113.1');
    expect(a1.calls).toEqual([400, 400]);
    expect(a2.calls).toEqual([400, 400]);
    // a's render calls have used their 4; a third page's calls are refused, for a only
    const a3 = await page('203.0.113.1');
    expect(a3.status).toBe(200);
    expect(a3.calls).toEqual([429, 429]);
    const b = await page('203.0.113.2');
    expect(b.calls).toEqual([400, 400]);
  });

  it('ignores the marking when it does not carry the secret', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await fetch(`${base}/sql/db`, {
        headers: {
          'x-forwarded-for': '198.51.100.7',
          'x-skald-ssr-key': 'guessed',
          'x-skald-ssr-client': `visitor-${i}`,
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(400));
    expect(statuses[LIMIT]).toBe(429);
  });
});
