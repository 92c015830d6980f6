/**
 * @skald/harness/browser: Chromium (playwright-core) on top of the stack harness. The only entry that loads
 * playwright-core; importers depend on it themselves (an optional peer of the harness).
 */
export * from './browser.ts';
export * from './stack.ts';
export * from './wallet.ts';
