import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // a Postgres for createTestDatabase: SKALD_TEST_DATABASE_URL, the local one, or embedded (harness/README.md);
    // named by path: the harness depends on this package, so a dependency back would be a cycle
    globalSetup: ['../harness/src/setup/postgres.ts'],
  },
});
