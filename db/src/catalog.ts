/**
 * `@skald/db/catalog`: the table declarations and their descriptions without the client, for processes that
 * only need to know the tables (the indexer's ponder.schema.ts re-exports them from here).
 */
export * from './docs.ts';
export * from './examples.ts';
export * from './tables/index.ts';
