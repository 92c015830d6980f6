/** @skald/gateway: start function for `npm start`, the app plugin for tests, and the live protocol types (from @skald/wire). */

export * from '@skald/wire/protocol';
export { default as gatewayApp } from './app.ts';
export type { GatewayConfig } from './config.ts';
export { type GatewayEnv, gatewayEnvSchema, parseGatewayEnv } from './env.ts';
export { runGateway } from './run.ts';
export {
  buildGateway,
  type RunningGateway,
  resolveConfig,
  type StartGatewayOptions,
  startGateway,
} from './serve.ts';
