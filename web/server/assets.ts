/**
 * Production assets: the client build's manifest tells which script and stylesheets the entry needs; the build
 * id is a hash of that manifest, so any change to any shipped file yields a new id (spec section 7).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { HeadAssets } from './html.ts';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export const CLIENT_ENTRY = 'src/entry-client.tsx';

export type ClientBuild = { build: string; builtAt: string; head: HeadAssets; dir: string };

export function readClientBuild(dir: string): ClientBuild {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run \`npm run build -w @skald/web\` first`);
  }
  const raw = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`the client manifest has no ${CLIENT_ENTRY}`);
  const styles = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const css of chunk?.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk?.imports ?? []) collect(imported);
  };
  collect(CLIENT_ENTRY);
  return {
    build: createHash('sha256').update(raw).digest('hex').slice(0, 12),
    builtAt: statSync(manifestPath).mtime.toISOString(),
    head: { scripts: [`/${entry.file}`], styles: [...styles] },
    dir,
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves a file from the client build; hashed /assets/ files are cached forever. False when none matches. */
export function serveStatic(dir: string, pathname: string, res: ServerResponse, head: boolean): boolean {
  if (pathname === '/' || pathname.includes('\0')) return false;
  const path = normalize(join(dir, decodeURIComponent(pathname)));
  if (!path.startsWith(dir + sep) || path.includes(`${sep}.vite${sep}`)) return false;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile()) return false;
  res.statusCode = 200;
  res.setHeader('content-type', TYPES[extname(path)] ?? 'application/octet-stream');
  res.setHeader('content-length', stat.size);
  res.setHeader(
    'cache-control',
    pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  );
  if (head) {
    res.end();
    return true;
  }
  createReadStream(path).pipe(res);
  return true;
}
