/** What the browser tests import: the harness (stack, steps, Chromium) and this package's page helpers. */
export * from '@skald/harness';
export * from '@skald/harness/browser';
export * from './axe.ts';
export * from './indexed.ts';
export * from './pages.ts';
