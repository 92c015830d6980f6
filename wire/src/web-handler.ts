/**
 * The contract between the gateway and the web app's page handler. The gateway owns the origin (sessions, the
 * admin guard, /api) and hands every other page GET to a handler it is given; it never loads the web app
 * itself. Whoever starts both (`npm start`, the test stacks) passes a `WebApp` into the gateway.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from './rest/auth.ts';

export type WebSession = Session | null;

/** `status` set: render the page with this status (403 for a signed-in non-admin on /admin). */
export type WebContext = { session: WebSession; status?: number };

export type WebHandler = {
  handle(req: IncomingMessage, res: ServerResponse, context: WebContext): Promise<void>;
  close(): Promise<void>;
};

export type WebMode = 'development' | 'production';

export type WebApp = {
  /** called on the first page request (and again later if it failed: the app may still be building) */
  createHandler(options: { mode: WebMode }): Promise<WebHandler>;
  /** the app's own images on disk: the gateway's image proxy reads them from here */
  publicDir: string;
};
