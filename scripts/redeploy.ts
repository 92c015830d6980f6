/**
 * `npm run redeploy`: the indexer's new code (a changed handler, a new column) goes out without downtime on the
 * stack `npm start` runs from this checkout (PORT picks the stack, as it does for `npm start`). The stack starts
 * the new version beside the old one, into its own deployment schema, replaying history from the sync cache
 * while the old one serves; when the new one has caught up Ponder points the views readers use at it (one
 * transaction), the old process stops and its schema is dropped. Cursors are chain positions, so live clients go
 * on from theirs. Exits 0 when the new version serves (or the code had not changed), 1 when it failed (the old
 * version then goes on serving).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv, sharedEnv } from '@skald/env';
import { z } from 'zod';
import { readRunFile, runFilePath } from './lib/run-file.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = parseEnv('npm run redeploy', z.object({ PORT: sharedEnv.PORT }), process.env);
const file = runFilePath(root, env.PORT);
const run = readRunFile(file);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

if (!run || !alive(run.pid)) {
  console.error(
    `no running stack on port ${env.PORT} from this checkout (${file} ${run ? 'names a process that is gone' : 'does not exist'}); start it with npm start, or set PORT to the one it uses`,
  );
  process.exit(1);
}

const requested = Date.now();
process.kill(run.pid, 'SIGUSR2');
console.log(
  `redeploy asked of the stack at ${run.origin} (supervisor pid ${run.pid}); its log shows the details`,
);

let said = '';
for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const now = readRunFile(file);
  if (!now || !alive(run.pid)) {
    console.error('the stack stopped during the redeploy');
    process.exit(1);
  }
  const state = now.redeploy;
  // a state written since we asked (a redeploy already under way when we asked reports here too)
  if (!state || state.at < requested) continue;
  const line = `${state.state}: ${state.message}`;
  if (line !== said) {
    said = line;
    console.log(`${((Date.now() - requested) / 1000).toFixed(1)} s  ${line}`);
  }
  if (state.state === 'done' || state.state === 'unchanged') process.exit(0);
  if (state.state === 'failed') process.exit(1);
}
