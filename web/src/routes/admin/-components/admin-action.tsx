import { useState } from 'react';
import { ActionForm } from '../../../components/forms/action-form.tsx';
import { useAppConfig } from '../../../lib/hooks.ts';
import { LazySentCall } from './lazy-sent-call.tsx';
import type { Sent } from './sent-call.tsx';
import { ADMIN_SPECS, type AdminSpecKey } from './specs.ts';

export function AdminAction({ spec: key, children }: { spec: AdminSpecKey; children?: React.ReactNode }) {
  const config = useAppConfig();
  const spec = ADMIN_SPECS[key];
  const [sent, setSent] = useState<(Sent & { n: number }) | null>(null);
  const contractName =
    Object.entries(config.contracts).find(
      ([, address]) => sent && address.toLowerCase() === sent.call.address.toLowerCase(),
    )?.[0] ?? 'contract';
  return (
    <section>
      <title>{`${spec.title} · Admin · Skald`}</title>
      <h1>{spec.title}</h1>
      <p className="muted">{spec.summary}</p>
      {children}
      <ActionForm
        fields={spec.fields}
        submitLabel={spec.submit}
        toastLabel={spec.title}
        build={(values) => spec.build(config, values)}
        invalidate={[['admin-audit-newer']]}
        onSent={({ call, result, targets }) =>
          setSent((old) => ({ call, result, targets, n: (old?.n ?? 0) + 1 }))
        }
      />
      {sent ? <LazySentCall key={sent.n} sent={sent} contractName={contractName} /> : null}
    </section>
  );
}
