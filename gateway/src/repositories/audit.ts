/**
 * The admin audit: every admin action the index records (grants of every kind, role grants and revocations,
 * clan approvals, shop reprices and restocks, bank and battle settings) as one newest-first history, filtered
 * by admin, target character, kind, time range and transaction. Pages by cursor (the event id, which sorts in
 * chain order), so a page never shifts while new actions arrive; the CSV export walks the same cursor in batches.
 */
import type { SkaldDb } from '@skald/db';
import {
  ADMIN_GRANT_KIND_LABELS,
  AdminGrantKind,
  type AuditKind,
  ClanStatus,
  codeLabel,
  grantTarget,
  itemName,
  ROLE_LABELS,
} from '@skald/game';
import type { AuditTargetType } from '@skald/wire/rest';

type Sql = SkaldDb['sql'];

const GRANT_KIND: Record<string, number> = AdminGrantKind;
const GRANT_NAME = Object.fromEntries(Object.entries(AdminGrantKind).map(([k, v]) => [v, k])) as Record<
  number,
  AuditKind
>;
/** Grant kinds whose target is a clan id (the audit joins the clan's name). */
const CLAN_GRANT_KINDS = Object.values(AdminGrantKind).filter((k) => grantTarget(k) === 'clan');
const ACTION_KIND: Record<string, AuditKind> = {
  clan_status: 'clan',
  shop_reprice: 'reprice',
  shop_restock: 'restock',
  lock_duration: 'settings',
  battle_type: 'settings',
  version: 'settings',
};

export type AuditFilter = {
  admin?: string;
  /** every admin but this one ("by others") */
  exceptAdmin?: string;
  /** a character id: grants it received and role changes of its account */
  target?: string;
  kind?: AuditKind;
  from?: number;
  to?: number;
  tx?: string;
};

export type AuditTarget = {
  type: AuditTargetType;
  id: string | null;
  name: string | null;
  /** the character a vera, account or grant belongs to, when known */
  characterId: string | null;
};

export type AuditEntry = {
  id: string;
  kind: AuditKind;
  kindLabel: string;
  admin: string;
  adminName: string | null;
  adminCharacterId: string | null;
  target: AuditTarget;
  /** what happened, in words: "1,000 runix", "role admin revoked", "Healing Salve: 10 → 12 runix" */
  summary: string;
  amount: string | null;
  subjectId: string | null;
  blockNumber: string;
  timestamp: number;
  txHash: string;
};

type RawRow = {
  id: string;
  source: 'grant' | 'role' | 'action';
  admin: string;
  grant_kind: number | null;
  action: string | null;
  target: string | null;
  target_character_id: string | null;
  subject_id: string | null;
  amount: string | null;
  role: number | null;
  granted: boolean | null;
  account: string | null;
  detail: Record<string, unknown> | null;
  block_number: string;
  timestamp: string;
  tx_hash: string;
  admin_name: string | null;
  admin_character_id: string | null;
  target_name: string | null;
  clan_name: string | null;
};

const fmt = (v: unknown) => {
  try {
    return BigInt(String(v)).toLocaleString('en-US');
  } catch {
    return String(v);
  }
};
const nonZero = (v: string | null) => (v && v !== '0' ? v : null);

