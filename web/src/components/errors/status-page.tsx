/** The shared look of error pages: status code, status message and a description (spec section 2). */
import { Link } from '@tanstack/react-router';

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Page Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status an error page shows: a known 4xx/5xx as is, anything else as 500 (spec section 8). */
export function pageStatus(status: number): number {
  return STATUS_MESSAGES[status] ? status : 500;
}

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[pageStatus(status)] ?? 'Internal Server Error';
}

/** The document title of an error page (rendered by PageHead, the only <title> of the page). */
export function statusTitle(status: number): string {
  return `${statusMessage(status)} · Skald`;
}

export function StatusPage(props: { status: number; description: string }) {
  const status = pageStatus(props.status);
  const message = statusMessage(status);
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-code" aria-hidden="true">
        {status}
      </p>
      <h1 id="status-title">{message}</h1>
      <p className="status-description">{props.description}</p>
      <Link to="/" className="button">
        Back to the hall
      </Link>
    </section>
  );
}
