import { defineConfig } from 'vitest/config';

// `npm run test:stack`: the whole stack as `npm start` runs it, one file at a time
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    // a Postgres for the tests' own databases (harness/README.md); `npm start` itself runs embedded Postgres
    globalSetup: ['@skald/harness/setup/postgres'],
  },
});
