/**
 * New-deploy detection (spec section 7): the page knows its build id; /build-manifest.json names the deployed
 * one. A failed chunk load reloads the page only once a newer build exists, and at most once per 10 s so a
 * broken deploy cannot loop.
 */
export const BUILD_MANIFEST_PATH = '/build-manifest.json';
export const RELOAD_MIN_INTERVAL_MS = 10_000;
export const POLL_INTERVAL_MS = 60_000;
const LAST_RELOAD_KEY = 'skald.lastChunkReload';

export type BuildManifest = { build: string; builtAt: string; entry: string };

export async function fetchDeployedBuild(): Promise<string | undefined> {
  try {
    const res = await fetch(BUILD_MANIFEST_PATH, { cache: 'no-store' });
    if (!res.ok) return undefined;
    return ((await res.json()) as BuildManifest).build;
  } catch {
    return undefined;
  }
}

export function shouldReload(opts: {
  pageBuild: string;
  deployedBuild: string | undefined;
  lastReloadAt: number | undefined;
  now: number;
}): boolean {
  if (!opts.deployedBuild || opts.deployedBuild === opts.pageBuild) return false;
  return opts.lastReloadAt === undefined || opts.now - opts.lastReloadAt >= RELOAD_MIN_INTERVAL_MS;
}

export function readLastReload(storage: Pick<Storage, 'getItem'>): number | undefined {
  const raw = storage.getItem(LAST_RELOAD_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function markReload(storage: Pick<Storage, 'setItem'>, now: number): void {
  storage.setItem(LAST_RELOAD_KEY, String(now));
}
