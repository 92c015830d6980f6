/**
 * The sent-call view (the decoded call, its result and its audit rows) is shown only after a form has sent, so
 * it is fetched then, with the audit table and the ABIs it decodes with, rather than with every admin form.
 */
import { lazy, Suspense } from 'react';
import type { Sent } from './sent-call.tsx';

const SentCall = lazy(() => import('./sent-call.tsx').then((m) => ({ default: m.SentCall })));

export function LazySentCall(props: { sent: Sent; contractName: string }) {
  return (
    <Suspense fallback={<p className="muted">Sent: loading the details…</p>}>
      <SentCall sent={props.sent} contractName={props.contractName} />
    </Suspense>
  );
}
