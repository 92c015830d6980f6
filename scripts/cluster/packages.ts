/** Finding a system program the cluster runs, installing its Debian package when it is missing (as .ci/run does for chromium). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function onPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, program);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `apt-get install -y <pkg>` as root; otherwise an error naming the package to install. */
export function aptInstall(pkg: string, say: (line: string) => void): void {
  if (process.getuid?.() !== 0 || !onPath('apt-get'))
    throw new Error(`${pkg} is missing: install it (Debian: apt-get install -y ${pkg})`);
  say(`installing ${pkg} (apt-get install -y ${pkg})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', env });
  }
}

/** `program` from PATH, else installed from `pkg`. */
export function ensureProgram(program: string, pkg: string, say: (line: string) => void): string {
  const found = onPath(program) ?? onPath(`/usr/sbin/${program}`);
  if (found) return found;
  if (existsSync(`/usr/sbin/${program}`)) return `/usr/sbin/${program}`;
  aptInstall(pkg, say);
  const installed =
    onPath(program) ?? (existsSync(`/usr/sbin/${program}`) ? `/usr/sbin/${program}` : undefined);
  if (!installed) throw new Error(`${program} not found after installing ${pkg}`);
  return installed;
}

/** The newest system Postgres whose binaries include pg_basebackup (Debian: /usr/lib/postgresql/<n>/bin). */
function systemPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'pg_basebackup')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin');
  }
  const pgConfig = onPath('pg_config');
  if (pgConfig) {
    const dir = execFileSync(pgConfig, ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'pg_basebackup')) && existsSync(join(dir, 'postgres'))) return dir;
  }
  return undefined;
}

/** Postgres's server binaries with pg_basebackup (the embedded package ships without it). */
export function ensurePostgresBin(say: (line: string) => void): string {
  const found = systemPostgresBin();
  if (found) return found;
  aptInstall('postgresql', say);
  const installed = systemPostgresBin();
  if (!installed) throw new Error('Postgres server binaries not found after installing postgresql');
  return installed;
}
