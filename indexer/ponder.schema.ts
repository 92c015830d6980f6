// Ponder reads the tables from this file; they live in schema/ by subject.
export * from './schema/audit.ts';
export * from './schema/battles.ts';
export * from './schema/clans.ts';
export * from './schema/economy.ts';
export * from './schema/players.ts';
export * from './schema/veras.ts';
