/**
 * Benchmark: server-side rendering time to first byte for /vera/{id} through the gateway (production build):
 * from sending the request to the first body byte, one request at a time, after a warm-up. Also the time to
 * the last byte, since the page streams. Env: BENCH_REQUESTS (default 300).
 */
import { request } from 'node:http';
import { mined } from '@skald/harness';
import { webStack } from './web/stack.ts';
import { ms, summary } from './web/stats.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;

function timeOne(url: string): Promise<{ ttfb: number; total: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let ttfb = 0;
    const req = request(url, { headers: { accept: 'text/html' } }, (res) => {
      res.once('data', () => {
        ttfb = performance.now() - start;
      });
      res.on('data', () => {});
      res.on('end', () => resolve({ ttfb, total: performance.now() - start, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const { stack, playerId } = await webStack();
  try {
    const c = stack.game.contracts(0);
    const ids: bigint[] = [];
    for (let i = 0; i < 10; i++) {
      await mined(
        stack.game,
        c.veras.write.admin_grantVera([playerId, 1 + (i % 8), 1, 2, 1, 1, false], { gas: 1_000_000n }),
      );
      ids.push(await c.veras.read.totalMinted());
    }
    await new Promise((r) => setTimeout(r, 2000)); // indexed
    const ttfb: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < REQUESTS + WARMUP; i++) {
      const id = ids[i % ids.length] as bigint;
      const r = await timeOne(`${stack.gateway.url}/vera/${id}`);
      if (r.status !== 200) throw new Error(`/vera/${id} answered ${r.status}`);
      if (i < WARMUP) continue;
      ttfb.push(r.ttfb);
      total.push(r.total);
    }
    const line = (name: string, s: ReturnType<typeof summary>) =>
      `${name.padEnd(22)} n=${s.n}  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
    console.log(
      `\nSSR /vera/{id} through the gateway, sequential, ${REQUESTS} requests after ${WARMUP} warm-up`,
    );
    console.log(line('time to first byte', summary(ttfb)));
    console.log(line('time to last byte', summary(total)));
  } finally {
    await stack.stop();
  }
}

await main();
