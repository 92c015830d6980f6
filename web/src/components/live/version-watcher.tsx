/** Polls the build manifest and reloads after a failed chunk load once a newer build is deployed. */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useAppConfig } from '../../lib/hooks.ts';
import {
  fetchDeployedBuild,
  markReload,
  POLL_INTERVAL_MS,
  readLastReload,
  shouldReload,
} from '../../lib/version.ts';

export function VersionWatcher() {
  const { build } = useAppConfig();
  const [newer, setNewer] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const deployed = await fetchDeployedBuild();
      if (!stopped && deployed && deployed !== build) setNewer(true);
      return deployed;
    };
    const onChunkError = async (event: Event) => {
      event.preventDefault();
      const deployed = await check();
      const now = Date.now();
      if (
        shouldReload({
          pageBuild: build,
          deployedBuild: deployed,
          lastReloadAt: readLastReload(sessionStorage),
          now,
        })
      ) {
        markReload(sessionStorage, now);
        window.location.reload();
      }
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const message = String((event.reason as Error | undefined)?.message ?? '');
      if (/dynamically imported module|Importing a module script failed|Failed to fetch/.test(message)) {
        void onChunkError(event);
      }
    };
    window.addEventListener('vite:preloadError', onChunkError);
    window.addEventListener('unhandledrejection', onRejection);
    const timer = window.setInterval(() => void check(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      window.removeEventListener('vite:preloadError', onChunkError);
      window.removeEventListener('unhandledrejection', onRejection);
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
