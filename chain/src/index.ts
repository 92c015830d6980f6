export * from '../generated/abis.ts';
export * from './anvil.ts';
export * from './chain.ts';
export * from './deploy.ts';
export * from './deployment.ts';
export * from './game-client.ts';
