/**
 * @skald/game: the game's catalogue and rules as pure functions. No IO and no dependencies, so the contracts'
 * TypeScript mirrors (indexer, gateway, web, simulator) all import the same numbers and names from here.
 */
export * from './catalogue/abilities.ts';
export * from './catalogue/activity.ts';
export * from './catalogue/audit.ts';
export * from './catalogue/battle.ts';
export * from './catalogue/character.ts';
export * from './catalogue/codes.ts';
export * from './catalogue/effects.ts';
export * from './catalogue/items.ts';
export * from './catalogue/runes.ts';
export * from './catalogue/species.ts';
export * from './catalogue/stats.ts';
export * from './errors.ts';
export * from './rules/activity.ts';
export * from './rules/activity-sentence.ts';
export * from './rules/address.ts';
export * from './rules/contract-errors.ts';
export * from './rules/cursor.ts';
export * from './rules/elo.ts';
export * from './rules/integers.ts';
export * from './rules/levels.ts';
export * from './rules/my-moment.ts';
export * from './rules/patterns.ts';
export * from './rules/prices.ts';
export * from './rules/stats.ts';
export * from './rules/wallet-errors.ts';
export * from './rules/wisp.ts';
