/**
 * The page handler under faults, in its own process (test/fixtures/page-server.ts, the production build): a
 * client that leaves while a page is still streaming does not end the process, and paths no file can have (too
 * long for the file system, malformed escapes) are pages that do not exist, never 500s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CONTRACTS = ['Roles', 'Characters', 'Inventory', 'Veras', 'Clans', 'Battles', 'Bank', 'Shop'];
let child: ChildProcess;
let port = 0;
let output = '';
let exited: number | null | undefined;

/** A raw HTTP/1.1 GET; resolves with the first bytes of the answer, then closes the socket `closeAfterMs` later. */
function getAndLeave(path: string, headers: string, closeAfterMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`),
    );
    socket.once('data', (chunk) => {
      setTimeout(() => socket.destroy(), closeAfterMs);
      resolve(chunk.toString('latin1'));
    });
    socket.once('error', reject);
    setTimeout(() => reject(new Error(`no answer to ${path}`)), 30_000).unref();
  });
}

const alive = async () => {
  const res = await fetch(`http://127.0.0.1:${port}/build-manifest.json`, {
    signal: AbortSignal.timeout(5000),
  });
  return res.status;
};

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skald-web-faults-'));
  const deployment = join(dir, 'deployment.json');
  writeFileSync(
    deployment,
    JSON.stringify({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:1',
      startBlock: 0,
      deployedAt: new Date(0).toISOString(),
      contracts: Object.fromEntries(
        CONTRACTS.map((name, i) => [name, `0x${String(i + 1).padStart(40, '0')}`]),
      ),
    }),
  );
  const script = fileURLToPath(new URL('./fixtures/page-server.ts', import.meta.url));
  child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    // a character's battles answer late: the profile streams its shell, then waits for them
    env: { ...process.env, SKALD_DEPLOYMENT: deployment, SLOW_API: '/battles', SLOW_API_MS: '8000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('exit', (code) => {
    exited = code;
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += String(d);
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`page server exited (${code}): ${output}`)));
  });
}, 90_000);

afterAll(() => {
  if (child && exited === undefined) child.kill('SIGTERM');
});

describe('page handler faults', () => {
  it('answers paths no file can have with 404, never 500', async () => {
    for (const path of [
      `/${'a'.repeat(300)}`,
      `/assets/${'b'.repeat(300)}.js`,
      `/${'%C3%A9'.repeat(100)}`,
      `/viking/${'9'.repeat(400)}`,
      '/%E0%A4%A',
      '/%',
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(20_000) });
      await res.arrayBuffer();
      expect(res.status, path.slice(0, 60)).toBeLessThan(500);
      expect(res.status, path.slice(0, 60)).toBe(404);
    }
    // a request target no URL can be made of is the client's mistake
    const odd = await getAndLeave('//[', '', 0);
    expect(odd).toMatch(/^HTTP\/1\.1 400/);
    expect(exited).toBeUndefined();
  }, 60_000);
  it('survives clients that leave while the page is still streaming, with and without gzip', async () => {
    for (const headers of ['', 'Accept-Encoding: gzip\r\n', '']) {
      const head = await getAndLeave('/viking/1', headers, 50);
      expect(head).toMatch(/^HTTP\/1\.1 \d{3}/);
      // the page was still streaming (chunked, not yet ended) when the client left
      expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
      expect(head.endsWith('0\r\n\r\n')).toBe(false);
      await new Promise((r) => setTimeout(r, 1000));
      expect(exited, output.slice(-2000)).toBeUndefined();
      expect(await alive()).toBe(200);
    }
    expect(output).not.toMatch(/Unhandled 'error' event|AbortError/);
  }, 60_000);
});