function toEntry(r: RawRow): AuditEntry {
  const base = {
    id: r.id,
    admin: r.admin,
    adminName: r.admin_name || null,
    adminCharacterId: nonZero(r.admin_character_id),
    blockNumber: String(r.block_number),
    timestamp: Number(r.timestamp),
    txHash: r.tx_hash,
    amount: null as string | null,
    subjectId: null as string | null,
  };
  if (r.source === 'grant') {
    const kind = GRANT_NAME[r.grant_kind ?? 0] ?? 'item';
    const amount = String(r.amount ?? '0');
    const subject = String(r.subject_id ?? '0');
    const label = codeLabel(ADMIN_GRANT_KIND_LABELS, r.grant_kind ?? 0) ?? kind;
    const summaries: Record<string, string> = {
      runix: `${fmt(amount)} runix`,
      onyx: `${fmt(amount)} onyx`,
      item: `${itemName(Number(subject))} × ${fmt(amount)}`,
      amulet: `amulet #${subject}`,
      lootbox: `lootbox #${subject}`,
      vera: `vera #${subject}`,
      experience: `${fmt(amount)} experience to vera #${r.target}`,
      wispExperience: `${fmt(amount)} wisp experience`,
    };
    const targets = grantTarget(r.grant_kind ?? 0);
    const target: AuditTarget =
      targets === 'clan'
        ? { type: 'clan', id: String(r.target), name: r.clan_name, characterId: null }
        : targets === 'vera'
          ? {
              type: 'vera',
              id: String(r.target),
              name: r.target_name,
              characterId: nonZero(r.target_character_id),
            }
          : { type: 'character', id: String(r.target), name: r.target_name, characterId: String(r.target) };
    return {
      ...base,
      kind,
      kindLabel: `${label} grant`,
      target,
      summary: summaries[kind] ?? `${label} ${amount}`,
      amount,
      subjectId: subject === '0' ? null : subject,
    };
  }
  if (r.source === 'role') {
    const role = codeLabel(ROLE_LABELS, r.role ?? 0) ?? `role ${r.role}`;
    return {
      ...base,
      kind: 'role',
      kindLabel: r.granted ? 'Role granted' : 'Role revoked',
      target: {
        type: 'account',
        id: r.account,
        name: r.target_name,
        characterId: nonZero(r.target_character_id),
      },
      summary: `${role} role ${r.granted ? 'granted' : 'revoked'}`,
    };
  }
  const d = r.detail ?? {};
  const action = r.action ?? '';
  const kind = ACTION_KIND[action] ?? 'settings';
  if (action === 'clan_status') {
    const status = Number(d.status);
    return {
      ...base,
      kind,
      kindLabel:
        status === ClanStatus.active
          ? 'Clan approved'
          : status === ClanStatus.declined
            ? 'Clan declined'
            : 'Clan status',
      target: { type: 'clan', id: String(d.clanId), name: r.clan_name, characterId: null },
      summary:
        status === ClanStatus.active
          ? 'approved'
          : status === ClanStatus.declined
            ? 'declined'
            : `status ${status}`,
    };
  }
  if (action === 'shop_reprice' || action === 'shop_restock') {
    const shop = { type: 'shop' as const, id: String(d.shopId), name: `Shop ${d.shopId}`, characterId: null };
    return action === 'shop_reprice'
      ? {
          ...base,
          kind,
          kindLabel: 'Shop repriced',
          target: shop,
          summary: `${itemName(Number(d.itemId))}: ${fmt(d.oldCost)} → ${fmt(d.newCost)} runix`,
          subjectId: String(d.itemId),
          amount: String(d.newCost),
        }
      : {
          ...base,
          kind,
          kindLabel: 'Shop restocked',
          target: shop,
          summary: `${itemName(Number(d.itemId))}: +${fmt(d.added)} (now ${fmt(d.quantityAfter)})`,
          subjectId: String(d.itemId),
          amount: String(d.added),
        };
  }
  const summary =
    action === 'lock_duration'
      ? `bank slot ${d.lockIndex} lock: ${fmt(d.durationSeconds)} s`
      : action === 'battle_type'
        ? `battle type ${d.battleType} ${d.enabled ? 'enabled' : 'disabled'}`
        : action === 'version'
          ? `version ${d.version}`
          : action;
  return {
    ...base,
    kind,
    kindLabel: 'Setting changed',
    target: { type: 'none', id: null, name: null, characterId: null },
    summary,
  };
}

