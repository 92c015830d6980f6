/**
 * @skald/db/testing, the stack harness's "database" step: a database of its own per test file or run, on the
 * Postgres named by SKALD_TEST_DATABASE_URL (an admin connection; default the local postgres user), dropped when
 * done. The variable is read on each call, so a global setup (`@skald/harness/setup/postgres`) may set it first.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The admin connection the tests create their databases on. */
export function testAdminUrl(env: Record<string, string | undefined> = process.env): string {
  return env.SKALD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export type TestDatabase = { name: string; databaseUrl: string; drop(): Promise<void> };

/** A uniquely named database on the test Postgres; drop() removes it. */
export async function createTestDatabase(prefix = 'skald_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const adminUrl = testAdminUrl();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
