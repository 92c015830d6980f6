export * from './audit.ts';
export * from './clans-battles.ts';
export * from './economy.ts';
export * from './players.ts';
export * from './veras.ts';
