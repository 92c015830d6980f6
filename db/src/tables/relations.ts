/**
 * Relations for GraphQL: an analyst follows them in one query (elo → character, a grant → the character that
 * received it and the admin's account, a vera → its owner's account and character, a battle → its sides →
 * their characters). They add no SQL constraint.
 */
import { relations } from 'ponder';
import { adminGrant } from './audit.ts';
import { battle, battleSide, elo, eloHistory } from './battles.ts';
import { clan, clanMember } from './clans.ts';
import { account, character, roleChange } from './players.ts';
import { mint, vera } from './veras.ts';

export const accountRelations = relations(account, ({ one }) => ({
  character: one(character, { fields: [account.characterId], references: [character.id] }),
}));

export const characterRelations = relations(character, ({ one, many }) => ({
  owner: one(account, { fields: [character.account], references: [account.address] }),
  clan: one(clan, { fields: [character.clanId], references: [clan.id] }),
  elos: many(elo),
}));

export const eloRelations = relations(elo, ({ one }) => ({
  character: one(character, { fields: [elo.characterId], references: [character.id] }),
}));

export const eloHistoryRelations = relations(eloHistory, ({ one }) => ({
  character: one(character, { fields: [eloHistory.characterId], references: [character.id] }),
}));

export const battleRelations = relations(battle, ({ many }) => ({
  sides: many(battleSide),
}));

export const battleSideRelations = relations(battleSide, ({ one }) => ({
  battle: one(battle, { fields: [battleSide.battleId], references: [battle.id] }),
  character: one(character, { fields: [battleSide.characterId], references: [character.id] }),
}));

export const adminGrantRelations = relations(adminGrant, ({ one }) => ({
  targetCharacter: one(character, {
    fields: [adminGrant.targetCharacterId],
    references: [character.id],
  }),
  adminAccount: one(account, { fields: [adminGrant.admin], references: [account.address] }),
}));

export const roleChangeRelations = relations(roleChange, ({ one }) => ({
  target: one(account, { fields: [roleChange.account], references: [account.address] }),
  adminAccount: one(account, { fields: [roleChange.admin], references: [account.address] }),
}));

export const veraRelations = relations(vera, ({ one }) => ({
  ownerAccount: one(account, { fields: [vera.owner], references: [account.address] }),
  mintedFor: one(character, { fields: [vera.characterId], references: [character.id] }),
  mintRecord: one(mint, { fields: [vera.id], references: [mint.veraId] }),
}));

export const clanRelations = relations(clan, ({ one, many }) => ({
  jarl: one(character, { fields: [clan.jarlId], references: [character.id] }),
  members: many(clanMember),
}));

export const clanMemberRelations = relations(clanMember, ({ one }) => ({
  clan: one(clan, { fields: [clanMember.clanId], references: [clan.id] }),
  character: one(character, { fields: [clanMember.characterId], references: [character.id] }),
}));
