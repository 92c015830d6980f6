import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // each file starts its own anvil; two at a time suits a 2-core machine
    maxWorkers: 2,
  },
});
