/** The shared look of error pages: status code, status message and a description (spec section 2). */
import { Link } from '@tanstack/react-router';

export const STATUS_MESSAGES: Record<number, string> = {
  403: 'Forbidden',
  404: 'Page Not Found',
  500: 'Internal Server Error',
};

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? STATUS_MESSAGES[500] ?? 'Internal Server Error';
}

export function StatusPage(props: { status: number; description: string }) {
  const message = statusMessage(props.status);
  return (
    <section className="status-page" aria-labelledby="status-title">
      <title>{`${message} · Skald`}</title>
      <p className="status-code" aria-hidden="true">
        {props.status}
      </p>
      <h1 id="status-title">{message}</h1>
      <p className="status-description">{props.description}</p>
      <Link to="/" className="button">
        Back to the hall
      </Link>
    </section>
  );
}
