/**
 * @skald/wire/rest: the gateway's REST answers as TypeBox schemas. The gateway declares its routes with them
 * (Fastify validates requests and serializes answers by them); readers take the types (`import type`), so
 * nothing of TypeBox reaches a browser bundle.
 */
export * from './activity.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './battles.ts';
export * from './common.ts';
export * from './health.ts';
export * from './image.ts';
export * from './paths.ts';
export * from './payload.ts';
export * from './players.ts';
export * from './route-url.ts';
export * from './routes.ts';
export * from './vera.ts';
export * from './verify.ts';
export * from './world.ts';
