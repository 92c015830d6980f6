import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GAME } from '../src/deploy.ts';
import { eventOf, expectRevert, type Game, onboard, setupGame } from './fixtures.ts';

// wallets: 1 alice founds clan 1; 2 bob founds clans that get declined; 3..7 join and leave; 8 stays clanless;
// 9 is given the game role to add points as Battles does
const ALICE = 1;
const BOB = 2;
const CARL = 3;
const DANA = 4;
const ERIK = 5;
const FREYA = 6;
const GUNNAR = 7;
const GAME = 9;

let game: Game;
const id: Record<number, bigint> = {};
let clanId: bigint;
let pendingClanId: bigint;

const clans = (wallet: number) => game.as(wallet).clans;

beforeAll(async () => {
  game = await setupGame();
  for (const wallet of [ALICE, BOB, CARL, DANA, ERIK, FREYA, GUNNAR, 8]) {
    id[wallet] = await onboard(game, wallet);
  }
}, 180_000);

afterAll(async () => {
  await game?.stop();
});

describe('foundClan', () => {
  it('creates a pending clan with the founder as jarl', async () => {
    const { logs } = await game.events(clans(ALICE).write.foundClan(['Iron Wolves', 'IRW', 'We hunt.']));
    const founded = eventOf(logs, 'ClanFounded');
    expect(founded).toEqual({
      clanId: 1n,
      jarlId: id[ALICE],
      name: 'Iron Wolves',
      tag: 'IRW',
      description: 'We hunt.',
    });
    clanId = founded.clanId as bigint;
    expect(eventOf(logs, 'ClanMemberJoined')).toEqual({ clanId, characterId: id[ALICE], rank: 3 });
    expect(await clans(ALICE).read.getClan([clanId])).toEqual({
      name: 'Iron Wolves',
      tag: 'IRW',
      description: 'We hunt.',
      status: 1,
      jarl: id[ALICE],
      points: 0n,
      memberCount: 1,
      wispLevel: 1,
      wispExperience: 0n,
      experienceNeeded: 100n,
    });
    expect(await clans(ALICE).read.clanOf([id[ALICE] as bigint])).toBe(clanId);
    expect(await clans(ALICE).read.rankOf([clanId, id[ALICE] as bigint])).toBe(3);
    expect(await clans(ALICE).read.membersOf([clanId])).toEqual([id[ALICE]]);
    expect(await clans(ALICE).read.clanCount()).toBe(1n);
  });

  it('reverts Player_InvalidName for a name outside 3..24 bytes', async () => {
    await expectRevert(clans(CARL).write.foundClan(['ab', 'AB', '']), 'Player_InvalidName');
    await expectRevert(clans(CARL).write.foundClan(['x'.repeat(25), 'AB', '']), 'Player_InvalidName');
  });

  it('reverts Player_InvalidName for a tag outside 2..5 bytes', async () => {
    await expectRevert(clans(CARL).write.foundClan(['Valid', 'A', '']), 'Player_InvalidName');
    await expectRevert(clans(CARL).write.foundClan(['Valid', 'ABCDEF', '']), 'Player_InvalidName');
  });

  it('reverts Player_InvalidName for a description over 280 bytes', async () => {
    await expectRevert(clans(CARL).write.foundClan(['Valid', 'AB', 'x'.repeat(281)]), 'Player_InvalidName');
  });

  it('reverts Clan_AlreadyInClan for a member of a clan, even a pending one', async () => {
    await expectRevert(clans(ALICE).write.foundClan(['Second', 'SEC', '']), 'Clan_AlreadyInClan');
  });
});

describe('admin_approveClan', () => {
  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(clans(ALICE).write.admin_approveClan([clanId]), 'World_AccessDenied');
  });

  it('reverts AdminGrant_InvalidClan for an unknown clan', async () => {
    await expectRevert(clans(0).write.admin_approveClan([99n]), 'AdminGrant_InvalidClan');
  });

  it('activates a pending clan', async () => {
    const { logs } = await game.events(clans(0).write.admin_approveClan([clanId]));
    expect(eventOf(logs, 'ClanStatusChanged')).toEqual({
      clanId,
      status: 2,
      admin: game.admin.account.address,
    });
    expect((await clans(0).read.getClan([clanId])).status).toBe(2);
  });

  it('reverts AdminGrant_InvalidClan unless the clan is pending', async () => {
    await expectRevert(clans(0).write.admin_approveClan([clanId]), 'AdminGrant_InvalidClan');
  });
});

