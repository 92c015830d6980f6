/**
 * Asks the node whether confirmed rows the index dropped are still on the canonical chain: a row stays when
 * its transaction's receipt is in the same block and holds a log at the row's log index. One JSON-RPC batch
 * per check (one receipt per distinct transaction), bounded in time.
 */
import type { ChainCheck, VanishedRow } from './source.ts';

type Receipt = { blockNumber: string; logs: { logIndex: string }[] } | null;
type RpcAnswer = { id: number; result?: Receipt; error?: { message: string } };

/** Most receipts asked for in one batch (the rest wait for the next read). */
const MAX_RECEIPTS = 500;

export function nodeChainCheck(rpcUrl: string, timeoutMs = 3000): ChainCheck {
  return async (rows: VanishedRow[]) => {
    const txs = [...new Set(rows.map((r) => r.txHash))].slice(0, MAX_RECEIPTS);
    const body = txs.map((tx, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_getTransactionReceipt',
      params: [tx],
    }));
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`node answered ${res.status} to a receipt batch`);
    const answers = (await res.json()) as RpcAnswer[];
    if (!Array.isArray(answers)) throw new Error('node did not answer the receipt batch');
    const receipts = new Map<string, Receipt>();
    for (const answer of answers) {
      if (answer.error) throw new Error(`eth_getTransactionReceipt: ${answer.error.message}`);
      const tx = txs[answer.id];
      if (tx !== undefined) receipts.set(tx, answer.result ?? null);
    }
    const gone = new Set<string>();
    for (const row of rows) {
      if (!receipts.has(row.txHash)) continue; // not asked this time: held until the next read
      const receipt = receipts.get(row.txHash);
      const there =
        receipt != null &&
        BigInt(receipt.blockNumber) === row.blockNumber &&
        receipt.logs.some((l) => Number(l.logIndex) === row.logIndex);
      if (!there) gone.add(row.cursor);
    }
    return gone;
  };
}
