/**
 * Vitest global setup (`globalSetup`) for packages whose tests need Postgres: ensures one (services.ts) and hands
 * its admin URL to the test workers as SKALD_TEST_DATABASE_URL (workers inherit this process's environment).
 */
import { ensurePostgres } from '../services.ts';

export async function setup() {
  const postgres = await ensurePostgres({ log: (line) => console.log(`harness: ${line}`) });
  if (postgres.source === 'started') console.log(`harness: tests use embedded Postgres at ${postgres.url}`);
  process.env.SKALD_TEST_DATABASE_URL = postgres.url;
  return () => postgres.stop();
}
