/** /api/admin/*: the audit of every admin action, and the search behind the admin forms' target fields. */
import { type Static, Type } from 'typebox';
import { AsOf } from './activity.ts';
import { Items, Nullable, OneOf } from './common.ts';

/** What an audit entry acted on. */
export const AUDIT_TARGET_TYPES = ['character', 'vera', 'clan', 'account', 'shop', 'none'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AuditEntry = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  kindLabel: Type.String(),
  admin: Type.String(),
  adminName: Nullable(Type.String()),
  adminCharacterId: Nullable(Type.String()),
  target: Type.Object({
    type: OneOf(AUDIT_TARGET_TYPES),
    id: Nullable(Type.String()),
    name: Nullable(Type.String()),
    characterId: Nullable(Type.String()),
  }),
  summary: Type.String(),
  amount: Nullable(Type.String()),
  subjectId: Nullable(Type.String()),
  blockNumber: Type.String(),
  timestamp: Type.Integer(),
  txHash: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** `/api/admin/audit`: one page, with the cursors of the pages around it. */
export const AuditPage = Type.Object({
  limit: Type.Integer(),
  items: Type.Array(AuditEntry),
  older: Nullable(Type.String()),
  newer: Nullable(Type.String()),
  /** entries matching the filter, counted up to a cap (`totalCapped`: there are at least this many) */
  total: Type.Integer(),
  totalCapped: Type.Boolean(),
  asOf: Type.Optional(AsOf),
});
export type AuditPage = Static<typeof AuditPage>;

/** `/api/admin/audit/newer`: how many entries arrived after a cursor (capped). */
export const AuditNewer = Type.Object({ count: Type.Integer(), capped: Type.Boolean() });
export type AuditNewer = Static<typeof AuditNewer>;

/** What `/api/admin/search` can look for. */
export const SEARCH_TYPES = ['character', 'clan', 'vera', 'account'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A hit of `/api/admin/search`: what an admin form's target field offers. */
export const TargetHit = Type.Object({
  type: OneOf(SEARCH_TYPES),
  id: Type.String(),
  label: Type.String(),
  detail: Type.String(),
  characterId: Nullable(Type.String()),
  account: Nullable(Type.String()),
});
export type TargetHit = Static<typeof TargetHit>;
export const TargetHits = Items(TargetHit);
export type TargetHits = Static<typeof TargetHits>;

/** One sign-in session as the admin sees it (`/api/admin/sessions`); `id` cannot be replayed as a cookie. */
export const AdminSession = Type.Object({
  id: Type.String({ description: 'the record id (SHA-256 of the cookie token, hex)' }),
  address: Type.String(),
  admin: Type.Boolean({ description: 'the admin role when the session began' }),
  createdAt: Type.Integer({ description: 'unix seconds' }),
  expiresAt: Type.Integer({ description: 'unix seconds' }),
  userAgent: Nullable(Type.String()),
  current: Type.Boolean({ description: 'the session making this request' }),
});
export type AdminSession = Static<typeof AdminSession>;

/** Most sessions one `/api/admin/sessions` answer lists (newest first); `count` is all of them. */
export const ADMIN_SESSIONS_LIMIT = 200;
export const AdminSessions = Type.Object({
  count: Type.Integer({ description: 'unexpired sessions in all' }),
  items: Type.Array(AdminSession, { description: `newest first, at most ${ADMIN_SESSIONS_LIMIT}` }),
});
export type AdminSessions = Static<typeof AdminSessions>;
export const SessionRevoked = Type.Object({ revoked: Type.Boolean() });
export type SessionRevoked = Static<typeof SessionRevoked>;

/** Most role holders `/api/admin/roles` lists. */
export const ROLE_HOLDERS_LIMIT = 500;

/** `/api/admin/roles`: who holds each role now (from the index), oldest grant first within a role. */
export const RoleHolders = Items(
  Type.Object({
    account: Type.String(),
    role: Type.Integer(),
    roleName: Type.String(),
    /** the account's viking name, when it has one */
    name: Nullable(Type.String()),
    characterId: Nullable(Type.String()),
    grantedBy: Type.String(),
    grantedBlock: Type.String(),
    /** the signed-in admin's own account */
    you: Type.Boolean(),
  }),
);
export type RoleHolders = Static<typeof RoleHolders>;
