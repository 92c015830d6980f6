import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: failover over `npm run start:cluster` (a few minutes; .ci/run runs it after `npm test`)
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