describe('admin_declineClan', () => {
  it('declines a pending clan and releases its jarl', async () => {
    const founded = await game.events(clans(BOB).write.foundClan(['Sea Goats', 'GOAT', '']));
    const declinedId = eventOf(founded.logs, 'ClanFounded').clanId as bigint;
    const { logs } = await game.events(clans(0).write.admin_declineClan([declinedId]));
    expect(eventOf(logs, 'ClanStatusChanged')).toEqual({
      clanId: declinedId,
      status: 3,
      admin: game.admin.account.address,
    });
    expect(await clans(BOB).read.clanOf([id[BOB] as bigint])).toBe(0n);
    expect(await clans(BOB).read.membersOf([declinedId])).toEqual([]);
    expect(await clans(BOB).read.getClan([declinedId])).toMatchObject({
      status: 3,
      jarl: 0n,
      memberCount: 0,
    });
    // released: bob may found again
    const again = await game.events(clans(BOB).write.foundClan(['Sea Goats', 'GOAT', 'Second try']));
    pendingClanId = eventOf(again.logs, 'ClanFounded').clanId as bigint;
    expect(pendingClanId).toBe(declinedId + 1n);
    await expectRevert(clans(0).write.admin_declineClan([declinedId]), 'AdminGrant_InvalidClan');
  });

  it('reverts AdminGrant_InvalidClan for an active or unknown clan', async () => {
    await expectRevert(clans(0).write.admin_declineClan([clanId]), 'AdminGrant_InvalidClan');
    await expectRevert(clans(0).write.admin_declineClan([99n]), 'AdminGrant_InvalidClan');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(clans(BOB).write.admin_declineClan([pendingClanId]), 'World_AccessDenied');
  });
});

describe('invites', () => {
  it('reverts Clan_NotActive for a pending clan', async () => {
    await expectRevert(
      clans(BOB).write.sendClanInvite([pendingClanId, id[CARL] as bigint]),
      'Clan_NotActive',
    );
  });

  it('lets the jarl invite a clanless character', async () => {
    const { logs } = await game.events(clans(ALICE).write.sendClanInvite([clanId, id[CARL] as bigint]));
    expect(eventOf(logs, 'ClanInviteSent')).toEqual({
      clanId,
      characterId: id[CARL],
      invitedBy: id[ALICE],
    });
    expect(await clans(CARL).read.isInvited([clanId, id[CARL] as bigint])).toBe(true);
  });

  it('reverts World_ResourceAlreadyExists for a second invite', async () => {
    await expectRevert(
      clans(ALICE).write.sendClanInvite([clanId, id[CARL] as bigint]),
      'World_ResourceAlreadyExists',
    );
  });

  it('reverts Clan_NotMember when the inviter is not in the clan', async () => {
    await expectRevert(clans(DANA).write.sendClanInvite([clanId, id[ERIK] as bigint]), 'Clan_NotMember');
  });

  it('reverts World_ResourceNotFound for an unknown character', async () => {
    await expectRevert(clans(ALICE).write.sendClanInvite([clanId, 999n]), 'World_ResourceNotFound');
  });

  it('reverts Clan_AlreadyInClan for a character in another clan', async () => {
    await expectRevert(clans(ALICE).write.sendClanInvite([clanId, id[BOB] as bigint]), 'Clan_AlreadyInClan');
  });

  it('acceptClanInvite joins as a member and uses up the invite', async () => {
    const { logs } = await game.events(clans(CARL).write.acceptClanInvite([clanId]));
    expect(eventOf(logs, 'ClanMemberJoined')).toEqual({ clanId, characterId: id[CARL], rank: 1 });
    expect(await clans(CARL).read.isInvited([clanId, id[CARL] as bigint])).toBe(false);
    expect(await clans(CARL).read.membersOf([clanId])).toEqual([id[ALICE], id[CARL]]);
    expect(await clans(CARL).read.rankOf([clanId, id[CARL] as bigint])).toBe(1);
  });

  it('acceptClanInvite reverts Clan_NotInvited without an invite', async () => {
    await expectRevert(clans(DANA).write.acceptClanInvite([clanId]), 'Clan_NotInvited');
  });

  it('reverts Clan_InsufficientRank for a plain member inviting', async () => {
    await expectRevert(
      clans(CARL).write.sendClanInvite([clanId, id[DANA] as bigint]),
      'Clan_InsufficientRank',
    );
  });

  it('declineClanInvite removes the invite', async () => {
    await game.events(clans(ALICE).write.sendClanInvite([clanId, id[DANA] as bigint]));
    const { logs } = await game.events(clans(DANA).write.declineClanInvite([clanId]));
    expect(eventOf(logs, 'ClanInviteDeclined')).toEqual({ clanId, characterId: id[DANA] });
    expect(await clans(DANA).read.isInvited([clanId, id[DANA] as bigint])).toBe(false);
  });

  it('declineClanInvite reverts Clan_NotInvited without an invite', async () => {
    await expectRevert(clans(DANA).write.declineClanInvite([clanId]), 'Clan_NotInvited');
  });
});

