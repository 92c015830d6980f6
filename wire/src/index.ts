export * from './client.ts';
export * from './cursor.ts';
export * from './filter.ts';
export * from './protocol.ts';
