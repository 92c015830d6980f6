/**
 * The web handler's environment, checked once at creation; every problem is listed, not just the first.
 *   WEB_PUBLIC_RPC_URL   RPC URL the browser reads the chain through (default: the deployment file's rpcUrl)
 *   SKALD_DEPLOYMENT     deployment file (read by @skald/chain; default deployments/local.json)
 */
import { baseEnv, parseEnv, url } from '@skald/env';

export const webEnvSchema = baseEnv.extend({
  WEB_PUBLIC_RPC_URL: url(['http:', 'https:', 'ws:', 'wss:']).optional(),
});

export type WebEnv = { publicRpcUrl?: string };

export function parseWebEnv(env: NodeJS.ProcessEnv = process.env): WebEnv {
  return { publicRpcUrl: parseEnv('web', webEnvSchema, env).WEB_PUBLIC_RPC_URL };
}
