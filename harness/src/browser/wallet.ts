/**
 * The test wallet: an EIP-1193 provider injected into the page before any script runs, bridged with
 * page.exposeFunction to a viem wallet of an anvil account. Signing happens in Node with the real key, and
 * transactions go to the real chain; reads are forwarded to anvil unchanged.
 */

import { skaldChain } from '@skald/chain';
import type { Page } from 'playwright-core';
import {
  type Account,
  type Chain,
  createWalletClient,
  type Hex,
  hexToBigInt,
  http,
  type TransactionRequest,
} from 'viem';

type RpcRequest = { method: string; params?: unknown[] };

const PROVIDER_SCRIPT = `(() => {
  const listeners = {};
  const provider = {
    isMetaMask: false,
    isSkaldTestWallet: true,
    async request({ method, params }) {
      const reply = JSON.parse(await window.__skaldWallet(JSON.stringify({ method, params: params ?? [] })));
      if (reply.error) { const e = new Error(reply.error.message); e.code = reply.error.code; throw e; }
      if (reply.chainChanged) for (const fn of listeners.chainChanged ?? []) fn(reply.chainChanged);
      return reply.result;
    },
    on(event, fn) { (listeners[event] ??= []).push(fn); return provider; },
    removeListener(event, fn) { listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn); return provider; },
  };
  window.ethereum = provider;
  const info = { uuid: '00000000-0000-4000-8000-000000005611', name: 'Skald Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'test.skald.wallet' };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && value.startsWith('0x') ? hexToBigInt(value as Hex) : undefined;
}

/**
 * A wallet on another network: it starts on `startChainId`; `knowsGameChain: false` makes the first
 * wallet_switchEthereumChain fail with 4902 (unknown chain) until wallet_addEthereumChain adds it; `rejectSwitch`
 * makes the player refuse (4001). Every call the page makes is recorded in `calls`.
 */
export type WalletNetwork = {
  startChainId?: number;
  knowsGameChain?: boolean;
  rejectSwitch?: boolean;
  calls?: { method: string; params: unknown[] }[];
};

export async function injectWallet(
  page: Page,
  options: { account: Account; rpcUrl: string; chain?: Chain; network?: WalletNetwork },
) {
  const chain = options.chain ?? skaldChain;
  const network = options.network ?? {};
  let chainId = network.startChainId ?? chain.id;
  const known = new Set<number>([chainId]);
  if (network.knowsGameChain !== false) known.add(chain.id);
  let changedTo: string | undefined;
  const hexId = (id: number) => `0x${id.toString(16)}`;
  const wallet = createWalletClient({ account: options.account, chain, transport: http(options.rpcUrl) });
  const address = options.account.address;
  const forward = async (request: RpcRequest) => {
    const res = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params ?? [] }),
    });
    return (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  };
  const handle = async (request: RpcRequest): Promise<unknown> => {
    const params = request.params ?? [];
    switch (request.method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [address];
      case 'eth_chainId':
        return hexId(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (network.rejectSwitch)
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        if (request.method === 'wallet_addEthereumChain') known.add(wanted);
        if (!known.has(wanted))
          throw Object.assign(new Error(`Unrecognized chain ID ${hexId(wanted)}.`), { code: 4902 });
        if (wanted !== chainId) {
          chainId = wanted;
          changedTo = hexId(wanted);
        }
        return null;
      }
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }];
      case 'personal_sign':
        return wallet.signMessage({ message: { raw: params[0] as Hex } });
      case 'eth_sendTransaction': {
        const tx = params[0] as Record<string, unknown>;
        return wallet.sendTransaction({
          to: tx.to as Hex,
          data: tx.data as Hex | undefined,
          value: quantity(tx.value),
          gas: quantity(tx.gas),
        } as TransactionRequest as never);
      }
      default: {
        const reply = await forward(request);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      }
    }
  };
  await page.exposeFunction('__skaldWallet', async (raw: string) => {
    try {
      const request = JSON.parse(raw) as RpcRequest;
      network.calls?.push({ method: request.method, params: request.params ?? [] });
      const result = await handle(request);
      const chainChanged = changedTo;
      changedTo = undefined;
      return JSON.stringify({ result, chainChanged });
    } catch (error) {
      const e = error as { message?: string; code?: number };
      return JSON.stringify({ error: { code: e.code ?? -32603, message: e.message ?? String(error) } });
    }
  });
  await page.addInitScript(PROVIDER_SCRIPT);
}
