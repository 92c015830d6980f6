/**
 * What a running stack tells other commands of the same checkout: its supervisor's pid, its origin, and how the
 * last redeploy went. One file per stack, named by its gateway port (`.data/run/stack-<PORT>.json`), written whole
 * (a temporary file renamed into place) so a reader never sees half of it; removed when the stack stops.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type RedeployState = {
  /** indexing: the new version catches up while the old one serves; done: views flipped, old schema dropped */
  state: 'indexing' | 'done' | 'unchanged' | 'failed';
  /** the deployment schema serving before, and the new version's */
  from?: string;
  to?: string;
  message: string;
  /** when the redeploy this state belongs to was asked for, and when the state was written (ms since epoch) */
  requested: number;
  at: number;
};

export type RunFile = { pid: number; origin: string; startedAt: number; redeploy?: RedeployState };

export const runFilePath = (root: string, gatewayPort: number) =>
  join(root, '.data', 'run', `stack-${gatewayPort}.json`);

export function writeRunFile(path: string, run: RunFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(run, null, 2)}\n`);
  renameSync(tmp, path);
}

export function readRunFile(path: string): RunFile | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RunFile;
  } catch {
    return undefined;
  }
}

export function removeRunFile(path: string): void {
  rmSync(path, { force: true });
}
