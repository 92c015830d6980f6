// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {SkaldBase} from "./SkaldBase.sol";
import {IBank} from "./interfaces/IBank.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IInventory} from "./interfaces/IInventory.sol";
import {IRoles} from "./interfaces/IRoles.sol";
import {
  Bank_StillLocked,
  Player_ZeroAmount,
  World_InsufficientBalance,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";

/// One vault lock as stored; the reward is fixed when the runix is locked.
struct BankLock {
  uint64 runix; // 0 when the slot is free
  uint64 lockDate;
  uint64 unlockDate;
  uint64 runixReward;
  uint64 onyxReward;
  uint8 milestoneId; // the character's bank milestone when it locked
}

struct BankProgression {
  uint8 milestoneId; // 0 until the first threshold, MILESTONE_COUNT at the top
  uint64 earningsToDate; // runix rewards collected so far
  uint64 nextMilestoneThreshold; // 0 once every milestone is reached
}

/// Runix vault. The reward of a lock is `runix * rate / 10_000`, where the rate is the slot's base rate raised by
/// a tenth of itself per milestone reached; the longest slot also pays 1 onyx per 100 runix. Milestones count
/// runix rewards collected at unlock.
contract Bank is SkaldBase, IBank {
  uint8 public constant LOCK_SLOTS = 3;
  uint8 public constant MILESTONE_COUNT = 4;
  bytes32 internal constant REASON = "bank";

  ICharacters public immutable characters;
  IInventory public immutable inventory;

  uint64[3] internal durations = [uint64(1 days), 7 days, 30 days];

  mapping(uint64 characterId => BankLock[3]) internal locks;
  mapping(uint64 characterId => uint64) internal earnings;
  mapping(uint64 characterId => uint8) internal milestones;

  constructor(IRoles roles_, ICharacters characters_, IInventory inventory_) SkaldBase(roles_) {
    characters = characters_;
    inventory = inventory_;
  }

  function lockRunix(uint8 lockIndex, uint64 runix) external {
    _checkSlot(lockIndex);
    (uint64 characterId, ) = characters.actingCharacter(msg.sender);
    if (locks[characterId][lockIndex].runix != 0) revert World_ResourceAlreadyExists(lockIndex);
    if (runix == 0) revert Player_ZeroAmount();
    uint64 balance = inventory.runixOf(characterId);
    if (balance < runix) revert World_InsufficientBalance(balance, runix);

    uint8 milestoneId = milestones[characterId];
    (uint64 runixReward, uint64 onyxReward) = rewardFor(lockIndex, runix, milestoneId);
    uint64 lockDate = uint64(block.timestamp);
    uint64 unlockDate = lockDate + durations[lockIndex];
    locks[characterId][lockIndex] = BankLock(runix, lockDate, unlockDate, runixReward, onyxReward, milestoneId);

    inventory.debitRunix(characterId, runix, REASON);
    emit RunixLocked(characterId, lockIndex, runix, lockDate, unlockDate, runixReward, onyxReward, milestoneId);
  }

  function unlockRunix(uint8 lockIndex) external {
    _checkSlot(lockIndex);
    (uint64 characterId, ) = characters.actingCharacter(msg.sender);
    BankLock memory lock = locks[characterId][lockIndex];
    if (lock.runix == 0) revert World_ResourceNotFound(lockIndex);
    if (block.timestamp < lock.unlockDate) revert Bank_StillLocked(lock.unlockDate);
    delete locks[characterId][lockIndex];

    inventory.creditRunix(characterId, lock.runix + lock.runixReward, REASON);
    if (lock.onyxReward > 0) inventory.creditOnyx(characterId, lock.onyxReward, REASON);
    emit RunixUnlocked(characterId, lockIndex, lock.runix, lock.runixReward, lock.onyxReward);
    _addEarnings(characterId, lock.runixReward);
  }

  function admin_setLockDuration(uint8 lockIndex, uint64 durationSeconds) external onlyAdmin {
    _checkSlot(lockIndex);
    if (durationSeconds == 0) revert Player_ZeroAmount();
    durations[lockIndex] = durationSeconds;
    emit LockDurationSet(lockIndex, durationSeconds, msg.sender);
  }

  // views

  function getLock(uint64 characterId, uint8 lockIndex) external view returns (BankLock memory) {
    _checkSlot(lockIndex);
    return locks[characterId][lockIndex];
  }

  function getProgression(uint64 characterId) external view returns (BankProgression memory) {
    uint8 milestoneId = milestones[characterId];
    return BankProgression(milestoneId, earnings[characterId], milestoneThreshold(milestoneId + 1));
  }

  function lockDuration(uint8 lockIndex) external view returns (uint64) {
    _checkSlot(lockIndex);
    return durations[lockIndex];
  }

  /// Base reward rates per slot, in basis points: 1%, 5% and 15%.
  function baseRateBps(uint8 lockIndex) public pure returns (uint64) {
    return lockIndex == 0 ? 100 : lockIndex == 1 ? 500 : 1500;
  }

  /// Earnings needed for milestone 1..4 (0 past the last one).
  function milestoneThreshold(uint8 milestoneId) public pure returns (uint64) {
    if (milestoneId == 1) return 100;
    if (milestoneId == 2) return 500;
    if (milestoneId == 3) return 2000;
    if (milestoneId == 4) return 10_000;
    return 0;
  }

  /// The rewards a lock of `runix` in `lockIndex` earns at `milestoneId`.
  function rewardFor(uint8 lockIndex, uint64 runix, uint8 milestoneId) public pure returns (uint64 runixReward, uint64 onyxReward) {
    _checkSlot(lockIndex);
    uint256 rateBps = (uint256(baseRateBps(lockIndex)) * (10 + milestoneId)) / 10;
    runixReward = uint64((uint256(runix) * rateBps) / 10_000);
    onyxReward = lockIndex == 2 ? runix / 100 : 0;
  }

  // internals

  function _addEarnings(uint64 characterId, uint64 amount) internal {
    uint64 total = earnings[characterId] + amount;
    earnings[characterId] = total;
    uint8 milestoneId = milestones[characterId];
    // one unlock may cross several thresholds: one event per milestone reached
    while (milestoneId < MILESTONE_COUNT && total >= milestoneThreshold(milestoneId + 1)) {
      milestoneId += 1;
      emit BankMilestoneReached(characterId, milestoneId, total, milestoneThreshold(milestoneId + 1));
    }
    milestones[characterId] = milestoneId;
  }

  function _checkSlot(uint8 lockIndex) internal pure {
    if (lockIndex >= LOCK_SLOTS) revert World_ResourceNotFound(lockIndex);
  }
}
