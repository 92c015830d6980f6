/** The world's areas (IVeras AREA_COUNT); an encounter names one. */
export const AREA_COUNT = 8;
export const AREA_NAMES: Readonly<Record<number, string>> = {
  1: 'Midgard meadows',
  2: 'Myrkvidr forest',
  3: 'Jotun foothills',
  4: 'Ironwood',
  5: 'Ginnungagap rim',
  6: 'Alfheim glades',
  7: 'Muspel embers',
  8: 'Niflheim fjords',
};

export function areaName(areaId: number): string {
  return AREA_NAMES[areaId] ?? `Area ${areaId}`;
}
