/**
 * The fresh-clone smoke (.ci/run runs it inside a new clone after `npm install`): `npm start` in the background
 * on free ports, then `/`, `/api/vera/1` and one live event over the socket, then Ctrl-C, and no anvil, Postgres
 * or Node process of this folder left running. Exits non-zero with what failed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectLive } from '@skald/wire';
import { alive, launchStack } from './test/stack.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const say = (line: string) => console.log(`[smoke] +${((Date.now() - started) / 1000).toFixed(0)}s ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function processesOf(folder: string): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // this script's own helpers (tsx's esbuild service) are not the stack's
      if (ppid === process.pid) continue;
      if (cmd.includes(folder) && alive(pid)) found.push({ pid, cmd });
    } catch {
      // gone
    }
  }
  return found;
}

async function getOk(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (res.ok) return res;
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(1000);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

const stack = await launchStack({ root, viaNpm: true, echo: true });
let failed: unknown;
try {
  await stack.waitForLine(/Skald is at/, 15 * 60_000);
  say('npm start is up');
  const page = await (await getOk(`${stack.origin}/`, 60_000)).text();
  if (!page.includes('<html')) throw new Error('/ is not an HTML page');
  if (page.includes('/@vite/client'))
    throw new Error('/ is served by the Vite dev server, not the production build');
  say('/ answers the production build');
  const vera = (await (await getOk(`${stack.origin}/api/vera/1`, 180_000)).json()) as {
    vera?: { id?: string };
  };
  if (vera.vera?.id !== '1') throw new Error(`/api/vera/1 answered ${JSON.stringify(vera).slice(0, 200)}`);
  say('/api/vera/1 answers vera 1');
  const event = await new Promise<{ cursor: string; kind: string }>((resolve, reject) => {
    const client = connectLive(stack.origin);
    const timer = setTimeout(() => {
      client.close();
      reject(new Error('no live event over the socket within 120 s'));
    }, 120_000);
    client
      .subscribe(
        { topics: ['all'] },
        {
          onEvent: (e) => {
            clearTimeout(timer);
            client.close();
            resolve(e);
          },
        },
      )
      .catch(reject);
  });
  say(`live event over the socket: ${event.kind} at ${event.cursor}`);
} catch (error) {
  failed = error;
}
const before = stack.descendants();
const code = await stack.interrupt(90_000);
const signal = stack.exitSignal();
say(`Ctrl-C: npm start exited with ${signal ?? code}`);
// helpers of exited processes (tsx's esbuild service) notice their parent is gone within moments
let left = processesOf(root);
for (let i = 0; i < 20 && (left.length > 0 || before.some(alive)); i++) {
  await sleep(500);
  left = processesOf(root);
}
if (left.length > 0 || before.some(alive)) {
  console.error(
    `[smoke] processes left running:\n${left.map((p) => `  ${p.pid} ${p.cmd.slice(0, 160)}`).join('\n')}`,
  );
  process.exit(1);
}
if (failed) {
  console.error(`[smoke] FAILED: ${failed instanceof Error ? failed.message : failed}`);
  process.exit(1);
}
// npm ends itself with the signal once its script has stopped, as a shell expects of Ctrl-C
if (code !== 0 && signal !== 'SIGINT') {
  console.error(`[smoke] FAILED: npm start exited with ${code} after Ctrl-C`);
  process.exit(1);
}
// the supervisor stopped each part itself, Postgres after what uses it; nothing was left for the launcher to kill
const stopped = (part: string) =>
  stack.lines.findIndex((l) => new RegExp(`skald\\s+${part} stopped`).test(l));
if (stack.lines.some((l) => l.includes('the supervisor left running'))) {
  console.error('[smoke] FAILED: the launcher had to kill processes the supervisor left running');
  process.exit(1);
}
if (stopped('postgres') < 0 || stopped('postgres') < stopped('indexer') || stopped('indexer') < 0) {
  console.error(
    `[smoke] FAILED: Ctrl-C did not stop the indexer, then Postgres:\n${stack.lines.slice(-20).join('\n')}`,
  );
  process.exit(1);
}
say('passed: every part stopped in order, nothing left running');
