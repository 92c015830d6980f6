import {
  ADDRESS_PATTERN,
  AUDIT_CURSOR_PATTERN,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  type AuditKind,
  isAuditKind,
  isId,
  TX_HASH_PATTERN,
} from '@skald/game';
import type { TargetHit } from '@skald/wire/rest';
import { routeUrl } from '@skald/wire/rest/route-url';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  type AuditFilter,
  auditNewerQueryOptions,
  auditQuery,
  auditQueryOptions,
  sessionQueryOptions,
} from '../../api/queries.ts';
import { TargetSearch } from '../../components/forms/target-search.tsx';
import { staleKeysFor } from '../../live/cache-keys.ts';
import type { ActivityEvent } from '../../live/protocol.ts';
import { refreshLive } from '../../live/refresh.ts';
import { useLiveView } from '../../live/use-live-view.ts';
import { AuditTable } from './-components/audit-table.tsx';
import { SignedInSessions } from './-components/signed-in-sessions.tsx';

/** The audit's state, all of it in the URL so a view can be shared with another admin. */
export type AuditSearch = {
  admin?: string;
  adminName?: string;
  /** the signed-in admin's own actions, or everyone else's */
  by?: 'me' | 'others';
  /** a character id; a number in the URL while it is a safe integer (TanStack keeps numbers unquoted) */
  target?: number | string;
  targetName?: string;
  kind?: AuditKind;
  /** UTC, YYYY-MM-DDTHH:MM */
  from?: string;
  to?: string;
  tx?: string;
  before?: string;
  after?: string;
};

const PAGE = 25;
const ALL_CONFIRMED = { topics: ['all' as const], confirmedOnly: true };
/** an event the audit may list (the ones that make its "N new" count stale) */
const touchesAudit = (event: ActivityEvent) =>
  staleKeysFor(event).some((key) => key[0] === 'admin-audit-newer');
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const ADDRESS = new RegExp(ADDRESS_PATTERN);
const TX_HASH = new RegExp(TX_HASH_PATTERN);
const AUDIT_CURSOR = new RegExp(AUDIT_CURSOR_PATTERN);
const text = (v: unknown, pattern: RegExp) => (typeof v === 'string' && pattern.test(v) ? v : undefined);
const label = (v: unknown) =>
  (typeof v === 'string' || typeof v === 'number') && String(v).length <= 64 ? String(v) : undefined;
/** A character id as the URL holds it: a plain number when it fits, else the decimal string. */
function characterId(v: unknown): number | string | undefined {
  const id = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (!isId(id) || id === '0') return undefined;
  return Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

export const Route = createFileRoute('/admin/')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    admin: text(search.admin, ADDRESS),
    adminName: label(search.adminName),
    by: search.by === 'me' || search.by === 'others' ? search.by : undefined,
    target: characterId(search.target),
    targetName: label(search.targetName),
    kind: isAuditKind(search.kind) ? search.kind : undefined,
    from: text(search.from, DATETIME),
    to: text(search.to, DATETIME),
    tx: text(search.tx, TX_HASH),
    before: text(search.before, AUDIT_CURSOR),
    after: text(search.after, AUDIT_CURSOR),
  }),
  head: () => ({ meta: [{ title: 'Audit · Admin · Skald' }] }),
  component: AuditPage,
});

const toUnix = (value: string | undefined) =>
  value ? Math.floor(Date.parse(`${value}:00Z`) / 1000) : undefined;

function filterOf(search: AuditSearch, me: string | undefined): AuditFilter {
  const mine = search.by === 'me' && me ? me : undefined;
  return {
    admin: mine ?? search.admin,
    exceptAdmin: search.by === 'others' && me ? me : undefined,
    target: search.target === undefined ? undefined : String(search.target),
    kind: search.kind,
    from: toUnix(search.from),
    // "to" a minute includes the whole minute
    to: search.to ? (toUnix(search.to) ?? 0) + 59 : undefined,
    tx: search.tx,
  };
}

