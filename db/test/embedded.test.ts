import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedFolderOnTheWay } from '../src/embedded.ts';

const base = mkdtempSync(join(tmpdir(), 'skald-embedded-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('embedded Postgres as root', () => {
  it('names the first folder the postgres user cannot enter, and none once it may', () => {
    const inner = join(base, 'clone', 'node_modules');
    mkdirSync(inner, { recursive: true });
    chmodSync(base, 0o700);
    chmodSync(join(base, 'clone'), 0o755);
    expect(closedFolderOnTheWay(inner)).toBe(base);
    chmodSync(base, 0o755);
    expect(closedFolderOnTheWay(inner)).toBeNull();
    chmodSync(join(base, 'clone'), 0o750);
    expect(closedFolderOnTheWay(inner)).toBe(join(base, 'clone'));
  });
});
