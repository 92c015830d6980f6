import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // each world file runs anvil + Ponder + Postgres: one file at a time on a 2-core machine
    fileParallelism: false,
    // Postgres for createTestDatabase and Redis for sessions and the two-process stream (harness/README.md);
    // by path, as the harness depends on this package
    globalSetup: ['../harness/src/setup/postgres.ts', '../harness/src/setup/redis.ts'],
  },
});
