/**
 * /api/admin/*: refused server-side to anyone who is not an indexed admin. The guard is this folder's hook, so
 * no route here can forget it. The audit of every admin action as cursor pages, a "how many are new" count and
 * a streamed CSV of exactly the same filter; the search behind every target field of the admin forms.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type AuditKind, codeLabel, ROLE_LABELS } from '@skald/game';
import { ROLE_HOLDERS_LIMIT } from '@skald/wire/rest';
import { reject } from '../../../plugins/app/errors.ts';
import { AUDIT_CSV_COLUMNS, type AuditFilter, csvRecord } from '../../../repositories/audit.ts';
import { fromTable } from '../../table.ts';
import sessions from './sessions.ts';

/** The audit page's total counts this many entries at most (then says "10,000+"). */
const AUDIT_TOTAL_CAP = 10_000;

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never evaluate a cell. */
export function csvCell(value: unknown): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

function checkRange(f: AuditFilter): string | null {
  return f.from !== undefined && f.to !== undefined && f.from > f.to
    ? 'querystring.from must not be after querystring.to'
    : null;
}

const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const session = await request.session();
    if (!session) return reject(reply, 401, 'sign in first');
    if (!session.isAdmin) return reject(reply, 403, 'admins only');
  });

  await app.register(sessions);

  const filterOf = (q: Record<string, unknown>): AuditFilter => ({
    admin: q.admin as string | undefined,
    exceptAdmin: q.exceptAdmin as string | undefined,
    target: q.target as string | undefined,
    kind: q.kind as AuditKind | undefined,
    from: q.from as number | undefined,
    to: q.to as number | undefined,
    tx: q.tx as string | undefined,
  });

  app.route({
    ...fromTable(app, 'adminAudit'),
    handler: async (request, reply) => {
      const { before, after, limit } = request.query;
      const filter = filterOf(request.query);
      const problem =
        checkRange(filter) ??
        (before !== undefined && after !== undefined ? 'pass either before or after, not both' : null);
      if (problem) return reject(reply, 400, problem);
      const asOf = app.live.hub.head;
      const [page, total] = await Promise.all([
        app.repos.audit.page(filter, { before, after }, limit),
        app.repos.audit.count(filter, AUDIT_TOTAL_CAP),
      ]);
      return { limit, ...page, total, totalCapped: total >= AUDIT_TOTAL_CAP, asOf };
    },
  });

  app.route({
    ...fromTable(app, 'adminRoles'),
    handler: async (request) => {
      const session = await request.session();
      const me = session?.address.toLowerCase();
      const rows = await app.repos.audit.roleHolders(ROLE_HOLDERS_LIMIT);
      return {
        items: rows.map((r) => ({
          account: r.account,
          role: r.role,
          roleName: codeLabel(ROLE_LABELS, r.role) ?? `role ${r.role}`,
          name: r.name || null,
          characterId: r.character_id && r.character_id !== '0' ? r.character_id : null,
          grantedBy: r.granted_by,
          grantedBlock: r.granted_block,
          you: r.account.toLowerCase() === me,
        })),
      };
    },
  });

  app.route({
    ...fromTable(app, 'adminAuditNewer'),
    handler: async (request, reply) => {
      const filter = filterOf(request.query);
      const problem = checkRange(filter);
      if (problem) return reject(reply, 400, problem);
      const cap = 1000;
      const count = await app.repos.audit.countNewer(filter, request.query.after, cap);
      return { count, capped: count >= cap };
    },
  });

  app.route({
    ...fromTable(app, 'adminAuditCsv'),
    handler: async (request, reply) => {
      const filter = filterOf(request.query);
      const problem = checkRange(filter);
      if (problem) return reject(reply, 400, problem);
      const entries = app.repos.audit.stream(filter);
      // the first batch is read before the headers go out, so a database failure is still a clean error
      const first = await entries.next();
      async function* lines() {
        yield csvLine(AUDIT_CSV_COLUMNS);
        if (first.done) return;
        yield csvLine(csvRecord(first.value));
        for await (const entry of entries) yield csvLine(csvRecord(entry));
      }
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="skald-audit-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as unknown as string);
    },
  });

  app.route({
    ...fromTable(app, 'adminSearch'),
    handler: async (request) => {
      const { q, type, limit } = request.query;
      return { items: await app.repos.search.find(type, q.trim(), limit) };
    },
  });
};

export default admin;
