/**
 * @skald/db: the index's tables (declared once, written by the indexer, read by everyone else) and how every
 * process other than Ponder reads them: `createDb` connects with the views schema on the search path. Test
 * helpers live on `@skald/db/testing`, never here.
 */
export * from './analyst.ts';
export * from './client.ts';
export * from './docs.ts';
export * from './embedded.ts';
export * from './env.ts';
export * from './examples.ts';
export * from './live.ts';
export * from './tables/index.ts';
