/**
 * What a page's first load carries, read from the production build's manifest (dist/client/.vite/manifest.json;
 * `npm test` builds before it tests): the wallet layer (wagmi, viem's transport and connector) and the live layer
 * (the socket.io client, the stream's toasts and cache) are fetched once the page is idle, never with the entry,
 * and the entry plus each route's own chunks stay within issue 29's 180 KB gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const CLIENT = resolve(import.meta.dirname, '../dist/client');
const MANIFEST = join(CLIENT, '.vite/manifest.json');

/** the first-load goal per route (issue 29), gzip at zlib's default level as bench:web-first-load counts */
const ROUTE_LIMIT_KB = 180;
/** the entry and its static imports: ~135 KB at this change; room for growth, not for a layer coming back */
const ENTRY_LIMIT_KB = 145;

/** the deferred layers' own modules (manifest keys of their dynamic entries) */
const DEFERRED = [
  'src/wallet/wagmi-layer.tsx',
  'src/components/live/live-layer.tsx',
  '../wire/src/client.ts',
];

/** text that survives minification in each library's code (version strings, an RPC method, a URL parameter) */
const SIGNATURES: Record<string, string> = {
  wagmi: '@wagmi/core@',
  viem: 'viem@',
  'the injected connector': 'eth_requestAccounts',
  'socket.io (engine.io)': 'engine.io',
};

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
type Manifest = Record<string, Chunk>;

let manifest: Manifest;
let entryKey: string;

function staticGraph(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const gzipBytes = new Map<string, number>();
function gzipKb(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = (manifest[key] as Chunk).file;
    let size = gzipBytes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(CLIENT, file))).length;
      gzipBytes.set(file, size);
    }
    total += size;
  }
  return total / 1024;
}

/** each route file's chunks (`src/routes/x.tsx?tsr-split=…`) with those of the layout routes above it */
function routeChunks(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const match = /^src\/routes\/(.+?)\?tsr-split=/.exec(key);
    if (match?.[1]) byFile.set(match[1], [...(byFile.get(match[1]) ?? []), key]);
  }
  const routes = new Map<string, string[]>();
  for (const [file, keys] of byFile) {
    const dirs = file.split('/').slice(0, -1);
    const layouts = dirs.flatMap((_, i) => {
      const layout = `${dirs.slice(0, i + 1).join('/')}/route.tsx`;
      return layout === file ? [] : (byFile.get(layout) ?? []);
    });
    routes.set(file, [...keys, ...layouts]);
  }
  return routes;
}

describe('first load (production build manifest)', () => {
  beforeAll(() => {
    if (!existsSync(MANIFEST))
      throw new Error(`${MANIFEST} is missing: build first (npm run build -w @skald/web; npm test does)`);
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    expect(entries).toEqual(['src/entry-client.tsx']);
    entryKey = entries[0] as string;
  });

  it('fetches the wallet and live layers as their own chunks, outside the entry', () => {
    const entry = staticGraph([entryKey]);
    for (const key of DEFERRED) {
      expect(manifest[key]?.isDynamicEntry, `${key} is loaded with a dynamic import`).toBe(true);
      expect(entry.has(key), `${key} is in the entry's static imports`).toBe(false);
    }
  });

  it("keeps wagmi, viem and socket.io out of the entry's static imports", () => {
    const entry = staticGraph([entryKey]);
    const found: string[] = [];
    for (const key of entry) {
      const code = readFileSync(join(CLIENT, (manifest[key] as Chunk).file), 'utf8');
      for (const [library, signature] of Object.entries(SIGNATURES))
        if (code.includes(signature)) found.push(`${library} in ${(manifest[key] as Chunk).file}`);
    }
    expect(found).toEqual([]);
    // the signatures still mean something: each is found in the build, in a chunk the entry does not import
    const all = Object.values(manifest).map((chunk) => readFileSync(join(CLIENT, chunk.file), 'utf8'));
    for (const [library, signature] of Object.entries(SIGNATURES))
      expect(
        all.some((code) => code.includes(signature)),
        `${library}: "${signature}" is in no chunk`,
      ).toBe(true);
  });

  it(`keeps the entry and its static imports under ${ENTRY_LIMIT_KB} KB gzip`, () => {
    expect(gzipKb(staticGraph([entryKey]))).toBeLessThanOrEqual(ENTRY_LIMIT_KB);
  });

  it(`keeps every route's first load (entry + route chunks + their static imports) <= ${ROUTE_LIMIT_KB} KB gzip`, () => {
    const routes = routeChunks();
    // the player's pages and the admin forms are all there (a renamed split key would empty this map)
    for (const file of [
      'index.tsx',
      'live.tsx',
      'nfts.tsx',
      'arena.tsx',
      'battle.$id.tsx',
      'admin/route.tsx',
    ])
      expect(routes.has(file), file).toBe(true);
    const over = [...routes]
      .map(([file, keys]) => ({ file, kb: gzipKb(staticGraph([entryKey, ...keys])) }))
      .filter((route) => route.kb > ROUTE_LIMIT_KB)
      .map((route) => `${route.file} ${route.kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });
});
