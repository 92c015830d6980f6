/**
 * The wagmi config, made per SSR request and once per browser tab: the single game chain, an injected wallet,
 * and the connection kept in a cookie (prefix 'wagmi', path '/', SameSite Lax) so the server renders the header
 * the visitor will see. Transport settings are spec section 9's.
 */
import { defineChain } from 'viem';
import { cookieStorage, createConfig, createStorage, http } from 'wagmi';
import { injected } from 'wagmi/connectors';
import type { AppConfig } from '../boot.ts';

export const RPC = {
  timeout: 10_000,
  retryCount: 3,
  retryDelay: 150,
  pollingInterval: 4_000,
  batchSize: 1_000,
  receiptTimeout: 180_000,
  receiptRetryCount: 6,
} as const;

export function gameChain(config: AppConfig) {
  return defineChain({
    id: config.chainId,
    name: 'opBNB Testnet',
    nativeCurrency: { name: 'tBNB', symbol: 'tBNB', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    blockExplorers: { default: { name: 'opBNBScan', url: 'https://testnet.opbnbscan.com' } },
    testnet: true,
    sourceId: 97,
  });
}

export function createWagmiConfig(config: AppConfig) {
  const chain = gameChain(config);
  return createConfig({
    chains: [chain],
    connectors: [injected()],
    // one wallet button, one connector: EIP-6963 discovery would add a second connector for the same wallet
    multiInjectedProviderDiscovery: false,
    ssr: true,
    storage: createStorage({ key: 'wagmi', storage: cookieStorage }),
    pollingInterval: RPC.pollingInterval,
    transports: {
      [chain.id]: http(config.rpcUrl, {
        timeout: RPC.timeout,
        retryCount: RPC.retryCount,
        retryDelay: RPC.retryDelay,
        batch: { batchSize: RPC.batchSize },
      }),
    },
  });
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>;

declare module 'wagmi' {
  interface Register {
    config: WagmiConfig;
  }
}
