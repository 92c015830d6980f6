/** The art's colours: one hue per species and per main rune, over the app's night-sky background. */
export const NIGHT = '#0d1117';
export const BONE = '#e9e2d0';
export const IRON = '#8a8f98';

export const SPECIES_HUE: Record<number, string> = {
  0: '#7d8590',
  1: '#a0673a',
  2: '#7b5fc7',
  3: '#c0504d',
  4: '#d98a2b',
  5: '#4f7cc2',
  6: '#9aa9c4',
  7: '#e5673a',
  8: '#4fae9b',
};

export const RUNE_HUE: Record<number, string> = { 1: '#e8b04a', 2: '#6fae5b', 3: '#8fc3e0' };
