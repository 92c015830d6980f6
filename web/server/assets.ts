/**
 * Production assets: the client build's manifest tells which script and stylesheets the entry needs; the build
 * id is a hash of that manifest, so any change to any shipped file yields a new id (spec section 7).
 *
 * For a fast first paint on a phone the entry's stylesheet is inlined (it is small; a <link> would block the
 * paint for a round trip), the entry's static imports are modulepreloaded from the head (fetched at once, at low
 * priority, rather than after the entry has been fetched and parsed), and each route's own chunks are listed in a
 * router manifest, so the server-rendered page modulepreloads the chunks of the routes it shows.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { HeadAssets } from './html.ts';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export const CLIENT_ENTRY = 'src/entry-client.tsx';

/** TanStack Router's SSR manifest: per route id, the chunks the route needs (rendered as modulepreload links). */
export type RouterManifest = { routes: Record<string, { preloads?: string[] }> };

export type ClientBuild = {
  build: string;
  builtAt: string;
  head: HeadAssets;
  dir: string;
  routerManifest: RouterManifest;
};

const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The route id of a route file's split component chunk, by the file-route naming rules: `clans.$id.tsx` is
 * `/clans/$id`, `clans.index.tsx` `/clans/`, `admin/route.tsx` `/admin`, `index.tsx` `/`.
 */
export function routeIdOfChunk(key: string): string | undefined {
  const match = ROUTE_CHUNK.exec(key);
  if (!match?.[1]) return undefined;
  const segments = match[1].split(/[/.]/);
  if (segments[0]?.startsWith('__')) return undefined;
  const last = segments[segments.length - 1];
  if (last === 'route') return `/${segments.slice(0, -1).join('/')}`;
  if (last === 'index') return `/${segments.slice(0, -1).join('/')}${segments.length > 1 ? '/' : ''}`;
  return `/${segments.join('/')}`;
}

/** `key`'s file and every chunk it imports statically, transitively, as absolute paths, skipping `skip`. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, skip: Set<string>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    const file = `/${chunk.file}`;
    if (!skip.has(file)) files.push(file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(key);
  return files;
}

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
  const entryFiles = staticClosure(manifest, CLIENT_ENTRY, new Set());
  const loaded = new Set(entryFiles);
  const routes: RouterManifest['routes'] = {};
  for (const key of Object.keys(manifest)) {
    const id = routeIdOfChunk(key);
    if (id !== undefined) routes[id] = { preloads: staticClosure(manifest, key, loaded) };
  }
  const inlineCss = [...styles].map((href) => readFileSync(join(dir, href), 'utf8')).join('\n');
  return {
    build: createHash('sha256').update(raw).digest('hex').slice(0, 12),
    builtAt: statSync(manifestPath).mtime.toISOString(),
    head: {
      scripts: [`/${entry.file}`],
      styles: [],
      inlineCss: inlineCss.replace(/<\/style/gi, '<\\/style'),
      preloads: entryFiles.slice(1),
    },
    dir,
    routerManifest: { routes },
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

/** The build's precompressed copy (scripts/compress-assets.ts) the browser accepts, brotli first. */
function compressedCopy(
  path: string,
  acceptEncoding: string,
): { path: string; size: number; encoding: string } | undefined {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    const stat = fileStat(path + suffix);
    if (stat?.isFile()) return { path: path + suffix, size: stat.size, encoding };
  }
  return undefined;
}

/**
 * Serves a file from the client build; hashed /assets/ files are cached forever. A precompressed copy goes to a
 * browser that accepts it. False when none matches.
 */
export function serveStatic(
  dir: string,
  pathname: string,
  res: ServerResponse,
  head: boolean,
  acceptEncoding = '',
): boolean {
  if (pathname === '/' || pathname.includes('\0')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false; // not a file name (malformed escapes): the page router answers
  }
  const path = normalize(join(dir, decoded));
  if (!path.startsWith(dir + sep) || path.includes(`${sep}.vite${sep}`)) return false;
  const stat = fileStat(path);
  if (!stat?.isFile()) return false;
  const compressed = compressedCopy(path, acceptEncoding);
  res.statusCode = 200;
  res.setHeader('content-type', TYPES[extname(path)] ?? 'application/octet-stream');
  res.setHeader('vary', 'accept-encoding');
  if (compressed) res.setHeader('content-encoding', compressed.encoding);
  res.setHeader('content-length', compressed?.size ?? stat.size);
  res.setHeader(
    'cache-control',
    pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  );
  if (head) {
    res.end();
    return true;
  }
  pipeline(createReadStream(compressed?.path ?? path), res).catch(() => res.destroy());
  return true;
}

/**
 * The file's stat, or undefined for any path that cannot be a file here: missing, a name longer than the file
 * system takes (ENAMETOOLONG), a file where a folder was expected (ENOTDIR), unreadable, and so on.
 */
function fileStat(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
