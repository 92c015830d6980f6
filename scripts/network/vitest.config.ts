import { defineConfig } from 'vitest/config';

// `npm run test:network`: the stack under the opbnb-public RPC profile (a few minutes; .ci/run runs it after
// test:cluster)
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
