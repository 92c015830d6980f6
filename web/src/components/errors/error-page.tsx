import { type ErrorComponentProps, isNotFound } from '@tanstack/react-router';
import { pageStatus, StatusPage } from './status-page.tsx';

/** Raised by route guards when a signed-in player lacks the role a route needs. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  readonly status = 403;
}

/**
 * The HTTP status an error stands for. Read from the error's own `status` (ApiError, ForbiddenError) rather than
 * its class, so an error the server rendered and the browser re-created from the stream gives the same answer.
 */
export function errorStatus(error: unknown): number {
  if (isNotFound(error)) return 404;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 600) return pageStatus(status);
  return 500;
}

const DESCRIPTIONS: Record<number, string> = {
  403: 'This page is for the game’s administrators. Sign in with an admin wallet to open it.',
  429: 'Too many requests in a short time. Wait a few seconds, then try again.',
  500: 'Something broke on our side while drawing this page. Try again in a moment.',
  502: 'The game server could not be reached. Try again in a moment.',
  503: 'The game server is busy or starting up. Try again in a moment.',
  504: 'The game server took too long to answer. Try again in a moment.',
};

export function ErrorPage({ error }: ErrorComponentProps) {
  const status = errorStatus(error);
  const description =
    DESCRIPTIONS[status] ?? (error instanceof Error ? error.message : String(error ?? 'Unknown error'));
  return <StatusPage status={status} description={description} />;
}
