import { stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, expectRevert, type Game, onboard, setupGame, TEST_LOCK_DURATIONS } from './fixtures.ts';

const BANK = stringToHex('bank', { size: 32 });

let game: Game;
let alice: bigint; // wallet 1
let bob: bigint; // wallet 2

async function grantRunix(characterId: bigint, amount: bigint) {
  await game.events(game.as(0).inventory.write.admin_grantRunix([characterId, amount]));
}

beforeAll(async () => {
  game = await setupGame();
  alice = await onboard(game, 1);
  bob = await onboard(game, 2);
}, 180_000);

afterAll(async () => {
  await game?.stop();
});

describe('lockRunix', () => {
  it('debits the runix, fixes the reward and the unlock date, and emits RunixLocked', async () => {
    await grantRunix(alice, 1_000n);
    const { logs } = await game.events(game.as(1).bank.write.lockRunix([0, 1_000n]));
    const locked = eventOf(logs, 'RunixLocked');
    expect(locked).toMatchObject({
      characterId: alice,
      lockIndex: 0,
      runix: 1_000n,
      runixReward: 10n, // 1% at milestone 0
      onyxReward: 0n,
      milestoneId: 0,
    });
    expect((locked.unlockDate as bigint) - (locked.lockDate as bigint)).toBe(BigInt(TEST_LOCK_DURATIONS[0]));
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({
      characterId: alice,
      delta: -1_000n,
      balanceBefore: 1_000n,
      balanceAfter: 0n,
      reason: BANK,
    });
    expect(await game.as(1).inventory.read.runixOf([alice])).toBe(0n);
    expect(await game.as(1).bank.read.getLock([alice, 0])).toMatchObject({
      runix: 1_000n,
      lockDate: locked.lockDate,
      unlockDate: locked.unlockDate,
      runixReward: 10n,
      onyxReward: 0n,
      milestoneId: 0,
    });
  });

  it('reverts World_ResourceNotFound for a lock index past 2', async () => {
    await grantRunix(bob, 10n);
    await expectRevert(game.as(2).bank.write.lockRunix([3, 10n]), 'World_ResourceNotFound');
  });

  it('reverts Player_ZeroAmount for zero runix', async () => {
    await expectRevert(game.as(2).bank.write.lockRunix([1, 0n]), 'Player_ZeroAmount');
  });

  it('reverts World_ResourceAlreadyExists when the slot is in use', async () => {
    await grantRunix(alice, 50n);
    await expectRevert(game.as(1).bank.write.lockRunix([0, 50n]), 'World_ResourceAlreadyExists');
    // the slot is checked before the amount
    await expectRevert(game.as(1).bank.write.lockRunix([0, 0n]), 'World_ResourceAlreadyExists');
  });

  it('reverts World_InsufficientBalance without enough runix', async () => {
    const balance = await game.as(2).inventory.read.runixOf([bob]);
    await expectRevert(game.as(2).bank.write.lockRunix([1, balance + 1n]), 'World_InsufficientBalance');
  });
});

describe('unlockRunix', () => {
  it('reverts Bank_StillLocked before the unlock date', async () => {
    await expectRevert(game.as(1).bank.write.unlockRunix([0]), 'Bank_StillLocked');
  });

  it('returns the runix plus the reward after the unlock date and frees the slot', async () => {
    await game.advanceTime(TEST_LOCK_DURATIONS[0]);
    const before = await game.as(1).inventory.read.runixOf([alice]);
    const { logs } = await game.events(game.as(1).bank.write.unlockRunix([0]));
    expect(eventOf(logs, 'RunixUnlocked')).toMatchObject({
      characterId: alice,
      lockIndex: 0,
      runix: 1_000n,
      runixReward: 10n,
      onyxReward: 0n,
    });
    expect(eventOf(logs, 'RunixChanged')).toMatchObject({ characterId: alice, delta: 1_010n, reason: BANK });
    expect(logs.some((l) => l.eventName === 'OnyxChanged')).toBe(false);
    expect(logs.some((l) => l.eventName === 'BankMilestoneReached')).toBe(false);
    expect(await game.as(1).inventory.read.runixOf([alice])).toBe(before + 1_010n);
    expect((await game.as(1).bank.read.getLock([alice, 0])).runix).toBe(0n);
    expect(await game.as(1).bank.read.getProgression([alice])).toEqual({
      milestoneId: 0,
      earningsToDate: 10n,
      nextMilestoneThreshold: 100n,
    });
  });

  it('reverts World_ResourceNotFound for an empty slot', async () => {
    await expectRevert(game.as(1).bank.write.unlockRunix([0]), 'World_ResourceNotFound');
  });

  it('reverts World_ResourceNotFound for a lock index past 2', async () => {
    await expectRevert(game.as(1).bank.write.unlockRunix([3]), 'World_ResourceNotFound');
  });

  it("keeps slots per character: another character cannot unlock someone's lock", async () => {
    await grantRunix(alice, 100n);
    await game.events(game.as(1).bank.write.lockRunix([1, 100n]));
    await game.advanceTime(TEST_LOCK_DURATIONS[1]);
    await expectRevert(game.as(2).bank.write.unlockRunix([1]), 'World_ResourceNotFound');
    const { logs } = await game.events(game.as(1).bank.write.unlockRunix([1]));
    expect(eventOf(logs, 'RunixUnlocked')).toMatchObject({
      characterId: alice,
      runix: 100n,
      runixReward: 5n,
    });
  });
});

