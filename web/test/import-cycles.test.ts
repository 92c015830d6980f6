/**
 * No chain of imports inside src/ comes back to where it started, read from the source's import statements (no
 * bundler). Type-only imports count too (`import type`, `export type … from`): a cycle of types still ties two
 * modules together, and the two this test was written after (the live feed and its route, the contract calls and
 * the transactor) were type-only. Dynamic `import('…')` counts as well.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The source file a relative specifier names (`./x.ts`, or `./routes/__root` as the generated route tree writes it). */
function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

/** file (relative to src/) -> the source files of src/ it imports; stylesheets and other assets left out */
const imports = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  // `import … from '…'`, `import type … from '…'`, `export … from '…'`, `import '…'`, `import('…')`
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );
  imports.set(
    relative(SRC, file),
    specifiers.flatMap((s) => {
      const target = resolveSource(file, s);
      return target ? [relative(SRC, target)] : [];
    }),
  );
}

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

describe('imports in web/src', () => {
  it('reads its own imports, type-only and extensionless ones included', () => {
    expect(imports.get('tx/send.ts')).toContain('lib/contracts.ts'); // `import type { ContractCall }`
    expect(imports.get('tx/use-transactor.ts')).toContain('tx/send.ts'); // `import('./send.ts')`
    expect(imports.get('routeTree.gen.ts')).toContain('routes/__root.tsx'); // `from './routes/__root'`
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });

  it('has no import cycle', () => {
    expect(cycles(imports)).toEqual([]);
  });
});
