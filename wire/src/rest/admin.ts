/** /api/admin/*: the audit of every admin action, and the search behind the admin forms' target fields. */
import { type Static, Type } from 'typebox';
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
