/**
 * Original artwork as SVG source: the hammer logo, a crest per species, the three main runes, sub-rune badges
 * and ability icons. Pure strings so the server can serve them as files (through the image proxy) and React can
 * inline the logo. Knotwork rings and Elder Futhark strokes give the Norse look.
 */
import { ABILITIES, findAbility, getSubRune, type StatKey } from '@skald/game';
import { BONE, IRON, NIGHT, RUNE_HUE, SPECIES_HUE } from './palette.ts';

const wrap = (size: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${label}">${body}</svg>`;

/** Mjölnir-like hammer with a knotwork band: head, short haft, pommel ring. */
export function hammerSvgBody(): string {
  return [
    `<defs><linearGradient id="hm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e7cf"/><stop offset="1" stop-color="#b9a27a"/></linearGradient></defs>`,
    `<path d="M10 10h44l-4 18H14z" fill="url(#hm)" stroke="#5b4a2e" stroke-width="2" stroke-linejoin="round"/>`,
    `<path d="M16 16h32M18 22h28" stroke="#5b4a2e" stroke-width="1.5" stroke-dasharray="3 2"/>`,
    `<path d="M28 28h8v22h-8z" fill="#6b4d2a" stroke="#3b2a16" stroke-width="2"/>`,
    `<path d="M28 34l8 4M28 40l8 4M28 46l8 4" stroke="#c9a86b" stroke-width="1.5"/>`,
    `<circle cx="32" cy="56" r="5" fill="none" stroke="url(#hm)" stroke-width="3"/>`,
  ].join('');
}

export function hammerSvg(): string {
  return wrap(64, hammerSvgBody(), 'Skald hammer');
}

/** A knotwork ring: two interleaved dashed circles. */
function ring(cx: number, r: number, color: string): string {
  return (
    `<circle cx="${cx}" cy="${cx}" r="${r}" fill="none" stroke="${color}" stroke-width="4" stroke-dasharray="10 4"/>` +
    `<circle cx="${cx}" cy="${cx}" r="${r - 6}" fill="none" stroke="${color}" stroke-opacity=".5" stroke-width="2" stroke-dasharray="4 10"/>`
  );
}

const SPECIES_FIGURE: Record<number, string> = {
  // NPC VERA: a rune-driven husk, a blank shield with a single stave
  0: `<path d="M64 30l26 12v24c0 18-12 30-26 36-14-6-26-18-26-36V42z" fill="${IRON}"/><path d="M64 44v44M52 56l12 10 12-10" stroke="${NIGHT}" stroke-width="5" fill="none"/>`,
  // Bjorn: bear head with ears
  1: `<circle cx="42" cy="42" r="11"/><circle cx="86" cy="42" r="11"/><ellipse cx="64" cy="68" rx="30" ry="27"/><ellipse cx="64" cy="80" rx="12" ry="9" fill="${BONE}"/><circle cx="64" cy="76" r="4" fill="${NIGHT}"/><circle cx="52" cy="62" r="3.5" fill="${NIGHT}"/><circle cx="76" cy="62" r="3.5" fill="${NIGHT}"/>`,
  // Madhattr: a tall crooked seidr hat over two bright eyes
  2: `<path d="M36 86h56l-8-8H44z"/><path d="M46 78l12-44 20 14-6 30z"/><circle cx="54" cy="94" r="4" fill="${BONE}"/><circle cx="74" cy="94" r="4" fill="${BONE}"/><path d="M78 48l10-6" stroke="${BONE}" stroke-width="3"/>`,
  // Hushroom: a spotted toadstool
  3: `<path d="M30 66c0-22 16-34 34-34s34 12 34 34z"/><rect x="54" y="66" width="20" height="28" rx="6" fill="${BONE}"/><circle cx="48" cy="54" r="5" fill="${BONE}"/><circle cx="66" cy="44" r="6" fill="${BONE}"/><circle cx="82" cy="56" r="4" fill="${BONE}"/>`,
  // Skaerrot: a root-wight, a carrot body with leaves
  4: `<path d="M64 98L46 50c6-6 30-6 36 0z"/><path d="M64 48c-6-12-16-16-22-14M64 48c0-14 4-20 10-22M64 48c6-10 16-12 22-8" stroke="#6fae5b" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M56 62h10M60 74h8M62 86h5" stroke="${NIGHT}" stroke-width="3"/>`,
  // Bigghaer: a seer's war hammer crossed with a rune stave
  5: `<rect x="40" y="34" width="48" height="20" rx="3"/><rect x="60" y="54" width="8" height="40"/><path d="M44 96l40-40" stroke="${BONE}" stroke-width="4"/><circle cx="64" cy="44" r="5" fill="${BONE}"/>`,
  // Klautjasar: a storm cloud with a lightning stroke
  6: `<path d="M40 76a14 14 0 0 1 4-27 20 20 0 0 1 38-4 14 14 0 0 1 6 31z"/><path d="M64 76l-8 16h10l-6 14 16-20H66l6-10z" fill="#e8b04a"/>`,
  // Igby: a small fire-winged bee
  7: `<ellipse cx="64" cy="70" rx="18" ry="24"/><path d="M48 64h32M48 76h32" stroke="${NIGHT}" stroke-width="5"/><path d="M46 56c-16-10-20-24-8-26 8 0 10 12 8 26zM82 56c16-10 20-24 8-26-8 0-10 12-8 26z" fill="#f29b4b"/><circle cx="58" cy="52" r="3" fill="${BONE}"/><circle cx="70" cy="52" r="3" fill="${BONE}"/>`,
  // Flinndor: spread wings and a beak
  8: `<path d="M64 56L20 40c8 18 20 30 44 34zM64 56l44-16c-8 18-20 30-44 34z"/><circle cx="64" cy="58" r="10"/><path d="M64 62l6 8-12 0z" fill="#e8b04a"/>`,
};

export function speciesSvg(species: number): string {
  const hue = SPECIES_HUE[species] ?? IRON;
  const figure = SPECIES_FIGURE[species] ?? SPECIES_FIGURE[0];
  return wrap(
    128,
    `<rect width="128" height="128" rx="16" fill="${NIGHT}"/>${ring(64, 58, hue)}<g fill="${hue}">${figure}</g>`,
    `species ${species}`,
  );
}

/** Elder Futhark staves: Sowilo for Sun, Berkanan for Nature, Hagalaz for Hail. */
const RUNE_STAVE: Record<number, string> = {
  1: 'M52 30l22 22-20 22 22 24',
  2: 'M48 28v72M48 28l24 18-24 18 24 18-24 18',
  3: 'M46 28v72M82 28v72M46 56l36 16',
};

export function runeSvg(rune: number): string {
  const hue = RUNE_HUE[rune] ?? IRON;
  return wrap(
    128,
    `<rect width="128" height="128" rx="64" fill="${NIGHT}"/>${ring(64, 58, hue)}<path d="${RUNE_STAVE[rune] ?? RUNE_STAVE[1]}" stroke="${hue}" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    `rune ${rune}`,
  );
}

/** One glyph per stat a sub-rune names. */
const STAT_GLYPH: Record<StatKey, string> = {
  strength: 'M40 88l24-48 24 48z',
  intellect: 'M64 36a28 28 0 1 0 0.1 0M64 50v28M50 64h28',
  charisma: 'M64 90L36 60a16 16 0 0 1 28-18 16 16 0 0 1 28 18z',
  vitality: 'M58 36h12v22h22v12H70v22H58V70H36V58h22z',
  dexterity: 'M36 84l20-20-20-20h16l20 20-20 20zM64 84l20-20-20-20',
  wisdom: 'M32 64c10-16 22-24 32-24s22 8 32 24c-10 16-22 24-32 24S42 80 32 64zM64 54a10 10 0 1 0 0.1 0',
};

/** Sub-rune badge: the main rune's colour ringed by the species' colour, with the stat's glyph. */
export function subRuneSvg(species: number, rune: number, subRune: number): string {
  const stat = getSubRune(subRune).stat;
  const runeHue = RUNE_HUE[rune] ?? IRON;
  const speciesHue = SPECIES_HUE[species] ?? IRON;
  return wrap(
    128,
    `<path d="M64 6l52 30v56l-52 30-52-30V36z" fill="${NIGHT}" stroke="${speciesHue}" stroke-width="6"/><path d="${STAT_GLYPH[stat]}" fill="${runeHue}" fill-rule="evenodd" stroke="${runeHue}" stroke-width="2"/>`,
    `sub-rune ${subRune}`,
  );
}

/** Ability icon: a rounded tile in the owner's colour, the ability's initials carved in the middle. */
export function abilitySvg(id: number): string {
  const ability = findAbility(id);
  if (!ability) throw new RangeError(`no ability ${id}`);
  const hue =
    ability.group === 'rune' ? (RUNE_HUE[ability.rune] ?? IRON) : (SPECIES_HUE[ability.group] ?? IRON);
  const initials = ability.name
    .split(/[\s-]+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return wrap(
    96,
    `<rect x="4" y="4" width="88" height="88" rx="18" fill="${NIGHT}" stroke="${hue}" stroke-width="5"/><path d="M16 30l14-14M80 66L66 80M16 66l14 14M80 30L66 16" stroke="${hue}" stroke-width="3"/><text x="48" y="60" text-anchor="middle" font-family="Georgia, serif" font-size="34" font-weight="700" fill="${BONE}">${initials}</text>`,
    ability.name,
  );
}

export const ABILITY_IDS: number[] = ABILITIES.map((a) => a.id);
