/**
 * The start-up check that the installed Ponder is the patched one (lib/ponder-patches.ts): the real install
 * passes it, its list matches patches/, and a copy lacking one patch or of another version is refused with a
 * message naming what is wrong. No chain or database: this runs in about a second.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertPonderPatched,
  checkPonderPatches,
  installedPonderDir,
  PATCHED_PONDER_VERSION,
  PONDER_PATCHES,
  ponderPatchProblem,
} from '../lib/ponder-patches.ts';
import { indexerDir } from '../lib/ponder-process.ts';

const patchesDir = resolve(indexerDir, '..', 'patches');
const ponderPatchFiles = () =>
  readdirSync(patchesDir)
    .filter((name) => name.startsWith('ponder+'))
    .sort();
/** the lines a patch file adds, without their leading `+` */
const addedLines = (patchFile: string) =>
  readFileSync(join(patchesDir, patchFile), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
    .map((line) => line.slice(1));

const temporaryDirs: string[] = [];
afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the installed package.json and of the dist files the check reads. */
function copyOfInstalledPonder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skald-ponder-'));
  temporaryDirs.push(dir);
  const installed = installedPonderDir();
  cpSync(join(installed, 'package.json'), join(dir, 'package.json'));
  for (const { file } of PONDER_PATCHES) {
    mkdirSync(dirname(join(dir, 'dist', 'esm', file)), { recursive: true });
    cpSync(join(installed, 'dist', 'esm', file), join(dir, 'dist', 'esm', file));
  }
  return dir;
}

describe('the installed Ponder', () => {
  it('is the patched one: the expected version and every patch marker present', () => {
    const check = checkPonderPatches();
    expect(check.version).toBe(PATCHED_PONDER_VERSION);
    expect(check.missing.map((p) => p.patch)).toEqual([]);
    expect(ponderPatchProblem(check)).toBeUndefined();
    expect(() => assertPonderPatched()).not.toThrow();
  });
});

describe('the list of Ponder patches', () => {
  it('names every Ponder patch file in patches/, once each, in application order', () => {
    expect(PONDER_PATCHES.map((p) => p.patch)).toEqual(ponderPatchFiles());
  });

  it("has markers that the patch itself adds first (004's: 015, which rewrites its code)", () => {
    const files = ponderPatchFiles();
    for (const { patch, file, marker } of PONDER_PATCHES) {
      // the first patch (in application order) whose added lines hold the marker; a later one may rewrite them
      const firstAdder = files.find((f) => addedLines(f).some((line) => line.includes(marker)));
      const expected = patch.includes('+004+') ? files.find((f) => f.includes('+015+')) : patch;
      expect(firstAdder, `${patch}: ${marker}`).toBe(expected);
      // and the file named is one that patch changes
      const touched = readFileSync(join(patchesDir, expected as string), 'utf8');
      expect(touched, patch).toContain(`b/node_modules/ponder/dist/esm/${file}`);
    }
  });
});

describe('a Ponder that is not the patched one', () => {
  it('lacking one patch: refused, naming that patch and how to fix it', () => {
    const dir = copyOfInstalledPonder();
    const unapplied = PONDER_PATCHES.find((p) => p.patch.includes('+017+'));
    if (!unapplied) throw new Error('patch 017 is not in the list');
    const path = join(dir, 'dist', 'esm', unapplied.file);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replaceAll(unapplied.marker, 'Encountered unrecoverable reorg'),
    );

    const check = checkPonderPatches(dir);
    expect(check.missing.map((p) => p.patch)).toEqual([unapplied.patch]);
    const problem = ponderPatchProblem(check);
    expect(problem).toContain(unapplied.patch);
    expect(problem).toContain(`1 of ${PONDER_PATCHES.length} patches are not applied`);
    expect(problem).toContain('run npm install (patch-package applies patches/)');
    expect(problem).not.toContain('version');
    expect(() => assertPonderPatched(dir)).toThrow(unapplied.patch);
  });

  it('of another version: refused, naming both versions', () => {
    const dir = copyOfInstalledPonder();
    const packageJson = join(dir, 'package.json');
    writeFileSync(
      packageJson,
      JSON.stringify({ ...JSON.parse(readFileSync(packageJson, 'utf8')), version: '0.17.7' }),
    );

    const problem = ponderPatchProblem(checkPonderPatches(dir));
    expect(problem).toContain('version 0.17.7');
    expect(problem).toContain(`for ${PATCHED_PONDER_VERSION}`);
    expect(() => assertPonderPatched(dir)).toThrow('run npm install (patch-package applies patches/)');
  });

  it('with no dist files at all: every patch named as missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skald-ponder-'));
    temporaryDirs.push(dir);
    const check = checkPonderPatches(dir);
    expect(check.version).toBeUndefined();
    expect(check.missing).toHaveLength(PONDER_PATCHES.length);
  });
});
