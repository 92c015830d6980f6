import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // each file runs anvil + Ponder + Postgres work: one file at a time on a 2-core machine
    fileParallelism: false,
    // a Postgres for createTestDatabase (harness/README.md); by path, as the harness depends on this package
    globalSetup: ['../harness/src/setup/postgres.ts'],
  },
});
