import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closedFolderOnTheWay } from '../src/embedded.ts';

const base = mkdtempSync(join(tmpdir(), 'skald-embedded-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('embedded Postgres as root', () => {
  it('names the first folder the postgres user cannot enter, and none once it may', () => {
    const inner = join(base, 'clone', 'node_modules');
    mkdirSync(inner, { recursive: true });
    chmodSync(base, 0o700);
    chmodSync(join(base, 'clone'), 0o755);
    expect(closedFolderOnTheWay(inner)).toBe(base);
    chmodSync(base, 0o755);
    expect(closedFolderOnTheWay(inner)).toBeNull();
    chmodSync(join(base, 'clone'), 0o750);
    expect(closedFolderOnTheWay(inner)).toBe(join(base, 'clone'));
  });
});

describe('embedded Postgres in a process', () => {
  it("leaves the process's own exit code alone (the package's exit hook would make a failed run exit 0)", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const dataDir = join(base, 'exit-code', 'data');
    mkdirSync(dataDir, { recursive: true });
    chmodSync(base, 0o755);
    chmodSync(join(base, 'exit-code'), 0o755);
    const embedded = fileURLToPath(new URL('../src/embedded.ts', import.meta.url));
    // as a test runner does: the work ends, the exit code says it failed, the process ends by itself
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(embedded)};
      const pg = await startEmbeddedPostgres({ port: ${port}, dataDir: ${JSON.stringify(dataDir)} });
      await pg.stop();
      process.exitCode = 3;
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(3);
  }, 120_000);
});
