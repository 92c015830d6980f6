/**
 * The web handler's environment, checked once at creation; every problem is listed, not just the first.
 *   WEB_PUBLIC_RPC_URL   RPC URL the browser reads the chain through (default: the deployment file's rpcUrl)
 *   SKALD_DEPLOYMENT     deployment file (read by @skald/chain; default deployments/local.json)
 */
export type WebEnv = { publicRpcUrl?: string };

export class WebEnvError extends Error {
  override name = 'WebEnvError';
}

export function parseWebEnv(env: NodeJS.ProcessEnv = process.env): WebEnv {
  const problems: string[] = [];
  const rpc = env.WEB_PUBLIC_RPC_URL;
  if (rpc !== undefined && rpc !== '') {
    try {
      const url = new URL(rpc);
      if (!/^(https?|wss?):$/.test(url.protocol))
        problems.push('WEB_PUBLIC_RPC_URL must be an http(s) or ws(s) URL');
    } catch {
      problems.push(`WEB_PUBLIC_RPC_URL is not a URL: '${rpc}'`);
    }
  }
  if (problems.length > 0) throw new WebEnvError(`invalid environment:\n- ${problems.join('\n- ')}`);
  return { publicRpcUrl: rpc || undefined };
}
