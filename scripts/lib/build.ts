/**
 * Builds what the stack runs from (contract ABIs, and in production the web app's client and SSR bundles) with
 * turbo, whose cache makes the next start quick: unchanged packages are restored, not rebuilt.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export async function buildStack(options: {
  root: string;
  /** production also builds the web app */
  production: boolean;
  onLine(line: string): void;
}): Promise<{ ms: number; cached: boolean }> {
  const started = Date.now();
  const turbo = join(options.root, 'node_modules', '.bin', 'turbo');
  if (!existsSync(turbo)) throw new Error('turbo is not installed: run `npm install` first');
  const filters = options.production ? [] : ['--filter=@skald/chain'];
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(turbo, ['run', 'build', '--output-logs=errors-only', ...filters], {
      cwd: options.root,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) output.push(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    for (const line of output.slice(-40)) options.onLine(line);
    throw new Error(`the build failed (turbo exited with ${code}); its last lines are above`);
  }
  const summary = output.find((l) => /Cached:/.test(l));
  const match = summary?.match(/Cached:\s+(\d+) cached, (\d+) total/);
  const cached = match ? match[1] === match[2] : false;
  return { ms: Date.now() - started, cached };
}
