/**
 * The direct-chain mint watcher the spec describes (section 7, "Mint watcher"), as a browser page for the
 * benchmark: subscribed straight to the node's websocket for the Veras Transfer events of mints (or, on an
 * endpoint without one, polling its HTTP RPC every `pollMs`), it fetches each transaction and decodes its method,
 * reads the vera and its owner's name over RPC, and renders a toast-like element. Bundled by esbuild
 * (direct-page.ts); the query string carries the endpoint (`ws`, or `rpc` and `pollMs`) and the addresses.
 */
import { CharactersAbi, VerasAbi } from '@skald/chain/abis';
import { statTotal } from '@skald/game';
import {
  type Address,
  createPublicClient,
  decodeFunctionData,
  type Hex,
  http,
  webSocket,
  zeroAddress,
} from 'viem';

const params = new URLSearchParams(location.search);
const veras = params.get('veras') as Address;
const characters = params.get('characters') as Address;
const ws = params.get('ws');
const client = ws
  ? createPublicClient({ transport: webSocket(ws) })
  : createPublicClient({
      transport: http(params.get('rpc') as string),
      pollingInterval: Number(params.get('pollMs') ?? 250),
    });
const list = document.getElementById('toasts') as HTMLElement;

function methodOf(input: Hex): string {
  try {
    const { functionName } = decodeFunctionData({ abi: VerasAbi, data: input });
    return ['encounter', 'openLootBox', 'admin_grantVera'].includes(functionName) ? functionName : 'other';
  } catch {
    return 'other';
  }
}

client.watchContractEvent({
  address: veras,
  abi: VerasAbi,
  eventName: 'Transfer',
  args: { from: zeroAddress },
  onLogs: (logs) => {
    for (const log of logs) {
      const veraId = log.args.tokenId as bigint;
      const owner = log.args.to as Address;
      void Promise.all([
        client.getTransaction({ hash: log.transactionHash as Hex }),
        client.readContract({ address: veras, abi: VerasAbi, functionName: 'getVera', args: [veraId] }),
        client
          .readContract({
            address: characters,
            abi: CharactersAbi,
            functionName: 'selectedCharacterOf',
            args: [owner],
          })
          .then((id) =>
            client.readContract({
              address: characters,
              abi: CharactersAbi,
              functionName: 'nameOf',
              args: [id],
            }),
          ),
      ]).then(([tx, vera, name]) => {
        const toast = document.createElement('li');
        toast.dataset.veraId = String(veraId);
        toast.textContent = `${name} minted Vera #${veraId} · Stat total ${statTotal([...vera.innate], vera.subRune)} · ${methodOf(tx.input)}`;
        list.prepend(toast);
      });
    }
  },
});
(window as unknown as { __directReady: boolean }).__directReady = true;