describe('rewards and milestones', () => {
  it('pays onyx on the longest slot and reaches a milestone', async () => {
    await grantRunix(alice, 1_000n);
    const locked = eventOf(
      (await game.events(game.as(1).bank.write.lockRunix([2, 1_000n]))).logs,
      'RunixLocked',
    );
    expect(locked).toMatchObject({ runixReward: 150n, onyxReward: 10n, milestoneId: 0 });
    await game.advanceTime(TEST_LOCK_DURATIONS[2]);
    const { logs } = await game.events(game.as(1).bank.write.unlockRunix([2]));
    expect(eventOf(logs, 'RunixUnlocked')).toMatchObject({
      runix: 1_000n,
      runixReward: 150n,
      onyxReward: 10n,
    });
    expect(eventOf(logs, 'OnyxChanged')).toMatchObject({ characterId: alice, delta: 10n, reason: BANK });
    // earnings 10 + 5 + 150 = 165 pass the first threshold (100)
    expect(eventOf(logs, 'BankMilestoneReached')).toEqual({
      characterId: alice,
      milestoneId: 1,
      earningsToDate: 165n,
      nextMilestoneThreshold: 500n,
    });
    expect(await game.as(1).inventory.read.onyxOf([alice])).toBe(10n);
    expect(await game.as(1).bank.read.getProgression([alice])).toEqual({
      milestoneId: 1,
      earningsToDate: 165n,
      nextMilestoneThreshold: 500n,
    });
  });

  it('raises the reward rate with the milestone', async () => {
    await grantRunix(alice, 1_000n);
    const { logs } = await game.events(game.as(1).bank.write.lockRunix([1, 1_000n]));
    // 5% raised by a tenth per milestone: 5.5%
    expect(eventOf(logs, 'RunixLocked')).toMatchObject({ runixReward: 55n, onyxReward: 0n, milestoneId: 1 });
  });

  it('emits one BankMilestoneReached per threshold crossed in a single unlock', async () => {
    await grantRunix(bob, 20_000n);
    await game.events(game.as(2).bank.write.lockRunix([2, 20_000n]));
    await game.advanceTime(TEST_LOCK_DURATIONS[2]);
    const { logs } = await game.events(game.as(2).bank.write.unlockRunix([2]));
    const reached = logs.filter((l) => l.eventName === 'BankMilestoneReached').map((l) => l.args);
    expect(reached).toEqual([
      { characterId: bob, milestoneId: 1, earningsToDate: 3_000n, nextMilestoneThreshold: 500n },
      { characterId: bob, milestoneId: 2, earningsToDate: 3_000n, nextMilestoneThreshold: 2_000n },
      { characterId: bob, milestoneId: 3, earningsToDate: 3_000n, nextMilestoneThreshold: 10_000n },
    ]);
  });
});

describe('linked play account', () => {
  it("locks and unlocks for its main account's character", async () => {
    const play = game.wallet(3).account.address;
    await game.events(game.as(3).characters.write.requestAccountLink([game.wallet(1).account.address]));
    await game.events(game.as(1).characters.write.acceptAccountLink([play]));
    await grantRunix(alice, 40n);
    const { logs } = await game.events(game.as(3).bank.write.lockRunix([0, 40n]));
    expect(eventOf(logs, 'RunixLocked')).toMatchObject({ characterId: alice, lockIndex: 0, runix: 40n });
    await game.advanceTime(TEST_LOCK_DURATIONS[0]);
    const unlocked = await game.events(game.as(3).bank.write.unlockRunix([0]));
    expect(eventOf(unlocked.logs, 'RunixUnlocked')).toMatchObject({ characterId: alice, runix: 40n });
  });
});

describe('admin_setLockDuration', () => {
  it('sets the duration used by new locks and emits LockDurationSet', async () => {
    const { logs } = await game.events(game.as(0).bank.write.admin_setLockDuration([0, 120n]));
    expect(eventOf(logs, 'LockDurationSet')).toEqual({
      lockIndex: 0,
      durationSeconds: 120n,
      admin: game.admin.account.address,
    });
    expect(await game.as(0).bank.read.lockDuration([0])).toBe(120n);
    await grantRunix(bob, 10n);
    const locked = eventOf(
      (await game.events(game.as(2).bank.write.lockRunix([0, 10n]))).logs,
      'RunixLocked',
    );
    expect((locked.unlockDate as bigint) - (locked.lockDate as bigint)).toBe(120n);
    await game.events(game.as(0).bank.write.admin_setLockDuration([0, BigInt(TEST_LOCK_DURATIONS[0])]));
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(1).bank.write.admin_setLockDuration([0, 5n]), 'World_AccessDenied');
  });

  it('reverts World_ResourceNotFound for a lock index past 2', async () => {
    await expectRevert(game.as(0).bank.write.admin_setLockDuration([3, 5n]), 'World_ResourceNotFound');
  });

  it('reverts Player_ZeroAmount for a zero duration', async () => {
    await expectRevert(game.as(0).bank.write.admin_setLockDuration([1, 0n]), 'Player_ZeroAmount');
  });
});