describe('join requests', () => {
  const freya = () => id[FREYA] as bigint;
  const gunnar = () => id[GUNNAR] as bigint;

  it('reverts Clan_NotActive for a pending clan', async () => {
    await expectRevert(clans(FREYA).write.requestToJoinClan([pendingClanId]), 'Clan_NotActive');
  });

  it('records a request from a clanless character', async () => {
    const { logs } = await game.events(clans(FREYA).write.requestToJoinClan([clanId]));
    expect(eventOf(logs, 'ClanJoinRequested')).toEqual({ clanId, characterId: freya() });
    expect(await clans(0).read.hasRequested([clanId, freya()])).toBe(true);
  });

  it('reverts World_ResourceAlreadyExists for a second request, and for an invite while it is open', async () => {
    await expectRevert(clans(FREYA).write.requestToJoinClan([clanId]), 'World_ResourceAlreadyExists');
    await expectRevert(clans(ALICE).write.sendClanInvite([clanId, freya()]), 'World_ResourceAlreadyExists');
  });

  it('reverts Clan_AlreadyInClan for a member asking', async () => {
    await expectRevert(clans(CARL).write.requestToJoinClan([clanId]), 'Clan_AlreadyInClan');
  });

  it('reverts Clan_InsufficientRank for a plain member answering', async () => {
    await expectRevert(clans(CARL).write.acceptJoinRequest([clanId, freya()]), 'Clan_InsufficientRank');
    await expectRevert(clans(CARL).write.declineJoinRequest([clanId, freya()]), 'Clan_InsufficientRank');
  });

  it('lets the jarl decline a request', async () => {
    const { logs } = await game.events(clans(ALICE).write.declineJoinRequest([clanId, freya()]));
    expect(eventOf(logs, 'ClanJoinRequestClosed')).toEqual({
      clanId,
      characterId: freya(),
      outcome: 2,
      by: id[ALICE],
    });
    expect(await clans(0).read.hasRequested([clanId, freya()])).toBe(false);
    await expectRevert(clans(ALICE).write.declineJoinRequest([clanId, freya()]), 'World_ResourceNotFound');
    await expectRevert(clans(ALICE).write.acceptJoinRequest([clanId, freya()]), 'World_ResourceNotFound');
  });

  it('lets the asker withdraw a request once', async () => {
    await game.events(clans(GUNNAR).write.requestToJoinClan([clanId]));
    const { logs } = await game.events(clans(GUNNAR).write.withdrawJoinRequest([clanId]));
    expect(eventOf(logs, 'ClanJoinRequestClosed')).toEqual({
      clanId,
      characterId: gunnar(),
      outcome: 3,
      by: gunnar(),
    });
    await expectRevert(clans(GUNNAR).write.withdrawJoinRequest([clanId]), 'World_ResourceNotFound');
  });

  it('joins the asker as a member when the jarl accepts', async () => {
    await game.events(clans(FREYA).write.requestToJoinClan([clanId]));
    const { logs } = await game.events(clans(ALICE).write.acceptJoinRequest([clanId, freya()]));
    expect(eventOf(logs, 'ClanJoinRequestClosed')).toMatchObject({ characterId: freya(), outcome: 1 });
    expect(eventOf(logs, 'ClanMemberJoined')).toEqual({ clanId, characterId: freya(), rank: 1 });
    expect(await clans(0).read.rankOf([clanId, freya()])).toBe(1);
    expect(await clans(0).read.hasRequested([clanId, freya()])).toBe(false);
    // back out so the tests below see the clan as before
    await game.events(clans(FREYA).write.leaveClan());
    expect(await clans(0).read.membersOf([clanId])).toEqual([id[ALICE], id[CARL]]);
  });

  it('reverts World_ResourceAlreadyExists for a request while invited', async () => {
    await game.events(clans(ALICE).write.sendClanInvite([clanId, gunnar()]));
    await expectRevert(clans(GUNNAR).write.requestToJoinClan([clanId]), 'World_ResourceAlreadyExists');
    await game.events(clans(GUNNAR).write.declineClanInvite([clanId]));
  });
});

