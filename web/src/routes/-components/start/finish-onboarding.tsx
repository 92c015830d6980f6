import { useState } from 'react';
import { call } from '../../../lib/contracts.ts';
import { useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/** Step 2: log in once (`Characters.login`), which opens the world, the shop, the stash and the tracker. */
export function FinishOnboarding({ name, onDone }: { name: string | undefined; onDone: () => void }) {
  const config = useAppConfig();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const onLogin = async () => {
    setBusy(true);
    const result = await transact('Finishing onboarding', call(config, 'Characters', 'login', []));
    setBusy(false);
    if (result.ok) onDone();
  };
  return (
    <div className="card">
      <h2>{name ? `${name} is born` : 'Your viking is born'}</h2>
      <p>
        Log in once to finish onboarding. It opens the world (encounters), the shop, your stash and the vera
        tracker.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={() => void onLogin()}>
        {busy ? 'Waiting for the wallet…' : 'Log in and finish onboarding'}
      </button>
    </div>
  );
}
