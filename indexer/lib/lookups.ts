/** Lookup tables for analysts, written once at the start block from @skald/game's catalogue. */

import { ability, codeLabel, mainRune, personality, species, subRune } from 'ponder:schema';
import {
  ABILITIES,
  ADMIN_GRANT_KIND_LABELS,
  BATTLE_ACTIONS,
  BATTLE_OUTCOME_LABELS,
  BATTLE_TYPE_LABELS,
  CLAN_RANK_LABELS,
  CLAN_STATUS_LABELS,
  isPlayableSpecies,
  MAIN_RUNES,
  PERSONALITIES,
  ROLE_LABELS,
  SPECIES,
  SUB_RUNES,
  VERA_ORIGIN_LABELS,
} from '@skald/game';
import type { Db } from './activity.ts';

const CODE_SETS: Record<string, Record<number, string>> = {
  battle_type: BATTLE_TYPE_LABELS,
  battle_result: BATTLE_OUTCOME_LABELS,
  battle_action: Object.fromEntries(BATTLE_ACTIONS.map((a) => [a.id, a.label])),
  clan_status: CLAN_STATUS_LABELS,
  clan_rank: CLAN_RANK_LABELS,
  grant_kind: ADMIN_GRANT_KIND_LABELS,
  role: ROLE_LABELS,
  vera_origin: VERA_ORIGIN_LABELS,
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function writeLookups(db: Db): Promise<void> {
  await db
    .insert(species)
    .values(
      SPECIES.map((s) => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        trait: s.trait,
        playable: isPlayableSpecies(s.id),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(mainRune)
    .values(MAIN_RUNES.map((r) => ({ id: r.id, name: r.name })))
    .onConflictDoNothing();
  await db
    .insert(subRune)
    .values(SUB_RUNES.map((r) => ({ id: r.id, name: capitalize(r.stat), stat: r.stat })))
    .onConflictDoNothing();
  await db
    .insert(personality)
    .values(PERSONALITIES.map((p) => ({ id: p.id, name: p.name })))
    .onConflictDoNothing();
  await db
    .insert(ability)
    .values(
      ABILITIES.map((a) => ({
        id: a.id,
        name: a.name,
        species: a.group === 'rune' ? null : a.group,
        rune: 'rune' in a ? a.rune : null,
        description: a.description,
      })),
    )
    .onConflictDoNothing();
  const codes = Object.entries(CODE_SETS).flatMap(([codeSet, labels]) =>
    Object.entries(labels).map(([code, label]) => ({
      id: `${codeSet}:${code}`,
      codeSet,
      code: Number(code),
      label,
    })),
  );
  await db.insert(codeLabel).values(codes).onConflictDoNothing();
}