describe('setClanRank', () => {
  it('lets the jarl promote a member to officer, who may then invite', async () => {
    const { logs } = await game.events(clans(ALICE).write.setClanRank([clanId, id[CARL] as bigint, 2]));
    expect(eventOf(logs, 'ClanRankChanged')).toEqual({
      clanId,
      characterId: id[CARL],
      oldRank: 1,
      newRank: 2,
    });
    for (const wallet of [DANA, ERIK]) {
      const sent = await game.events(clans(CARL).write.sendClanInvite([clanId, id[wallet] as bigint]));
      expect(eventOf(sent.logs, 'ClanInviteSent')).toMatchObject({ invitedBy: id[CARL] });
      await game.events(clans(wallet).write.acceptClanInvite([clanId]));
    }
    expect(await clans(CARL).read.membersOf([clanId])).toEqual([id[ALICE], id[CARL], id[DANA], id[ERIK]]);
  });

  it('reverts Clan_InsufficientRank for an officer', async () => {
    await expectRevert(
      clans(CARL).write.setClanRank([clanId, id[DANA] as bigint, 2]),
      'Clan_InsufficientRank',
    );
  });

  it('reverts World_ResourceNotFound for a rank other than 1 or 2', async () => {
    await expectRevert(
      clans(ALICE).write.setClanRank([clanId, id[DANA] as bigint, 3]),
      'World_ResourceNotFound',
    );
    await expectRevert(
      clans(ALICE).write.setClanRank([clanId, id[DANA] as bigint, 0]),
      'World_ResourceNotFound',
    );
  });

  it('reverts Clan_NotMember for a target outside the clan or a caller outside it', async () => {
    await expectRevert(clans(ALICE).write.setClanRank([clanId, id[FREYA] as bigint, 2]), 'Clan_NotMember');
    await expectRevert(clans(FREYA).write.setClanRank([clanId, id[DANA] as bigint, 2]), 'Clan_NotMember');
  });

  it("reverts Clan_InsufficientRank for the jarl's own rank", async () => {
    await expectRevert(
      clans(ALICE).write.setClanRank([clanId, id[ALICE] as bigint, 2]),
      'Clan_InsufficientRank',
    );
  });
});

