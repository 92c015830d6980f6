/** Polls the build manifest and reloads after a failed chunk load once a newer build is deployed. */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useAppConfig } from '../../lib/hooks.ts';
import { installReloadGuard } from '../../lib/reload-guard.ts';
import { POLL_INTERVAL_MS } from '../../lib/version.ts';

export function VersionWatcher() {
  const { build } = useAppConfig();
  const [newer, setNewer] = useState(false);

  useEffect(() => {
    const guard = installReloadGuard({ build, onNewer: () => setNewer(true) });
    const timer = window.setInterval(() => void guard.check(), POLL_INTERVAL_MS);
    return () => {
      guard.dispose();
      window.clearInterval(timer);
    };
  }, [build]);

  useEffect(() => {
    if (newer)
      toast.info('A new version of Skald is out: reload to get it.', {
        id: 'new-version',
        duration: Number.POSITIVE_INFINITY,
      });
  }, [newer]);

  return null;
}
