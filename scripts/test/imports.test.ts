/**
 * How the workspaces' modules depend on each other, read from the source's import statements (no bundler, no
 * server, no database): no chain of imports inside a package's src/ comes back to where it started, and the
 * gateway's layers point one way (the live stream uses the repositories and never the other way round; the
 * activity → wire mapping both share, events/, imports neither).
 *
 * Type-only imports count (`import type`, `export type … from`): a cycle of types still ties two modules
 * together, and the two the web app had (the live feed and its route, the contract calls and the transactor) were
 * type-only. Dynamic `import('…')` counts as well.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.tsx?$/;

/** the workspaces that have a src/ folder */
const PACKAGES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces as string[]).filter(
  (name) => existsSync(join(ROOT, name, 'src')),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The source file a relative specifier names (`./x.ts`, or `./routes/__root` as web's generated route tree writes it). */
function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

/** file (relative to `<pkg>/src`) -> the source files of that src/ it imports; stylesheets and other assets left out */
function importGraph(pkg: string): Map<string, string[]> {
  const src = join(ROOT, pkg, 'src');
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    // `import … from '…'`, `import type … from '…'`, `export … from '…'`, `import '…'`, `import('…')`
    const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
      (m) => m[1] as string,
    );
    graph.set(
      relative(src, file),
      specifiers.flatMap((s) => {
        const target = resolveSource(file, s);
        return target ? [relative(src, target)] : [];
      }),
    );
  }
  return graph;
}

/** every import chain that comes back to where it started, as `a -> b -> a` */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') found.push([...path.slice(path.indexOf(dep)), dep].join(' -> '));
      else if (!state.has(dep) && graph.has(dep)) visit(dep);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** the imports from folder `from` of src/ into folder `to` (e.g. 'repositories', 'live'), as `file -> dep` */
function crossings(graph: Map<string, string[]>, from: string, to: string): string[] {
  return [...graph].flatMap(([file, deps]) =>
    file.startsWith(`${from}/`)
      ? deps.filter((d) => d.startsWith(`${to}/`)).map((d) => `${file} -> ${d}`)
      : [],
  );
}

describe('the import reader', () => {
  it('reads type-only, dynamic and extensionless imports', () => {
    const web = importGraph('web');
    expect(web.get('tx/send.ts')).toContain('lib/contracts.ts'); // `import type { ContractCall }`
    expect(web.get('tx/use-transactor.ts')).toContain('tx/send.ts'); // `import('./send.ts')`
    expect(web.get('routeTree.gen.ts')).toContain('routes/__root.tsx'); // `from './routes/__root'`
    expect(importGraph('gateway').get('live/hub.ts')).toContain('repositories/activity.ts');
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });

  it('reads every workspace with a src/', () => {
    expect(PACKAGES).toEqual(expect.arrayContaining(['gateway', 'web', 'db', 'wire']));
  });
});

describe.each(PACKAGES)('imports in %s/src', (pkg) => {
  it('have no cycle', () => {
    expect(cycles(importGraph(pkg))).toEqual([]);
  });
});

describe('import direction in gateway/src', () => {
  const gateway = importGraph('gateway');

  it('repositories/ never imports live/ (the stream uses the repositories)', () => {
    expect(crossings(gateway, 'repositories', 'live')).toEqual([]);
  });

  it('events/ imports neither live/ nor repositories/ (both use it)', () => {
    expect([
      ...crossings(gateway, 'events', 'live'),
      ...crossings(gateway, 'events', 'repositories'),
    ]).toEqual([]);
  });
});