describe('kickClanMember', () => {
  it('lets an officer kick a member', async () => {
    const { logs } = await game.events(clans(CARL).write.kickClanMember([clanId, id[ERIK] as bigint]));
    expect(eventOf(logs, 'ClanMemberLeft')).toEqual({
      clanId,
      characterId: id[ERIK],
      reason: 2,
      by: id[CARL],
    });
    expect(await clans(ERIK).read.clanOf([id[ERIK] as bigint])).toBe(0n);
    expect(await clans(ERIK).read.membersOf([clanId])).toEqual([id[ALICE], id[CARL], id[DANA]]);
  });

  it('reverts Clan_InsufficientRank for a member kicking', async () => {
    await expectRevert(
      clans(DANA).write.kickClanMember([clanId, id[CARL] as bigint]),
      'Clan_InsufficientRank',
    );
  });

  it('reverts Clan_InsufficientRank for an officer kicking an officer or the jarl', async () => {
    await game.events(clans(ALICE).write.setClanRank([clanId, id[DANA] as bigint, 2]));
    await expectRevert(
      clans(CARL).write.kickClanMember([clanId, id[DANA] as bigint]),
      'Clan_InsufficientRank',
    );
    await expectRevert(
      clans(CARL).write.kickClanMember([clanId, id[ALICE] as bigint]),
      'Clan_InsufficientRank',
    );
  });

  it('reverts Clan_InsufficientRank for the jarl kicking itself', async () => {
    await expectRevert(
      clans(ALICE).write.kickClanMember([clanId, id[ALICE] as bigint]),
      'Clan_InsufficientRank',
    );
  });

  it('reverts Clan_NotMember for a target outside the clan', async () => {
    await expectRevert(clans(ALICE).write.kickClanMember([clanId, id[ERIK] as bigint]), 'Clan_NotMember');
  });

  it('lets the jarl kick an officer', async () => {
    const { logs } = await game.events(clans(ALICE).write.kickClanMember([clanId, id[DANA] as bigint]));
    expect(eventOf(logs, 'ClanMemberLeft')).toMatchObject({
      characterId: id[DANA],
      reason: 2,
      by: id[ALICE],
    });
    expect(await clans(DANA).read.rankOf([clanId, id[DANA] as bigint])).toBe(0);
  });
});

describe('updateClan', () => {
  it('lets the jarl change the description', async () => {
    const { logs } = await game.events(clans(ALICE).write.updateClan([clanId, 'We hunt at night.']));
    expect(eventOf(logs, 'ClanUpdated')).toEqual({ clanId, description: 'We hunt at night.' });
    expect((await clans(ALICE).read.getClan([clanId])).description).toBe('We hunt at night.');
  });

  it('reverts Clan_InsufficientRank for an officer', async () => {
    await expectRevert(clans(CARL).write.updateClan([clanId, 'Officers rule']), 'Clan_InsufficientRank');
  });

  it('reverts Clan_NotMember for an outsider', async () => {
    await expectRevert(clans(FREYA).write.updateClan([clanId, 'Hi']), 'Clan_NotMember');
  });

  it('reverts Player_InvalidName for a description over 280 bytes', async () => {
    await expectRevert(clans(ALICE).write.updateClan([clanId, 'x'.repeat(281)]), 'Player_InvalidName');
  });
});

describe('addPoints', () => {
  it('reverts World_AccessDenied without the game role', async () => {
    await expectRevert(clans(0).write.addPoints([id[CARL] as bigint, 5n]), 'World_AccessDenied');
  });

  it('adds points to the clan and the member', async () => {
    await game.events(game.as(0).roles.write.grantRole([game.wallet(GAME).account.address, ROLE_GAME]));
    const first = await game.events(clans(GAME).write.addPoints([id[CARL] as bigint, 5n]));
    expect(eventOf(first.logs, 'ClanPointsChanged')).toEqual({
      clanId,
      characterId: id[CARL],
      added: 5n,
      clanPoints: 5n,
      memberPoints: 5n,
    });
    const second = await game.events(clans(GAME).write.addPoints([id[ALICE] as bigint, 3n]));
    expect(eventOf(second.logs, 'ClanPointsChanged')).toMatchObject({ clanPoints: 8n, memberPoints: 3n });
    expect((await clans(0).read.getClan([clanId])).points).toBe(8n);
    expect(await clans(0).read.memberPointsOf([id[CARL] as bigint])).toBe(5n);
  });

  it('is a no-op for a clanless character', async () => {
    const { logs } = await game.events(clans(GAME).write.addPoints([id[8] as bigint, 5n]));
    expect(logs).toEqual([]);
  });
});