function AuditPage() {
  const { api } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions(api));
  const me = session.data?.address.toLowerCase();
  const filter = filterOf(search, me);
  const cursor = { before: search.before, after: search.after };
  const page = useQuery({
    ...auditQueryOptions(api, filter, cursor, PAGE),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const atHead = !search.before && !search.after;
  const top = atHead ? page.data?.items[0]?.id : undefined;
  // live events invalidate this count (live/cache-keys.ts); the poll is the fallback when the socket is down
  const newer = useQuery({ ...auditNewerQueryOptions(api, filter, top), refetchInterval: 15_000 });
  // from the cursor the page was read at: an admin action after that read counts, even one before the
  // subscription opened
  const read = page.data !== undefined;
  useLiveView({
    request: ALL_CONFIRMED,
    from: page.data?.asOf,
    keep: 0,
    enabled: read,
    onLive: () => {
      if (page.data?.asOf == null) void queryClient.invalidateQueries({ queryKey: ['admin-audit-newer'] });
    },
    onConfirmed: (events) => {
      if (events.some(touchesAudit)) refreshLive(queryClient, ['admin-audit-newer']);
    },
    onRetracted: () => refreshLive(queryClient, ['admin-audit-newer']),
  });
  const newCount = newer.data?.count ?? 0;

  const showNew = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin-audit'] });
    await queryClient.invalidateQueries({ queryKey: ['admin-audit-newer'] });
  };

  const csvHref = routeUrl('adminAuditCsv', { query: auditQuery(filter) });
  const filtered = Boolean(
    search.admin || search.by || search.target || search.kind || search.from || search.to || search.tx,
  );
  const total = page.data
    ? `${page.data.total.toLocaleString('en-US')}${page.data.totalCapped ? '+' : ''}`
    : '';

  return (
    <section>
      <h1>Audit</h1>
      <p className="muted">
        Every admin action the index holds: grants of every kind, role changes, clan decisions, shop and game
        settings. Newest first.
      </p>
      <AuditFilters
        key={JSON.stringify([search.admin, search.target, search.kind, search.from, search.to, search.tx])}
        search={search}
        onApply={(next) => navigate({ search: next })}
      />
      <fieldset className="row audit-by" style={{ gap: 8, border: 0, padding: 0, margin: '8px 0' }}>
        <legend className="muted">Whose actions</legend>
        {(
          [
            [undefined, 'Everyone'],
            ['me', 'By me'],
            ['others', 'By others'],
          ] as const
        ).map(([by, text]) => (
          <Link
            key={text}
            to="/admin"
            search={{
              ...search,
              by,
              admin: by ? undefined : search.admin,
              before: undefined,
              after: undefined,
            }}
            className={`button ${search.by === by ? 'primary' : 'secondary'}`}
            aria-current={search.by === by ? 'true' : undefined}
          >
            {text}
          </Link>
        ))}
      </fieldset>
      <div className="row audit-bar" style={{ justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <div aria-live="polite" className="row" style={{ gap: 12 }}>
          {page.data ? (
            <span data-testid="audit-total">
              {total} {page.data.total === 1 ? 'action' : 'actions'}
              {filtered ? ' match' : ' in all'}
            </span>
          ) : null}
          {atHead && newCount > 0 ? (
            <button type="button" className="primary" onClick={() => void showNew()}>
              {newer.data?.capped ? `${newCount}+` : newCount} new — show
            </button>
          ) : null}
        </div>
        <div className="row" style={{ gap: 12 }}>
          <a href={csvHref} download>
            Download CSV{filtered ? ' of this filter' : ''}
          </a>
          {filtered ? (
            <Link to="/admin" search={{}}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
      {page.isError ? <p role="alert">The audit could not be loaded: {page.error.message}</p> : null}
      {page.isPending ? <p className="muted">Loading the audit…</p> : null}
      {page.data ? (
        page.data.items.length > 0 ? (
          <AuditTable
            entries={page.data.items}
            me={me}
            caption={filtered ? 'Admin actions matching the filter' : 'Admin actions'}
          />
        ) : (
          <p className="muted">
            {filtered ? 'No admin action matches this filter.' : 'No admin actions yet.'}
          </p>
        )
      ) : null}
      <nav aria-label="Audit pages" className="row" style={{ gap: 12, marginTop: 12 }}>
        {!atHead ? (
          <Link to="/admin" search={{ ...search, before: undefined, after: undefined }}>
            Latest
          </Link>
        ) : null}
        {page.data?.newer ? (
          <Link to="/admin" search={{ ...search, before: undefined, after: page.data.newer }}>
            ← Newer
          </Link>
        ) : null}
        {page.data?.older ? (
          <Link to="/admin" search={{ ...search, after: undefined, before: page.data.older }}>
            Older →
          </Link>
        ) : null}
      </nav>
      <SignedInSessions />
    </section>
  );
}

function AuditFilters(props: { search: AuditSearch; onApply(next: AuditSearch): void }) {
  const { search } = props;
  const [adminText, setAdminText] = useState(search.adminName ?? search.admin ?? '');
  const [admin, setAdmin] = useState<TargetHit | null>(
    search.admin
      ? {
          type: 'account',
          id: search.admin,
          label: search.adminName ?? search.admin,
          detail: search.admin,
          characterId: null,
          account: search.admin,
        }
      : null,
  );
  const [targetText, setTargetText] = useState(search.targetName ?? String(search.target ?? ''));
  const [target, setTarget] = useState<TargetHit | null>(
    search.target !== undefined
      ? {
          type: 'character',
          id: String(search.target),
          label: search.targetName ?? `#${search.target}`,
          detail: `#${search.target}`,
          characterId: String(search.target),
          account: null,
        }
      : null,
  );
  const [kind, setKind] = useState<string>(search.kind ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [tx, setTx] = useState(search.tx ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (adminText.trim() && !admin)
      return setProblem('Choose an admin from the matches, or clear the field.');
    if (targetText.trim() && !target)
      return setProblem('Choose a target from the matches, or clear the field.');
    if (tx.trim() && !/^0x[0-9a-fA-F]{64}$/.test(tx.trim()))
      return setProblem('A transaction is 0x followed by 64 hex digits.');
    if (from && to && from > to) return setProblem('“From” must not be after “to”.');
    setProblem(null);
    props.onApply({
      admin: admin?.id,
      adminName: admin ? admin.label : undefined,
      // "by me / by others" stays until an admin is named
      by: admin ? undefined : search.by,
      target: target ? characterId(target.id) : undefined,
      targetName: target ? target.label : undefined,
      kind: isAuditKind(kind) ? kind : undefined,
      from: from || undefined,
      to: to || undefined,
      tx: tx.trim() || undefined,
    });
  };

  return (
    <form className="card audit-filters" onSubmit={apply} aria-label="Audit filters" noValidate>
      <div className="filter-grid">
        <TargetSearch
          label="Admin"
          type="account"
          text={adminText}
          chosen={admin}
          onText={setAdminText}
          onChoose={setAdmin}
          placeholder="Admin name or address"
        />
        <TargetSearch
          label="Target"
          type="character"
          text={targetText}
          chosen={target}
          onText={setTargetText}
          onChoose={setTarget}
          placeholder="Character name, address or id"
        />
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From (UTC)
          <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To (UTC)
          <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Transaction
          <input value={tx} onChange={(e) => setTx(e.target.value)} placeholder="0x…" spellCheck={false} />
        </label>
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="submit" className="primary">
        Apply filters
      </button>
    </form>
  );
}
