/**
 * `npm start -w @skald/indexer`: runs the indexer alone against DATABASE_URL (or embedded Postgres when unset)
 * and the deployment file; Ctrl-C stops it. The root `npm start` calls startIndexer itself.
 */
import { parseDbEnv, startEmbeddedPostgres } from '@skald/db';
import { startIndexer } from '../lib/start.ts';

const env = parseDbEnv(process.env);
const embedded = env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: env.SKALD_DATA_DIR, port: env.SKALD_PG_PORT, log: console.log });
const indexer = await startIndexer({
  databaseUrl: env.DATABASE_URL ?? (embedded?.databaseUrl as string),
  viewsSchema: env.SKALD_VIEWS_SCHEMA,
  port: process.env.PORT ? Number(process.env.PORT) : undefined,
});
const shutdown = async () => {
  await indexer.stop();
  await embedded?.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
indexer.process.once('exit', (code) => {
  void embedded?.stop().then(() => process.exit(code ?? 1));
});
