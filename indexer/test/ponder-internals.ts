/**
 * For tests that drive one of the installed (patched) Ponder's modules directly: the module, and the part of
 * Ponder's `common` those modules read (a logger, metrics, shutdown hooks, options).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedPonderDir } from '../lib/ponder-patches.ts';

/** a module of the installed Ponder, by its path under dist/esm (e.g. `rpc/index.js`) */
export const importPonder = (path: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(join(installedPonderDir(), 'dist/esm', path)).href);

const noop = () => {};
const logger = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, child: () => logger };

/** labels of a metric call, e.g. `{ table: 'player', type: 'miss' }` */
export type MetricLabels = { [label: string]: string | undefined };

/** a silent `common`; every metric's `inc` is passed to `onInc` */
export function ponderCommon(
  options: Record<string, unknown> = {},
  onInc: (labels: MetricLabels) => void = noop,
) {
  return {
    logger,
    metrics: new Proxy({}, { get: () => ({ observe: noop, set: noop, inc: onInc }) }),
    shutdown: { add: noop, isKilled: false },
    options,
  };
}
