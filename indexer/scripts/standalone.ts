/**
 * `npm start -w @skald/indexer`: runs the indexer alone against DATABASE_URL (or embedded Postgres on PG_PORT
 * when unset) and the deployment file, serving on INDEXER_PORT; Ctrl-C stops it. The root `npm start` calls
 * startIndexer itself.
 */
import { dbEnvSchema, startEmbeddedPostgres } from '@skald/db';
import { EnvError, parseEnv, sharedEnv } from '@skald/env';
import { startIndexer } from '../lib/ponder-process.ts';

const standaloneEnvSchema = dbEnvSchema.extend({ INDEXER_PORT: sharedEnv.INDEXER_PORT });

let env: ReturnType<typeof standaloneEnvSchema.parse>;
try {
  env = parseEnv('indexer', standaloneEnvSchema, process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
const embedded = env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: env.PG_DATA, port: env.PG_PORT, log: console.log });
const indexer = await startIndexer({
  databaseUrl: env.DATABASE_URL ?? (embedded?.databaseUrl as string),
  viewsSchema: env.SKALD_VIEWS_SCHEMA,
  port: env.INDEXER_PORT,
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
