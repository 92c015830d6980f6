export * from './bots.ts';
export * from './browser.ts';
export * from './chain.ts';
export * from './harness.ts';
export * from './steps.ts';
export * from './wallet.ts';
