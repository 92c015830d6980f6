/**
 * The one place that reloads the page after a failed chunk load (spec section 7): only once a newer build is
 * deployed, and at most once per 10 s. Vite's preload errors, unhandled dynamic-import rejections and the router's
 * own lazy-component reload (routed here by the build, see scripts/router-reload-guard.ts) all end up here.
 */
import { fetchDeployedBuild, markReload, readLastReload, shouldReload } from './version.ts';

/** The global the build's router transform calls; returns true when the page is reloading. */
export const CHUNK_FAILURE_HOOK = '__skaldChunkFailure';

export type ReloadGuard = {
  /** a chunk failed to load: reload if a newer build is known (or turns out to be) and the 10 s window allows */
  onChunkFailure(): boolean;
  /** polls the manifest: true when a newer build is deployed */
  check(): Promise<boolean>;
  dispose(): void;
};

export function installReloadGuard(options: { build: string; onNewer?: () => void }): ReloadGuard {
  let deployed: string | undefined;
  let checking: Promise<boolean> | undefined;

  const check = () => {
    checking ??= fetchDeployedBuild()
      .then((build) => {
        if (build) deployed = build;
        const newer = deployed !== undefined && deployed !== options.build;
        if (newer) options.onNewer?.();
        return newer;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };

  /** Synchronous decision on what is known now; true when it reloads. */
  const reloadIfAllowed = (): boolean => {
    const now = Date.now();
    if (
      !shouldReload({
        pageBuild: options.build,
        deployedBuild: deployed,
        lastReloadAt: readLastReload(sessionStorage),
        now,
      })
    )
      return false;
    markReload(sessionStorage, now);
    window.location.reload();
    return true;
  };

  const onChunkFailure = (): boolean => {
    if (reloadIfAllowed()) return true;
    // not known to be newer yet: ask the server, then decide again
    void check().then((newer) => {
      if (newer) reloadIfAllowed();
    });
    return false;
  };

  const onPreloadError = () => void onChunkFailure();
  const onRejection = (event: PromiseRejectionEvent) => {
    const message = String((event.reason as Error | undefined)?.message ?? '');
    if (
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)
    )
      onChunkFailure();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  const hooks = window as unknown as Record<string, unknown>;
  hooks[CHUNK_FAILURE_HOOK] = onChunkFailure;

  return {
    onChunkFailure,
    check,
    dispose() {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
      if (hooks[CHUNK_FAILURE_HOOK] === onChunkFailure) delete hooks[CHUNK_FAILURE_HOOK];
    },
  };
}
