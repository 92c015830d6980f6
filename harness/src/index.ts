/**
 * @skald/harness: the stack harness for tests and benchmarks (chain, deploy, database, indexer, gateway, the
 * whole stack), the services the tests need (`./services`, `./setup/*`), and, on `./browser` only, Chromium.
 */
export * from './bots.ts';
export * from './game.ts';
export * from './services.ts';
export * from './stack.ts';
export * from './steps.ts';
export * from './wait.ts';
