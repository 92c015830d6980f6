/**
 * Every other GET is a page of the web app. /admin and /admin/* are guarded here, before the web handler runs:
 * no session -> 302 to /login?next=<path>; a session that is not an indexed admin -> 403.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../auth/session.ts';
import { reject } from '../plugins/app/errors.ts';

const RESERVED = /^\/(api|graphql|socket\.io|sql|health|ready|metrics)(\/|$|\?)/;
const ADMIN = /^\/admin(\/|$|\?)/;

function plainPage(reply: FastifyReply, status: number, title: string, text: string) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
        `<body style="background:#111;color:#eee;font-family:sans-serif"><h1>${status} ${esc(title)}</h1><p>${esc(text)}</p></body></html>`,
    );
}

const pages: FastifyPluginAsync = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session | null,
    status?: number,
  ) => {
    const web = await app.webHandler();
    if (!web) {
      if (status === 403) return plainPage(reply, 403, 'Forbidden', 'This page is for administrators.');
      return plainPage(
        reply,
        503,
        'Web app unavailable',
        'This gateway serves no web app, or it failed to load.',
      );
    }
    reply.hijack();
    try {
      await web.handle(request.raw, reply.raw, status === undefined ? { session } : { session, status });
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'page render failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        reply.raw.end('Internal Server Error');
      } else reply.raw.end();
    }
  };

  // Vite's dev server answers hundreds of module requests per page: only production pages are rate-limited
  const config = app.config.webMode === 'development' ? { rateLimit: false as const } : undefined;
  app.get('/*', { config: config as { rateLimit: false } }, async (request, reply) => {
    const path = request.url;
    if (RESERVED.test(path)) return reject(reply, 404, `no route GET ${path.split('?')[0]}`);
    if (ADMIN.test(path)) {
      // no catch: with the database down an admin page must not fall back to "signed out"
      const session = await request.session();
      if (!session) return reply.redirect(`/login?next=${encodeURIComponent(path)}`, 302);
      if (!session.isAdmin) return render(request, reply, session, 403);
      return render(request, reply, session);
    }
    // public pages still render (signed out) while the database is away
    return render(request, reply, await request.session().catch(() => null));
  });
};

export default pages;
