import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { StatusPage } from './status-page.tsx';

/** Raised by route guards when a signed-in player lacks the role a route needs. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  readonly status = 403;
}

export function errorStatus(error: unknown): number {
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ApiError && error.status >= 400 && error.status < 600) return error.status;
  return 500;
}

export function ErrorPage({ error }: ErrorComponentProps) {
  const status = errorStatus(error);
  const description =
    status === 403
      ? 'This page is for the game’s administrators. Sign in with an admin wallet to open it.'
      : status === 500
        ? 'Something broke on our side while drawing this page. Try again in a moment.'
        : error instanceof Error
          ? error.message
          : String(error);
  return <StatusPage status={status} description={description} />;
}
