import { BattleType } from '@skald/game';

/** The boards /top shows, one tab each (and the `?type=` values it accepts). */
export const TYPES = Object.values(BattleType);
