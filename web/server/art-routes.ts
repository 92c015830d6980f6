/** Serves the generated SVG artwork under /art/. Unknown names are 404s, never thrown errors. */
import { MAIN_RUNES, SPECIES } from '@skald/game';
import { abilitySvg, hammerSvg, runeSvg, speciesSvg, subRuneSvg } from '../src/art/svg.ts';

const bySlug = <T extends { slug: string; id: number }>(list: readonly T[], slug: string | undefined) =>
  list.find((entry) => entry.slug === slug)?.id;

export function artSvg(pathname: string): string | undefined {
  const parts = pathname
    .replace(/^\/art\//, '')
    .replace(/\.svg$/, '')
    .split('/');
  try {
    switch (parts[0]) {
      case 'hammer':
        return parts.length === 1 ? hammerSvg() : undefined;
      case 'species': {
        const id = bySlug(SPECIES, parts[1]);
        return id === undefined ? undefined : speciesSvg(id);
      }
      case 'runes': {
        const id = bySlug(MAIN_RUNES, parts[1]);
        return id === undefined ? undefined : runeSvg(id);
      }
      case 'sub-runes': {
        const species = bySlug(SPECIES, parts[1]);
        const rune = bySlug(MAIN_RUNES, parts[2]);
        const sub = Number(parts[3]);
        if (species === undefined || rune === undefined || !Number.isInteger(sub)) return undefined;
        return subRuneSvg(species, rune, sub);
      }
      case 'abilities':
        return parts.length === 2 && /^\d+$/.test(parts[1] ?? '') ? abilitySvg(Number(parts[1])) : undefined;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
