import { defineConfig } from 'vitest/config';

// One browser stack for the whole suite (started once per file); tests in a file run in order.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
    // a Postgres for the stack's database (harness/README.md)
    globalSetup: ['@skald/harness/setup/postgres'],
  },
});
