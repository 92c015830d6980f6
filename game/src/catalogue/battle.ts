/**
 * What a player chooses in a battle (Battles.sol): up to three veras in the arsenal, then one action per vera.
 * A side scores, over its veras still fighting, 3 × the action's primary stat + 2 × its secondary (effective
 * stats) plus a roll of 0..100; the higher score wins.
 */
import { BattleAction } from './codes.ts';
import type { StatKey } from './stats.ts';

export const MAX_ARSENAL_VERAS = 3;

export const BATTLE_ACTIONS: readonly {
  id: BattleAction;
  label: string;
  primary: StatKey;
  secondary: StatKey;
  description: string;
}[] = [
  {
    id: BattleAction.attack,
    label: 'Attack',
    primary: 'strength',
    secondary: 'dexterity',
    description: 'Strike head on: 3 × strength + 2 × dexterity.',
  },
  {
    id: BattleAction.defend,
    label: 'Defend',
    primary: 'vitality',
    secondary: 'wisdom',
    description: 'Hold the line: 3 × vitality + 2 × wisdom.',
  },
  {
    id: BattleAction.ability,
    label: 'Ability',
    primary: 'intellect',
    secondary: 'charisma',
    description: 'Cast its abilities: 3 × intellect + 2 × charisma.',
  },
];

/** The score an action is worth for one vera before the roll, from its effective stats. */
export function actionScore(effective: Readonly<Record<StatKey, number>>, action: number): number {
  const info = BATTLE_ACTIONS.find((a) => a.id === action);
  if (!info) throw new RangeError(`unknown battle action ${action}`);
  return 3 * effective[info.primary] + 2 * effective[info.secondary];
}
