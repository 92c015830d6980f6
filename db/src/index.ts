/**
 * @skald/db: how every process other than Ponder reads the index. Tables are declared as readers see them in
 * the views schema; `createDb` connects with that schema on the search path.
 */
export * from './analyst.ts';
export * from './client.ts';
export * from './columns.ts';
export * from './docs.ts';
export * from './embedded.ts';
export * from './env.ts';
export * from './examples.ts';
export * from './live.ts';
export * from './tables/index.ts';