/** The CSV columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'time_utc',
  'timestamp',
  'block_number',
  'tx_hash',
  'admin',
  'admin_name',
  'kind',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'target_character_id',
  'summary',
  'amount',
  'subject_id',
  'id',
] as const;

export function csvRecord(e: AuditEntry): string[] {
  return [
    new Date(e.timestamp * 1000).toISOString(),
    String(e.timestamp),
    e.blockNumber,
    e.txHash,
    e.admin,
    e.adminName ?? '',
    e.kind,
    e.kindLabel,
    e.target.type,
    e.target.id ?? '',
    e.target.name ?? '',
    e.target.characterId ?? '',
    e.summary,
    e.amount ?? '',
    e.subjectId ?? '',
    e.id,
  ];
}

export type AuditPage = {
  items: AuditEntry[];
  /** pass as `before` for the next (older) page; null at the oldest */
  older: string | null;
  /** pass as `after` for the previous (newer) page; null at the newest */
  newer: string | null;
};

export function auditRepository({ sql }: SkaldDb) {
  const db: Sql = sql;

  /** The union of the three sources under the filter, each branch already filtered and cut to `limit`. */
  function entries(f: AuditFilter, cursor: { before?: string; after?: string }, limit: number) {
    const grantKind = f.kind ? GRANT_KIND[f.kind] : undefined;
    const wantGrants = !f.kind || grantKind !== undefined;
    const wantRoles = !f.kind || f.kind === 'role';
    const actionNames = Object.entries(ACTION_KIND)
      .filter(([, k]) => !f.kind || k === f.kind)
      .map(([a]) => a);
    // a target is a character: grants it received, role changes of the account it belongs to
    const wantActions = actionNames.length > 0 && f.target === undefined;
    const dir = cursor.after !== undefined ? db`ASC` : db`DESC`;
    const common = (t: string) => {
      const c = db(t);
      return db`
        ${f.admin ? db`AND ${c}.admin = ${f.admin.toLowerCase()}` : db``}
        ${f.exceptAdmin ? db`AND ${c}.admin <> ${f.exceptAdmin.toLowerCase()}` : db``}
        ${f.from !== undefined ? db`AND ${c}.timestamp >= ${f.from}` : db``}
        ${f.to !== undefined ? db`AND ${c}.timestamp <= ${f.to}` : db``}
        ${f.tx ? db`AND ${c}.tx_hash = ${f.tx.toLowerCase()}` : db``}
        ${cursor.before !== undefined ? db`AND ${c}.id < ${cursor.before}` : db``}
        ${cursor.after !== undefined ? db`AND ${c}.id > ${cursor.after}` : db``}`;
    };
    const branches: ReturnType<typeof common>[] = [];
    if (wantGrants)
      branches.push(db`(SELECT g.id, 'grant'::text AS source, g.admin, g.kind AS grant_kind, NULL::text AS action,
          g.target::text AS target, g.target_character_id::text AS target_character_id,
          g.subject_id::text AS subject_id, g.amount::text AS amount, NULL::int AS role, NULL::boolean AS granted,
          NULL::text AS account, NULL::jsonb AS detail, g.block_number, g.timestamp, g.tx_hash
        FROM admin_grant g WHERE true
          ${grantKind !== undefined ? db`AND g.kind = ${grantKind}` : db``}
          ${f.target !== undefined ? db`AND g.target_character_id = ${f.target}` : db``}
          ${common('g')}
        ORDER BY g.id ${dir} LIMIT ${limit})`);
    if (wantRoles)
      branches.push(db`(SELECT r.id, 'role', r.admin, NULL::int, NULL::text, r.account::text,
          (SELECT a.character_id::text FROM account a WHERE a.address = r.account), NULL::text, NULL::text, r.role,
          r.granted, r.account::text, NULL::jsonb, r.block_number, r.timestamp, r.tx_hash
        FROM role_change r WHERE true
          ${f.target !== undefined ? db`AND r.account IN (SELECT c.account FROM character c WHERE c.id = ${f.target})` : db``}
          ${common('r')}
        ORDER BY r.id ${dir} LIMIT ${limit})`);
    if (wantActions)
      branches.push(db`(SELECT x.id, 'action', x.admin, NULL::int, x.action, NULL::text, NULL::text, NULL::text,
          NULL::text, NULL::int, NULL::boolean, NULL::text, x.detail, x.block_number, x.timestamp, x.tx_hash
        FROM admin_action x WHERE x.action IN ${db(actionNames)}
          ${common('x')}
        ORDER BY x.id ${dir} LIMIT ${limit})`);
    if (branches.length === 0) return null;
    const union = branches.reduce((acc, b) => db`${acc} UNION ALL ${b}`);
    return db`SELECT e.*, adm.name AS admin_name, adm.character_id::text AS admin_character_id,
        COALESCE(tc.name, ta.name) AS target_name, cl.name AS clan_name
      FROM (SELECT * FROM (${union}) u ORDER BY u.id ${dir} LIMIT ${limit}) e
      LEFT JOIN account adm ON adm.address = e.admin
      LEFT JOIN character tc ON e.source = 'grant' AND tc.id = e.target_character_id::numeric
      LEFT JOIN account ta ON e.source = 'role' AND ta.address = e.account
      LEFT JOIN clan cl ON cl.id = (CASE
        WHEN e.source = 'grant' AND e.grant_kind IN ${db(CLAN_GRANT_KINDS)} THEN e.target
        WHEN e.source = 'action' AND e.action = 'clan_status' THEN e.detail->>'clanId' END)::numeric
      ORDER BY e.id ${dir}`;
  }

  async function rows(f: AuditFilter, cursor: { before?: string; after?: string }, limit: number) {
    const query = entries(f, cursor, limit);
    if (!query) return [];
    return (await query) as unknown as RawRow[];
  }

  return {
    async page(
      f: AuditFilter,
      cursor: { before?: string; after?: string },
      limit: number,
    ): Promise<AuditPage> {
      const raw = await rows(f, cursor, limit + 1);
      const more = raw.length > limit;
      const slice = raw.slice(0, limit);
      if (cursor.after !== undefined) slice.reverse();
      const items = slice.map(toEntry);
      const first = items[0]?.id;
      const last = items.at(-1)?.id;
      let older: string | null = null;
      let newer: string | null = null;
      if (cursor.after !== undefined) {
        newer = more && first ? first : null;
        older = last ?? cursor.after;
      } else {
        older = more && last ? last : null;
        newer = cursor.before !== undefined ? (first ?? cursor.before) : null;
      }
      return { items, older, newer };
    },

    /** How many entries under the filter are newer than `after` (capped): the "N new" above the table. */
    async countNewer(f: AuditFilter, after: string, cap = 1000): Promise<number> {
      const query = entries(f, { after }, cap);
      if (!query) return 0;
      const [row] = (await db`SELECT count(*)::int AS n FROM (${query}) q`) as unknown as { n: number }[];
      return row?.n ?? 0;
    },

    /** How many entries match the filter, counted up to `cap`. */
    async count(f: AuditFilter, cap: number): Promise<number> {
      const query = entries(f, {}, cap);
      if (!query) return 0;
      const [row] = (await db`SELECT count(*)::int AS n FROM (${query}) q`) as unknown as { n: number }[];
      return row?.n ?? 0;
    },

    /** Who holds each role now, with the name of the account's viking when it has one. */
    async roleHolders(limit: number) {
      return (await db`SELECT m.account, m.role, m.granted_by, m.granted_block::text AS granted_block,
          a.name, a.character_id::text AS character_id
        FROM role_member m LEFT JOIN account a ON a.address = m.account
        ORDER BY m.role, m.granted_block, m.account LIMIT ${limit}`) as unknown as {
        account: string;
        role: number;
        granted_by: string;
        granted_block: string;
        name: string | null;
        character_id: string | null;
      }[];
    },

    /** Every entry under the filter, newest first, fetched in batches along the cursor. */
    async *stream(f: AuditFilter, batch = 1000): AsyncGenerator<AuditEntry> {
      let before: string | undefined;
      for (;;) {
        const raw = await rows(f, before === undefined ? {} : { before }, batch);
        for (const r of raw) yield toEntry(r);
        if (raw.length < batch) return;
        before = raw.at(-1)?.id;
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
