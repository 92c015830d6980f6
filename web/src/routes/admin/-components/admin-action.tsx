import { ActionForm } from '../../../components/forms/action-form.tsx';
import { useAppConfig } from '../../../lib/hooks.ts';
import { ADMIN_SPECS, type AdminSpecKey } from './specs.ts';

export function AdminAction({ spec: key }: { spec: AdminSpecKey }) {
  const config = useAppConfig();
  const spec = ADMIN_SPECS[key];
  return (
    <section>
      <title>{`${spec.title} · Admin · Skald`}</title>
      <h1>{spec.title}</h1>
      <p className="muted">{spec.summary}</p>
      <ActionForm
        fields={spec.fields}
        submitLabel={spec.submit}
        toastLabel={spec.title}
        build={(values) => spec.build(config, values)}
        invalidate={[['admin-grants']]}
      />
    </section>
  );
}
