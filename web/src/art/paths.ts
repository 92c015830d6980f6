/**
 * Where each artwork lives (SVG files the app writes, see server/art-files.ts) and how the page asks for it:
 * always through the image proxy, which rasterises them to webp at the spec's widths and densities (q 100).
 */
import { getMainRune, getSpecies } from '@skald/game';
import { IMAGE_BASE_WIDTHS } from '@skald/wire/rest/image';

/** The widths a page asks for at density 1 (the proxy also renders their doubles): the wire's list. */
export const IMAGE_WIDTHS = IMAGE_BASE_WIDTHS;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_PROXY_PATH = '/api/image';

export const artPath = {
  hammer: () => '/art/hammer.svg',
  species: (id: number) => `/art/species/${getSpecies(id).slug}.svg`,
  rune: (id: number) => `/art/runes/${getMainRune(id).slug}.svg`,
  /** built from species, rune and sub-rune index (spec section 3) */
  subRune: (species: number, rune: number, subRune: number) =>
    `/art/sub-runes/${getSpecies(species).slug}/${getMainRune(rune).slug}/${subRune}.svg`,
  ability: (id: number) => `/art/abilities/${id}.svg`,
};

export function proxiedUrl(url: string, width: number, quality = 100): string {
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}&w=${width}&q=${quality}`;
}

/** The smallest listed width at or above `px` (the largest when none is). */
export function widthFor(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? 1536;
}

/** A fixed-size image: 1x and 2x candidates at the listed widths nearest the displayed size. */
export function densitySrcSet(url: string, displayPx: number, quality = 100): string {
  return IMAGE_DENSITIES.map((d) => `${proxiedUrl(url, widthFor(displayPx * d), quality)} ${d}x`).join(', ');
}

/** A fluid image: every listed width, for the browser to pick against `sizes`. */
export function widthSrcSet(url: string, quality = 100): string {
  return IMAGE_WIDTHS.map((w) => `${proxiedUrl(url, w, quality)} ${w}w`).join(', ');
}
