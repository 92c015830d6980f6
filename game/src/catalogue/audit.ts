/** The kinds of admin action the audit tells apart: the eight grant kinds, then the other admin actions. */
import { ADMIN_GRANT_KIND_LABELS, AdminGrantKind } from './codes.ts';

export const AUDIT_KIND_LABELS = {
  ...(Object.fromEntries(
    Object.entries(AdminGrantKind).map(([name, code]) => [name, `${ADMIN_GRANT_KIND_LABELS[code]} grant`]),
  ) as Record<keyof typeof AdminGrantKind, string>),
  role: 'Role grant or revocation',
  clan: 'Clan approval or decline',
  reprice: 'Shop reprice',
  restock: 'Shop restock',
  settings: 'Bank, battle type or version setting',
};

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;

export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && Object.hasOwn(AUDIT_KIND_LABELS, value);
}
