/**
 * The indexer runs Ponder with the patches in `patches/` (applied by patch-package on `npm install`; the table of
 * what each one does is patches/README.md). An unpatched or partly patched Ponder still starts, and then behaves
 * differently (one transaction per live block, no `block_count` in its log, retrying an unrecoverable reorg for
 * ten minutes) or only slowly. So before Ponder is spawned the installed copy is checked: its version, and for
 * each patch a string that only the patched file holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Ponder version the patches are made for (their file names say it too). */
export const PATCHED_PONDER_VERSION = '0.16.10';

export type PonderPatch = {
  /** the patch file in patches/ */
  patch: string;
  /** a file under the package's dist/esm that the patch changes */
  file: string;
  /** text that the fully patched file holds and the published one does not */
  marker: string;
};

const patch = (name: string, file: string, marker: string): PonderPatch => ({
  patch: `ponder+${PATCHED_PONDER_VERSION}+${name}.patch`,
  file,
  marker,
});

/** One entry per Ponder patch, in application order. */
export const PONDER_PATCHES: readonly PonderPatch[] = [
  patch('001+live-block-batching', 'runtime/multichain.js', 'block_count: event.blockCount'),
  patch('002+written-reorg-tables', 'indexing-store/index.js', 'takeWrittenTables() {'),
  patch('003+sync-cache-bulk-insert', 'sync-store/index.js', 'select * from unnest('),
  // 015 rewrites the delete that 004 changed; this comment line is the rewritten one
  patch('004+skip-unwritten-delete', 'indexing-store/cache.js', 'a row in neither was never written to the'),
  patch(
    '005+getlogs-null-topics',
    'sync-historical/index.js',
    'filter.topic1 !== undefined && filter.topic1 !== null',
  ),
  patch(
    '006+backfill-prefetch',
    'runtime/multichain.js',
    'bufferAsyncGenerator(getHistoricalEventsMultichain({',
  ),
  patch('007+log-filter-topic0', 'runtime/filter.js', 'export const getLogFilterCandidates'),
  patch('008+live-store-cache', 'runtime/multichain.js', 'if (attempt++ > 0) {'),
  patch('009+graphql-descriptions', 'graphql/index.js', 'Symbol.for("ponder.description")'),
  patch('010+finalize-live-tables', 'runtime/multichain.js', 'const liveWrittenTables = new'),
  patch('011+websocket-quick-ack', 'rpc/index.js', 'ws?.pong();'),
  patch('012+backfill-handoff', 'runtime/historical.js', 'createBlockDataHandoff'),
  patch('013+store-row-copies', 'utils/copy.js', 'const clonePlainData = '),
  patch('014+live-block-statements', 'drizzle/onchain.js', "set_config('ponder.live_query', 'on', true)"),
  patch('015+live-block-round-trips', 'database/actions.js', "current_setting('ponder.checkpoint', true)"),
  patch('016+live-block-cpu', 'sync-realtime/bloom.js', 'const bloomBitsCache = new Map();'),
  patch(
    '017+exit-on-unrecoverable-reorg',
    'sync-realtime/index.js',
    'Unrecoverable reorg: exiting so that a restart syncs again from the chain',
  ),
  patch('018+views-at-head', 'runtime/multichain.js', 'const publishWhenCaughtUp = async () =>'),
  patch('019+rpc-known-rate', 'rpc/index.js', 'rpsLimit: maxRps ?? INITIAL_MAX_RPS,'),
  patch('020+evict-unread-first', 'indexing-store/cache.js', 'cache.get(a).reads - cache.get(b).reads ||'),
  patch('021+keep-no-unread-rows', 'indexing-store/cache.js', 'if (tableCache.reads === 0) {'),
];

/** The root of the `ponder` package this indexer imports (the folder holding its package.json). */
export function installedPonderDir(): string {
  // ESM-only package without a package.json export: its entry is dist/esm/index.js
  return resolve(dirname(fileURLToPath(import.meta.resolve('ponder'))), '..', '..');
}

export type PonderPatchCheck = {
  ponderDir: string;
  /** the installed version, or undefined when there is no readable package.json */
  version: string | undefined;
  /** patches whose marker is not in their file (or whose file is missing) */
  missing: PonderPatch[];
};

export function checkPonderPatches(ponderDir = installedPonderDir()): PonderPatchCheck {
  const packageJson = join(ponderDir, 'package.json');
  const version = existsSync(packageJson)
    ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version
    : undefined;
  const files = new Map<string, string | undefined>();
  const read = (file: string) => {
    if (!files.has(file)) {
      const path = join(ponderDir, 'dist', 'esm', file);
      files.set(file, existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    }
    return files.get(file);
  };
  const missing = PONDER_PATCHES.filter((p) => !read(p.file)?.includes(p.marker));
  return { ponderDir, version, missing };
}

/** The reason the installed Ponder cannot be used, or undefined when it is the patched one. */
export function ponderPatchProblem(check: PonderPatchCheck): string | undefined {
  const problems: string[] = [];
  if (check.version !== PATCHED_PONDER_VERSION) {
    problems.push(
      `it is version ${check.version ?? 'unknown'}, the patches in patches/ are for ${PATCHED_PONDER_VERSION}`,
    );
  }
  if (check.missing.length > 0) {
    const list = check.missing.map((p) => `${p.patch} (dist/esm/${p.file})`).join(', ');
    problems.push(`${check.missing.length} of ${PONDER_PATCHES.length} patches are not applied: ${list}`);
  }
  if (problems.length === 0) return undefined;
  return `The installed Ponder (${check.ponderDir}) is not the patched one: ${problems.join('; ')}. To fix: run npm install (patch-package applies patches/).`;
}

/** Throws with the message of `ponderPatchProblem` unless the installed Ponder is the patched one. */
export function assertPonderPatched(ponderDir = installedPonderDir()): void {
  const problem = ponderPatchProblem(checkPonderPatches(ponderDir));
  if (problem) throw new Error(problem);
}
