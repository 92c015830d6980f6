/**
 * Clans waiting for an admin's decision, each with Approve and Decline. The list is live: clan events invalidate
 * the ['clans'] queries, so a clan founded or decided elsewhere appears or leaves without a reload.
 */

import type { ClanSummary } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { call } from '../../../lib/contracts.ts';
import { utcDate } from '../../../lib/format.ts';
import { useApi, useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';
import { LazySentCall } from './lazy-sent-call.tsx';
import type { Sent } from './sent-call.tsx';

export function PendingClans() {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const pending = useQuery({
    queryKey: ['clans', 'pending'],
    queryFn: () => api.call('clans', { query: { status: 1, limit: 100 } }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [sent, setSent] = useState<(Sent & { n: number }) | null>(null);

  const decide = async (clan: ClanSummary, approve: boolean) => {
    const fn = approve ? 'admin_approveClan' : 'admin_declineClan';
    const request = call(config, 'Clans', fn, [BigInt(clan.id)]);
    setBusy(clan.id);
    const result = await transact(`${approve ? 'Approving' : 'Declining'} ${clan.name}`, request, {
      invalidate: [['clans'], ['admin-audit-newer']],
    });
    setBusy(null);
    const target = {
      type: 'clan' as const,
      id: clan.id,
      label: clan.name,
      detail: `[${clan.tag}]`,
      characterId: null,
      account: null,
    };
    setSent((old) => ({ call: request, result, targets: { clanId: target }, n: (old?.n ?? 0) + 1 }));
  };

  const items = pending.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="pending-clans">
      <h2 id="pending-clans">Pending clans</h2>
      {pending.isError ? (
        <p role="alert">Pending clans could not be loaded: {pending.error.message}</p>
      ) : null}
      {pending.isPending ? <p className="muted">Loading…</p> : null}
      {pending.data && items.length === 0 ? (
        <p className="muted">No clan is waiting for a decision.</p>
      ) : null}
      {items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Clan</th>
                <th scope="col">Jarl</th>
                <th scope="col">Founded</th>
                <th scope="col">Description</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {items.map((clan) => (
                <tr key={clan.id}>
                  <th scope="row">
                    <Link to="/clans/$id" params={{ id: clan.id }}>
                      {clan.name}
                    </Link>{' '}
                    <span className="pill">{clan.tag}</span>
                  </th>
                  <td>
                    <Link to="/viking/$id" params={{ id: clan.jarl.characterId }}>
                      {clan.jarl.name || `viking #${clan.jarl.characterId}`}
                    </Link>
                  </td>
                  <td>{utcDate(clan.foundedAt)}</td>
                  <td>{clan.description}</td>
                  <td>
                    <div className="row" style={{ gap: 8 }}>
                      <button
                        type="button"
                        className="primary"
                        disabled={busy !== null}
                        onClick={() => void decide(clan, true)}
                      >
                        Approve
                      </button>
                      <button type="button" disabled={busy !== null} onClick={() => void decide(clan, false)}>
                        Decline
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {sent ? <LazySentCall key={sent.n} sent={sent} contractName="Clans" /> : null}
    </section>
  );
}
