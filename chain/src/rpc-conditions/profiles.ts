/**
 * Named network conditions the RPC proxy (proxy.ts) puts between Skald and its node. A local anvil answers in
 * microseconds, never refuses and pushes heads over a websocket; the endpoints Skald meets on opBNB testnet
 * (chain 5611) do not. Each number says where it comes from; "assumed" means no published figure was found and
 * the value is a deliberately unfriendly guess.
 */
import { RPC_PROFILE_NAMES, type RpcProfileName } from '@skald/env';

export type RpcProfile = {
  name: RpcProfileName;
  /** what the profile stands for, one line */
  about: string;
  /** added to every HTTP answer and to every websocket message sent to the client, in ms */
  latencyMs: number;
  /** ± this much, uniformly, on each delay */
  jitterMs: number;
  /**
   * JSON-RPC calls per second (a batch counts each call), with a bucket of `burst` calls; past it the answer is
   * HTTP 429 with Retry-After. Undefined: unlimited.
   */
  rate?: { perSecond: number; burst: number };
  /** eth_getLogs caps: the block span of one call and the logs one call may return */
  getLogs?: { maxBlocks: number; maxResults: number };
  /** websocket offered (eth_subscribe: newHeads, logs); false: an upgrade is refused with HTTP 405 */
  websocket: boolean;
  /** a websocket connection is closed by the server after this long (± 25 %); undefined: never */
  dropWebsocketEveryMs?: number;
  /** what the indexer is told under this profile (Ponder's getLogs range and polling interval) */
  indexer?: { getLogsRange: number; pollingMs: number };
};

// the names live in the env base (SKALD_RPC_PROFILE is validated there); RPC_PROFILES below has one per name
export { RPC_PROFILE_NAMES, type RpcProfileName };

/** The error bodies providers send, as the proxy sends them. */
export const providerErrors = {
  /**
   * HTTP 429 body: code -32005 is EIP-1474's "limit exceeded"; that providers put exactly this message in
   * their 429 bodies is assumed (clients must go by the HTTP status and Retry-After anyway).
   */
  rateLimited: { code: -32005, message: 'limit exceeded' },
  /**
   * eth_getLogs over too many blocks: "exceed maximum block range: 5000" is what BSC-family public endpoints
   * (and publicnode, with 50000) answer; the code -32000 (geth's server error) is assumed.
   */
  blockRange: (max: number) => ({ code: -32000, message: `exceed maximum block range: ${max}` }),
  /** eth_getLogs matching too many logs: Infura's documented -32005 "query returned more than 10000 results". */
  tooManyResults: (max: number) => ({ code: -32005, message: `query returned more than ${max} results` }),
};

export const RPC_PROFILES: Record<RpcProfileName, RpcProfile> = {
  local: {
    name: 'local',
    about: 'pass-through: anvil as it is',
    latencyMs: 0,
    jitterMs: 0,
    websocket: true,
  },
  'opbnb-public': {
    name: 'opbnb-public',
    about: 'a free public endpoint (opbnb-testnet-rpc.bnbchain.org kind): HTTP only, slow, rate limited',
    // assumed: a round trip from a European or US host to an Asian-hosted public endpoint, 40-120 ms
    latencyMs: 80,
    jitterMs: 40,
    // BNB Chain's docs (docs.bnbchain.org, "JSON-RPC Endpoint"): "The rate limit of BSC endpoint on Testnet and
    // Mainnet is 10K/5min", i.e. 33 calls/s; assumed the same for opBNB's public endpoint
    rate: { perSecond: 33, burst: 33 },
    // 5,000 blocks: the cap BSC-family public endpoints state in their error; 10,000 results: Infura's cap
    getLogs: { maxBlocks: 5000, maxResults: 10_000 },
    // the public opBNB endpoints list https URLs only (bnb-chain/opbnb-docs, opbnb-network-info.md)
    websocket: false,
    // opBNB makes a block every 250 ms: polling twice a block costs ~8 calls/s of the 33 (12 with each block's
    // eth_getLogs) and keeps the lag within a block; polling once a block left it at 3 blocks at p99 (a block
    // waits up to a whole interval to be seen, then two round trips of 40-120 ms)
    indexer: { getLogsRange: 5000, pollingMs: 125 },
  },
  'opbnb-paid': {
    name: 'opbnb-paid',
    about: 'a paid endpoint (NodeReal / Alchemy kind): websocket that drops, lower latency, higher rate',
    // assumed: a provider region near the host
    latencyMs: 25,
    jitterMs: 10,
    // assumed: an entry paid plan, ~100 calls/s
    rate: { perSecond: 100, burst: 200 },
    // "exceed maximum block range: 50000" (publicnode's answer); 10,000 results as Infura
    getLogs: { maxBlocks: 50_000, maxResults: 10_000 },
    websocket: true,
    // assumed: providers recycle long-lived websockets (deploys, load balancers); every ~3 minutes is harsh
    dropWebsocketEveryMs: 180_000,
    indexer: { getLogsRange: 10_000, pollingMs: 250 },
  },
};

/**
 * The indexer's settings for an endpoint with this profile (what `npm start --rpc-profile` and the network bench
 * give it): one Ponder limiter bucket that starts at, and stays under, the calls per second the endpoint allows
 * (SKALD_RPC_RATE), the profile's getLogs range and polling interval. Empty for an unconstrained profile.
 */
export function indexerEnv(profile: RpcProfile): Record<string, string> {
  if (!profile.indexer) return {};
  return {
    SKALD_RPC_FANOUT: '1',
    ...(profile.rate ? { SKALD_RPC_RATE: String(profile.rate.perSecond) } : {}),
    SKALD_GETLOGS_RANGE: String(profile.indexer.getLogsRange),
    SKALD_POLLING_MS: String(profile.indexer.pollingMs),
  };
}

/** The named profile, or an error that lists the profiles there are. */
export function rpcProfile(name: string): RpcProfile {
  const profile = RPC_PROFILES[name as RpcProfileName];
  if (!profile)
    throw new Error(`unknown RPC profile "${name}": the profiles are ${RPC_PROFILE_NAMES.join(', ')}`);
  return profile;
}
