/**
 * Which way the gateway's modules depend on each other, read from the source's import statements (no server,
 * no database): the live stream uses the repositories and never the other way round, the activity → wire
 * mapping both share (events/) imports neither, and no chain of imports inside src/ comes back to where it
 * started.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** file (relative to src/) -> the files of src/ it imports, type-only imports included */
const imports = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  // `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );
  imports.set(
    relative(SRC, file),
    specifiers.map((s) => relative(SRC, resolve(dirname(file), s))),
  );
}

/** `from` and `to` are folders of src/ (e.g. 'repositories', 'live') */
function crossings(from: string, to: string): string[] {
  return [...imports].flatMap(([file, deps]) =>
    file.startsWith(`${from}/`)
      ? deps.filter((d) => d.startsWith(`${to}/`)).map((d) => `${file} -> ${d}`)
      : [],
  );
}

describe('import direction in gateway/src', () => {
  it('reads its own imports', () => {
    expect(imports.get('live/hub.ts')).toContain('repositories/activity.ts');
  });

  it('repositories/ never imports live/ (the stream uses the repositories)', () => {
    expect(crossings('repositories', 'live')).toEqual([]);
  });

  it('events/ imports neither live/ nor repositories/ (both use it)', () => {
    expect([...crossings('events', 'live'), ...crossings('events', 'repositories')]).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const dep of imports.get(file) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...path.slice(path.indexOf(dep)), dep].join(' -> '));
        else if (!state.has(dep) && imports.has(dep)) visit(dep);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of imports.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
