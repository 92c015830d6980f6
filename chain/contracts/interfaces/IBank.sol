// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Runix vault. Each character has 3 lock slots (lockIndex 0..2) with their own duration and reward rate.
/// Unlocking after the unlock date returns the runix plus runixReward, and pays onyxReward.
/// Earnings accumulate towards milestones; each milestone raises the reward rate.
interface IBank {
  event RunixLocked(
    uint64 indexed characterId,
    uint8 indexed lockIndex,
    uint64 runix,
    uint64 lockDate,
    uint64 unlockDate,
    uint64 runixReward,
    uint64 onyxReward,
    uint8 milestoneId
  );
  event RunixUnlocked(uint64 indexed characterId, uint8 indexed lockIndex, uint64 runix, uint64 runixReward, uint64 onyxReward);
  event BankMilestoneReached(uint64 indexed characterId, uint8 milestoneId, uint64 earningsToDate, uint64 nextMilestoneThreshold);
  event LockDurationSet(uint8 indexed lockIndex, uint64 durationSeconds, address indexed admin);

  function lockRunix(uint8 lockIndex, uint64 runix) external;
  function unlockRunix(uint8 lockIndex) external; // Bank_StillLocked before the unlock date
  function admin_setLockDuration(uint8 lockIndex, uint64 durationSeconds) external;
}
