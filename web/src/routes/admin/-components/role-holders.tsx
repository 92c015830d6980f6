/**
 * Who holds each role now (from the index), with Revoke beside each holder. The signed-in admin's own row says
 * "you"; a Skald contract (the game role) is named as the contract. Every confirmed role event refreshes the list
 * (live/cache-keys.ts), so a grant or a revocation sent from the form below shows up here once indexed.
 */

import type { RoleHolders as RoleHolderList } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { call } from '../../../lib/contracts.ts';
import { shortAddress } from '../../../lib/format.ts';
import { useApi, useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

type Holder = RoleHolderList['items'][number];

/** invalidated by every confirmed role event (live/cache-keys.ts) */
export const roleHoldersKey = ['admin-roles'];

export function RoleHolders() {
  const api = useApi();
  const config = useAppConfig();
  const transact = useTransactor();
  const holders = useQuery({
    queryKey: roleHoldersKey,
    queryFn: () => api.call('adminRoles'),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const contractOf = (address: string) =>
    Object.entries(config.contracts).find(([, a]) => a.toLowerCase() === address.toLowerCase())?.[0];

  const revoke = async (h: Holder) => {
    const key = `${h.account}-${h.role}`;
    setBusy(key);
    await transact(
      `Revoking ${h.roleName} from ${h.you ? 'yourself' : (h.name ?? shortAddress(h.account))}`,
      call(config, 'Roles', 'revokeRole', [h.account as `0x${string}`, h.role]),
      { invalidate: [roleHoldersKey, ['admin-audit-newer']] },
    );
    setBusy(null);
  };

  const items = holders.data?.items ?? [];
  const roles = [...new Set(items.map((h) => h.roleName))];
  return (
    <section className="card" aria-labelledby="role-holders" style={{ marginBottom: 16 }}>
      <h2 id="role-holders">Who holds each role</h2>
      {holders.isError ? (
        <p role="alert">The role holders could not be loaded: {holders.error.message}</p>
      ) : null}
      {holders.isPending ? <p className="muted">Loading…</p> : null}
      {holders.data && items.length === 0 ? <p className="muted">Nobody holds a role.</p> : null}
      {roles.map((role) => (
        <div key={role} className="table-scroll">
          <table>
            <caption>{role}</caption>
            <thead>
              <tr>
                <th scope="col">Holder</th>
                <th scope="col">Account</th>
                <th scope="col">Since block</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items
                .filter((h) => h.roleName === role)
                .map((h) => {
                  const contract = contractOf(h.account);
                  const who = h.you ? 'you' : contract ? `${contract} contract` : (h.name ?? 'no viking');
                  return (
                    <tr key={`${h.account}-${h.role}`} data-holder={h.account}>
                      <th scope="row">
                        {h.characterId && !contract ? (
                          <Link to="/viking/$id" params={{ id: h.characterId }}>
                            {who}
                          </Link>
                        ) : (
                          who
                        )}
                      </th>
                      <td>
                        <code title={h.account}>{shortAddress(h.account)}</code>
                      </td>
                      <td>{h.grantedBlock}</td>
                      <td>
                        <button
                          type="button"
                          disabled={busy !== null}
                          onClick={() => void revoke(h)}
                          aria-label={`Revoke ${h.roleName} from ${who}`}
                        >
                          Revoke
                        </button>
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
