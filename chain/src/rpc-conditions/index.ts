/** Real-network conditions in front of a local node: named profiles and the proxy that applies them. */
export {
  indexerEnv,
  providerErrors,
  RPC_PROFILE_NAMES,
  RPC_PROFILES,
  type RpcProfile,
  type RpcProfileName,
  rpcProfile,
} from './profiles.ts';
export {
  RateLimit,
  type RpcConditionsCounters,
  type RpcConditionsOptions,
  type RpcConditionsProxy,
  startRpcConditionsProxy,
} from './proxy.ts';
