/**
 * What an admin form just sent: the contract call decoded (function and named arguments, targets by name), its
 * result (transaction, block, or the readable error) and, once indexed, its rows in the audit. The ABIs that
 * name the arguments are loaded on use (the send has already loaded them), not with the admin pages.
 */

import type { TargetHit } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Abi, AbiFunction } from 'viem';
import { auditQueryOptions } from '../../../api/queries.ts';
import type { ContractCall } from '../../../lib/contracts.ts';
import { useApi } from '../../../lib/hooks.ts';
import type { TxResult } from '../../../tx/use-transactor.ts';
import { AuditTable } from './audit-table.tsx';

export type Sent = { call: ContractCall; result: TxResult; targets: Record<string, TargetHit | null> };

const INDEX_WAIT_MS = 60_000;

const loadAbis = () => import('../../../lib/abis.ts').then((m): Record<string, Abi> => m.ABIS);

export function decodeCall(call: ContractCall, abi: Abi, targets: Record<string, TargetHit | null> = {}) {
  const fn = abi.find(
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
  const abis = useQuery({
    queryKey: ['contract-abis'],
    queryFn: loadAbis,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const abi = abis.data?.[sent.call.contract];
  const decoded = abi ? decodeCall(sent.call, abi, sent.targets) : undefined;
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
      {decoded ? (
        <pre className="decoded-call">
          <code>
            {`${contractName}.${decoded.functionName}(\n`}
            {decoded.args.map(
              (a) => `  ${a.name} (${a.type}) = ${a.value}${a.note ? `  // ${a.note}` : ''}\n`,
            )}
            {')'}
          </code>
        </pre>
      ) : abis.isError ? (
        <p role="alert">
          {contractName}.{sent.call.functionName}: the contract description could not be loaded.
        </p>
      ) : (
        <p className="muted">Decoding…</p>
      )}
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
