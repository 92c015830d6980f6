/**
 * The stack harness's "database" step: a database of its own per test file or run, on the Postgres named by
 * SKALD_TEST_DATABASE_URL (an admin connection; default the local postgres user), dropped when done.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const TEST_ADMIN_URL =
  process.env.SKALD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { name: string; databaseUrl: string; drop(): Promise<void> };

/** A uniquely named database on the test Postgres; drop() removes it. */
export async function createTestDatabase(prefix = 'skald_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    async drop() {
      const a = postgres(TEST_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
