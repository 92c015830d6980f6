/** The chain Skald plays on: opBNB testnet (5611) in production, a local anvil with the same id in development. */
import { defineChain } from 'viem';

export const skaldChain = defineChain({
  id: 5611,
  name: 'opBNB Testnet',
  nativeCurrency: { name: 'tBNB', symbol: 'tBNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'opBNBScan', url: 'https://testnet.opbnbscan.com' } },
  testnet: true,
  sourceId: 97,
});
