/**
 * Writes every artwork as a file under <dir>/art, mirroring the /art/ URLs, so Vite ships them with the client
 * build and the gateway's image proxy can read them from disk (IMAGE_ASSETS_DIR = WEB_PUBLIC_DIR).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MAIN_RUNES, SPECIES, SUB_RUNES } from '@skald/game';
import { ABILITY_IDS, abilitySvg, hammerSvg, runeSvg, speciesSvg, subRuneSvg } from '../src/art/svg.ts';

export function artFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set('art/hammer.svg', hammerSvg());
  for (const s of SPECIES) files.set(`art/species/${s.slug}.svg`, speciesSvg(s.id));
  for (const r of MAIN_RUNES) files.set(`art/runes/${r.slug}.svg`, runeSvg(r.id));
  for (const s of SPECIES) {
    for (const r of MAIN_RUNES) {
      for (const sub of SUB_RUNES)
        files.set(`art/sub-runes/${s.slug}/${r.slug}/${sub.id}.svg`, subRuneSvg(s.id, r.id, sub.id));
    }
  }
  for (const id of ABILITY_IDS) files.set(`art/abilities/${id}.svg`, abilitySvg(id));
  return files;
}

export function writeArtFiles(dir: string): number {
  const files = artFiles();
  for (const [path, svg] of files) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, svg);
  }
  return files.size;
}
