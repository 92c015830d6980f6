/**
 * What an admin form just sent: the contract call decoded (function and named arguments, targets by name), its
 * result (transaction, block, or the readable error) and, once indexed, its rows in the audit.
 */

import type { TargetHit } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AbiFunction } from 'viem';
import { auditQueryOptions } from '../../../api/queries.ts';
import { useApi } from '../../../lib/hooks.ts';
import type { ContractCall, TxResult } from '../../../tx/use-transactor.ts';
import { AuditTable } from './audit-table.tsx';

export type Sent = { call: ContractCall; result: TxResult; targets: Record<string, TargetHit | null> };

const INDEX_WAIT_MS = 60_000;

export function decodeCall(call: ContractCall, targets: Record<string, TargetHit | null> = {}) {
  const fn = call.abi.find(
    (item): item is AbiFunction => item.type === 'function' && item.name === call.functionName,
  );
  const named = Object.values(targets).filter((t): t is TargetHit => t !== null);
  return {
    functionName: call.functionName,
    args: call.args.map((value, i) => {
      const input = fn?.inputs[i];
      const text = String(value);
      const target = named.find((t) => t.id.toLowerCase() === text.toLowerCase());
      return {
        name: input?.name || `arg${i}`,
        type: input?.type ?? 'unknown',
        value: text,
        note: target ? target.label : undefined,
      };
    }),
  };
}

export function SentCall({ sent, contractName }: { sent: Sent; contractName: string }) {
  const api = useApi();
  const decoded = decodeCall(sent.call, sent.targets);
  const hash = sent.result.ok ? sent.result.hash : undefined;
  const [startedAt] = useState(() => Date.now());
  const audit = useQuery({
    ...auditQueryOptions(api, { tx: hash }, {}, 10),
    enabled: hash !== undefined,
    // poll until the indexer has it (it usually takes one block)
    refetchInterval: (q) =>
      (q.state.data?.items.length ?? 0) > 0 || Date.now() - startedAt > INDEX_WAIT_MS ? false : 1_000,
  });
  const rows = audit.data?.items ?? [];
  return (
    <section className="card sent-call" aria-label="Sent transaction">
      <h2>Sent</h2>
      <pre className="decoded-call">
        <code>
          {`${contractName}.${decoded.functionName}(\n`}
          {decoded.args.map((a) => `  ${a.name} (${a.type}) = ${a.value}${a.note ? `  // ${a.note}` : ''}\n`)}
          {')'}
        </code>
      </pre>
      {sent.result.ok ? (
        <dl className="sent-result">
          <dt>Transaction</dt>
          <dd>
            <code data-testid="sent-tx">{sent.result.hash}</code>
          </dd>
          <dt>Block</dt>
          <dd data-testid="sent-block">{sent.result.blockNumber?.toString() ?? '—'}</dd>
        </dl>
      ) : (
        <p role="alert">Not sent: {sent.result.message}</p>
      )}
      {hash ? (
        <>
          <h3>In the audit</h3>
          {rows.length > 0 ? (
            <AuditTable entries={rows} />
          ) : audit.isError ? (
            <p role="alert">The audit could not be read: {audit.error.message}</p>
          ) : (
            <p className="muted">Waiting for the indexer…</p>
          )}
          <p>
            <Link to="/admin" search={{ tx: hash }}>
              Open this transaction in the audit
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
