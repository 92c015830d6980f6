import { describe, expect, it } from 'vitest';
import {
  ADMIN_GRANT_KIND_LABELS,
  AdminGrantKind,
  BATTLE_TYPE_LABELS,
  BattleType,
  CLAN_RANK_LABELS,
  ClanRank,
  ClanStatus,
  codeLabel,
  grantTarget,
  Role,
  VeraOrigin,
} from '../src/index.ts';

describe('contract codes', () => {
  it('match the Solidity interfaces', () => {
    expect(BattleType).toEqual({ ranked: 1, casual: 2, tournament: 3 });
    expect(VeraOrigin).toEqual({ encounter: 1, lootbox: 2, adminGrant: 3, starter: 4 });
    expect(ClanStatus).toEqual({ pending: 1, active: 2, declined: 3 });
    expect(ClanRank).toEqual({ member: 1, officer: 2, jarl: 3 });
    expect(Role).toEqual({ admin: 1, game: 2 });
    expect(Object.values(AdminGrantKind)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(AdminGrantKind.wispExperience).toBe(8);
  });

  it('labels known codes and returns undefined for others', () => {
    expect(codeLabel(BATTLE_TYPE_LABELS, 3)).toBe('Tournament');
    expect(codeLabel(CLAN_RANK_LABELS, 3)).toBe('Jarl');
    expect(codeLabel(ADMIN_GRANT_KIND_LABELS, 8)).toBe('Wisp experience');
    expect(codeLabel(BATTLE_TYPE_LABELS, 4)).toBeUndefined();
  });
});

describe('grantTarget', () => {
  it('sends experience to a vera, wisp experience to a clan and every other kind to a character', () => {
    expect(grantTarget(AdminGrantKind.experience)).toBe('vera');
    expect(grantTarget(AdminGrantKind.wispExperience)).toBe('clan');
    for (const kind of [1, 3, 4, 5, 6, 7]) expect(grantTarget(kind)).toBe('character');
    expect(grantTarget(99)).toBe('character');
  });
});
