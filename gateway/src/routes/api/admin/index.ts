/**
 * /api/admin/*: refused server-side to anyone who is not an indexed admin. The guard is this folder's hook, so
 * no route here can forget it. Grant audit with filters, as JSON pages or as CSV.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { reject } from '../../../plugins/app/errors.ts';
import { CSV_MAX_ROWS, type Grant, type GrantFilter } from '../../../repositories/grants.ts';
import {
  Address,
  clientErrors,
  ErrorResponse,
  Id,
  Limit,
  Offset,
  Page,
  Timestamp,
} from '../../../schemas.ts';

const GrantSchema = Type.Object({
  id: Type.String(),
  admin: Type.String(),
  kind: Type.Integer(),
  kindName: Type.String(),
  target: Type.String(),
  subjectId: Type.String(),
  amount: Type.String(),
  contract: Type.String(),
  blockNumber: Type.String(),
  timestamp: Type.Integer(),
  txHash: Type.String(),
});

const Filters = {
  admin: Type.Optional(Address),
  target: Type.Optional(Id),
  kind: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: '1 amulet .. 8 wisp experience' })),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
};

const CSV_COLUMNS: (keyof Grant)[] = [
  'timestamp',
  'blockNumber',
  'txHash',
  'admin',
  'kind',
  'kindName',
  'target',
  'subjectId',
  'amount',
  'contract',
  'id',
];

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never evaluate a cell. */
function csvCell(value: unknown): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: Grant[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const session = await request.session();
    if (!session) return reject(reply, 401, 'sign in first');
    if (!session.isAdmin) return reject(reply, 403, 'admins only');
  });

  const checkRange = (f: GrantFilter) =>
    f.from !== undefined && f.to !== undefined && f.from > f.to
      ? 'querystring.from must not be after querystring.to'
      : null;

  app.get(
    '/grants',
    {
      schema: {
        querystring: Type.Object({ ...Filters, limit: Limit, offset: Offset }),
        response: { 200: Page(GrantSchema), 401: ErrorResponse, 403: ErrorResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { limit, offset, ...filter } = request.query;
      const problem = checkRange(filter);
      if (problem) return reject(reply, 400, problem);
      return { limit, offset, ...(await app.repos.grants.list(filter, limit, offset)) };
    },
  );

  app.get(
    '/grants.csv',
    {
      schema: {
        querystring: Type.Object(Filters),
        response: { 200: Type.String(), 401: ErrorResponse, 403: ErrorResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const problem = checkRange(request.query);
      if (problem) return reject(reply, 400, problem);
      const rows = await app.repos.grants.all(request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="grants.csv"')
        .header('x-truncated', rows.length >= CSV_MAX_ROWS ? 'true' : 'false');
      return toCsv(rows);
    },
  );
};

export default admin;
