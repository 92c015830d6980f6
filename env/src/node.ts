/** Where a process hears the chain's node: one rule for the RPC URL, the websocket, and what counts as local. */

/** A node on this machine: localhost, any 127.x.x.x, or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The websocket twin of a loopback node's HTTP RPC URL (anvil answers both on one port): same URL, http → ws,
 * https → wss. A remote node gets none: a public RPC's websocket is a different URL, if it has one.
 */
export function loopbackWsTwin(rpcUrl: string): string | undefined {
  if (!/^https?:/.test(rpcUrl) || !isLoopbackUrl(rpcUrl)) return undefined;
  return rpcUrl.replace(/^http/, 'ws');
}

/**
 * The node a process talks to: SKALD_RPC_URL, else the deployment's rpcUrl; SKALD_WS_URL, else the RPC's loopback
 * twin (none on a remote node: the process polls).
 */
export function nodeUrls(
  env: { SKALD_RPC_URL?: string; SKALD_WS_URL?: string },
  deploymentRpcUrl: string,
): { rpcUrl: string; wsUrl: string | undefined; loopback: boolean } {
  const rpcUrl = env.SKALD_RPC_URL ?? deploymentRpcUrl;
  return { rpcUrl, wsUrl: env.SKALD_WS_URL ?? loopbackWsTwin(rpcUrl), loopback: isLoopbackUrl(rpcUrl) };
}
