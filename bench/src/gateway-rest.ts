/**
 * REST throughput and p99 of /api/vera/:id and the leaderboard, against a Fastify hello-world measured in the
 * same run on the same machine (targets: >= 0.5x its req/s, p99 < 20 ms). Servers run in their own processes.
 *   npm run bench:gateway-rest -w @skald/bench     (BENCH_SECONDS, default 10)
 */
import autocannon from 'autocannon';
import { gatewayProcess, helloWorld, indexedWorld } from './gateway-setup.ts';
import { report } from './stats.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function run(url: string, paths: string[]) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from ${url}${paths[0]}`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

const world = await indexedWorld(250);
const [{ n }] = (await world.reader.sql`SELECT count(*)::int AS n FROM vera`) as unknown as [{ n: number }];
const gateway = await gatewayProcess(world);
const hello = await helloWorld();
try {
  const veraPaths = Array.from({ length: Math.max(1, n) }, (_, i) => `/api/vera/${i + 1}`);
  // warm up JIT, pools and caches
  await autocannon({
    url: gateway.url,
    connections,
    duration: 2,
    requests: veraPaths.map((path) => ({ path })),
  });
  const base = await run(hello.url, ['/hello']);
  const vera = await run(gateway.url, veraPaths);
  const board = await run(gateway.url, ['/api/leaderboard/1?limit=20', '/api/leaderboard/2?limit=20']);
  report(`gateway REST (${seconds}s each, ${connections} connections, ${n} veras)`, {
    'hello-world req/s': base.rps,
    'hello-world p99 ms': base.p99,
    '/api/vera/:id req/s': vera.rps,
    '/api/vera/:id p99 ms': vera.p99,
    '/api/vera/:id vs hello-world': `${(vera.rps / base.rps).toFixed(2)}x (target >= 0.5x)`,
    'leaderboard req/s': board.rps,
    'leaderboard p99 ms': board.p99,
    'leaderboard vs hello-world': `${(board.rps / base.rps).toFixed(2)}x (target >= 0.5x)`,
    'rate limiter': 'on, RATE_LIMIT_MAX raised to 1e9/min (all load comes from one IP)',
  });
} finally {
  await gateway.stop();
  await hello.stop();
  await world.stop();
}
