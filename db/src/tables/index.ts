/**
 * Every table the indexer writes, declared once: Ponder's `onchainTable` (columns, keys and the indexes lists
 * sort or filter by) wrapped in `documented(...)` (what the table and each column hold). The indexer's
 * ponder.schema.ts re-exports these to write them; readers query the same objects through drizzle against the
 * views schema (see client.ts). The relations serve GraphQL (and drizzle's relational queries).
 */
export * from './audit.ts';
export * from './clans.ts';

// declaration order is the reference's order (docs/index-reference.md): clans before battles

export * from './battles.ts';
export * from './economy.ts';
export * from './players.ts';
export * from './relations.ts';
export * from './veras.ts';
