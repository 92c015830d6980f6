import { defineConfig } from 'vitest/config';

// the harness's own tests: how the services are ensured (they start embedded Postgres and redis-server)
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 120_000 } });
