/**
 * Rows of the admin audit: when, who (the admin, by name), what, to whom (linked to the target's page) and the
 * transaction (the audit narrowed to it; the full hash on hover).
 */

import type { AuditEntry } from '@skald/wire/rest';
import { Link } from '@tanstack/react-router';
import { shortAddress, utcDate } from '../../../lib/format.ts';

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function TargetCell({ target }: { target: AuditEntry['target'] }) {
  const name = target.name || null;
  switch (target.type) {
    case 'character':
      return target.id ? (
        <Link to="/viking/$id" params={{ id: target.id }}>
          {name ?? `viking #${target.id}`}
        </Link>
      ) : (
        <>—</>
      );
    case 'vera':
      return target.id ? (
        <>
          <Link to="/vera/$id" params={{ id: target.id }}>
            vera #{target.id}
          </Link>
          {target.characterId ? (
            <span className="muted">
              {' '}
              of{' '}
              <Link to="/viking/$id" params={{ id: target.characterId }}>
                {name ?? `viking #${target.characterId}`}
              </Link>
            </span>
          ) : null}
        </>
      ) : (
        <>—</>
      );
    case 'clan':
      return target.id ? (
        <Link to="/clans/$id" params={{ id: target.id }}>
          {name ?? `clan #${target.id}`}
        </Link>
      ) : (
        <>—</>
      );
    case 'account':
      return target.characterId ? (
        <Link to="/viking/$id" params={{ id: target.characterId }} title={target.id ?? undefined}>
          {name || shortAddress(target.id)}
        </Link>
      ) : (
        <span title={target.id ?? undefined}>{name || shortAddress(target.id)}</span>
      );
    case 'shop':
      return <Link to="/shop">{name ?? 'Shop'}</Link>;
    default:
      return <span className="muted">—</span>;
  }
}

/** `me`: the signed-in admin's address (lower case): their own rows say "you". */
export function AuditTable(props: { entries: AuditEntry[]; caption?: string; me?: string }) {
  return (
    <div className="table-scroll">
      <table className="audit-table">
        {props.caption ? <caption>{props.caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">What</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => (
            <tr key={e.id} data-audit-id={e.id}>
              <td>
                <time dateTime={new Date(e.timestamp * 1000).toISOString()}>{utcDate(e.timestamp)}</time>
              </td>
              <td>
                {props.me !== undefined && e.admin.toLowerCase() === props.me ? (
                  <span title={e.admin}>you</span>
                ) : e.adminCharacterId ? (
                  <Link to="/viking/$id" params={{ id: e.adminCharacterId }} title={e.admin}>
                    {e.adminName || shortAddress(e.admin)}
                  </Link>
                ) : (
                  <Link to="/admin" search={{ admin: e.admin }} title={e.admin}>
                    {e.adminName || shortAddress(e.admin)}
                  </Link>
                )}
              </td>
              <td>{e.kindLabel}</td>
              <td>
                <TargetCell target={e.target} />
              </td>
              <td>
                {e.kind === 'vera' && e.subjectId ? (
                  <Link to="/vera/$id" params={{ id: e.subjectId }}>
                    {e.summary}
                  </Link>
                ) : (
                  e.summary
                )}
              </td>
              <td>
                <Link to="/admin" search={{ tx: e.txHash }} title={`${e.txHash} · block ${e.blockNumber}`}>
                  <code>{shortHash(e.txHash)}</code>
                </Link>
                <span className="muted"> · block {e.blockNumber}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
