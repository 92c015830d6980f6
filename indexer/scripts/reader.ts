/**
 * `npm run serve -w @skald/indexer`: a GraphQL reader alone (`ponder serve`, see startReader) on the views schema
 * of DATABASE_URL, a streaming replica of the indexer's database, serving on INDEXER_PORT; Ctrl-C stops it.
 * `npm run start:cluster` starts its own; docker-compose.yml runs this one.
 */
import { dbEnvSchema } from '@skald/db';
import { EnvError, parseEnv, postgresUrl, sharedEnv } from '@skald/env';
import { startReader } from '../lib/ponder-process.ts';

const readerEnvSchema = dbEnvSchema.extend({
  DATABASE_URL: postgresUrl,
  INDEXER_PORT: sharedEnv.INDEXER_PORT,
});

let env: ReturnType<typeof readerEnvSchema.parse>;
try {
  env = parseEnv('graphql reader', readerEnvSchema, process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
const reader = await startReader({
  databaseUrl: env.DATABASE_URL,
  viewsSchema: env.SKALD_VIEWS_SCHEMA,
  port: env.INDEXER_PORT,
});
const shutdown = async () => {
  await reader.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
reader.process.once('exit', (code) => process.exit(code ?? 1));