describe('admin_grantWispExperience', () => {
  it('levels the wisp up and carries the leftover experience over', async () => {
    const { logs } = await game.events(clans(0).write.admin_grantWispExperience([clanId, 250n]));
    // level 1 needs 100: 150 left, level 2 needs 200
    expect(eventOf(logs, 'WispExperienceGained')).toEqual({
      clanId,
      amount: 250n,
      levelBefore: 1,
      levelAfter: 2,
      experience: 150n,
      experienceNeeded: 200n,
    });
    expect(eventOf(logs, 'AdminGranted')).toEqual({
      admin: game.admin.account.address,
      kind: 8,
      target: clanId,
      subjectId: 0n,
      amount: 250n,
    });
    const next = await game.events(clans(0).write.admin_grantWispExperience([clanId, 50n]));
    expect(eventOf(next.logs, 'WispExperienceGained')).toMatchObject({
      levelBefore: 2,
      levelAfter: 3,
      experience: 0n,
      experienceNeeded: 300n,
    });
    expect(await clans(0).read.getClan([clanId])).toMatchObject({
      wispLevel: 3,
      wispExperience: 0n,
      experienceNeeded: 300n,
    });
  });

  it('reverts AdminGrant_InvalidClan for a clan that is not active or unknown', async () => {
    await expectRevert(
      clans(0).write.admin_grantWispExperience([pendingClanId, 10n]),
      'AdminGrant_InvalidClan',
    );
    await expectRevert(clans(0).write.admin_grantWispExperience([99n, 10n]), 'AdminGrant_InvalidClan');
  });

  it('reverts Player_ZeroAmount for zero experience', async () => {
    await expectRevert(clans(0).write.admin_grantWispExperience([clanId, 0n]), 'Player_ZeroAmount');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(clans(ALICE).write.admin_grantWispExperience([clanId, 10n]), 'World_AccessDenied');
  });
});

describe('leaveClan', () => {
  it('lets a member leave', async () => {
    await game.events(clans(ALICE).write.sendClanInvite([clanId, id[GUNNAR] as bigint]));
    await game.events(clans(GUNNAR).write.acceptClanInvite([clanId]));
    const { logs } = await game.events(clans(GUNNAR).write.leaveClan());
    expect(eventOf(logs, 'ClanMemberLeft')).toEqual({
      clanId,
      characterId: id[GUNNAR],
      reason: 1,
      by: id[GUNNAR],
    });
    expect(logs.some((l) => l.eventName === 'ClanRankChanged')).toBe(false);
  });

  it('hands the jarl rank to the longest-standing officer before any member', async () => {
    // members in joining order: alice (jarl), carl, erik; erik becomes the only officer
    await game.events(clans(ALICE).write.sendClanInvite([clanId, id[ERIK] as bigint]));
    await game.events(clans(ERIK).write.acceptClanInvite([clanId]));
    await game.events(clans(ALICE).write.setClanRank([clanId, id[CARL] as bigint, 1]));
    await game.events(clans(ALICE).write.setClanRank([clanId, id[ERIK] as bigint, 2]));
    const { logs } = await game.events(clans(ALICE).write.leaveClan());
    expect(eventOf(logs, 'ClanMemberLeft')).toEqual({
      clanId,
      characterId: id[ALICE],
      reason: 1,
      by: id[ALICE],
    });
    expect(eventOf(logs, 'ClanRankChanged')).toEqual({
      clanId,
      characterId: id[ERIK],
      oldRank: 2,
      newRank: 3,
    });
    expect((await clans(0).read.getClan([clanId])).jarl).toBe(id[ERIK]);
    expect(await clans(0).read.rankOf([clanId, id[ALICE] as bigint])).toBe(0);
  });

  it('hands the jarl rank to the longest-standing member without officers', async () => {
    const { logs } = await game.events(clans(ERIK).write.leaveClan());
    expect(eventOf(logs, 'ClanRankChanged')).toEqual({
      clanId,
      characterId: id[CARL],
      oldRank: 1,
      newRank: 3,
    });
    expect((await clans(0).read.getClan([clanId])).jarl).toBe(id[CARL]);
  });

  it('leaves the clan without a jarl when the last member leaves, and resets member points', async () => {
    const { logs } = await game.events(clans(CARL).write.leaveClan());
    expect(eventOf(logs, 'ClanMemberLeft')).toMatchObject({ characterId: id[CARL], reason: 1 });
    expect(await clans(0).read.getClan([clanId])).toMatchObject({ jarl: 0n, memberCount: 0, points: 8n });
    expect(await clans(0).read.memberPointsOf([id[CARL] as bigint])).toBe(0n);
  });

  it('reverts Clan_NotMember for a clanless character', async () => {
    await expectRevert(clans(CARL).write.leaveClan(), 'Clan_NotMember');
  });
});
