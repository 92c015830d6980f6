// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

struct ItemQuantity {
  uint32 itemId;
  uint64 quantity;
}

/// Currencies (runix, onyx), items, amulets, lootboxes with chest slots, and belt slots, per character.
/// Amulet rarity 1..5, runeType 1..3. LootBox boxType 1..3; species 0 means "rolled at opening", rune 0 likewise.
/// A lootbox is in the stash until claimed into a chest slot (2 slots at start, at most 4); it can be opened
/// (Veras.openLootBox) once its chest timer has ended, or at once when the claim paid onyx to speed up.
interface IInventory {
  event RunixChanged(uint64 indexed characterId, int128 delta, uint64 balanceBefore, uint64 balanceAfter, bytes32 indexed reason);
  event OnyxChanged(uint64 indexed characterId, int128 delta, uint64 balanceBefore, uint64 balanceAfter, bytes32 indexed reason);
  event ItemChanged(uint64 indexed characterId, uint32 indexed itemId, int128 delta, uint64 quantityAfter, bytes32 indexed reason);
  event AmuletCreated(uint64 indexed amuletId, uint64 indexed characterId, uint8 rarity, uint8 runeType, bool isSoulbound);
  event AmuletTransferred(uint64 indexed amuletId, uint64 indexed fromCharacterId, uint64 indexed toCharacterId);
  event AmuletEquipped(uint64 indexed amuletId, uint64 indexed characterId, uint64 veraId);
  event LootBoxCreated(uint64 indexed lootBoxId, uint64 indexed characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound);
  event LootBoxClaimed(uint64 indexed lootBoxId, uint64 indexed characterId, uint8 slot, uint64 endTimestamp, bool spedUp, uint64 onyxPaid);
  event LootBoxConsumed(uint64 indexed lootBoxId, uint64 indexed characterId);
  event LootBoxSlotPurchased(uint64 indexed characterId, uint8 slotCount, uint64 onyxPaid);
  event BeltSlotPurchased(uint64 indexed characterId, uint8 slotCount, uint64 runixPaid);
  event BeltChanged(uint64 indexed characterId, uint32 indexed itemId, bool added, uint8 usedSlots);

  // players (acting character of msg.sender)
  function claimLootBox(uint64 lootBoxId, bool shouldSpeedUp) external;
  function purchaseLootBoxSlot() external; // onyx; AdminGrant_InsufficientSpace past 4 slots
  function purchaseBeltSlot() external; // runix; at most 6 slots
  function addToBelt(uint32 itemId) external; // Player_BeltOverflow when full, World_InsufficientBalance without the item
  function removeFromBelt(uint32 itemId) external; // Player_BeltEmpty when not on the belt
  function transferAmulet(uint64 amuletId, uint64 toCharacterId) external; // Player_SoulboundAmulet
  function transferLootBox(uint64 lootBoxId, uint64 toCharacterId) external; // Player_SoulboundLootBox
  function equipAmulet(uint64 amuletId, uint64 veraId) external;

  // admins: each emits IAdminGrants.AdminGranted
  function admin_grantRunix(uint64 characterId, uint64 amount) external;
  function admin_grantOnyx(uint64 characterId, uint64 amount) external;
  function admin_grantItem(uint64 characterId, uint32 itemId, uint64 quantity) external;
  function admin_grantAmulet(uint64 characterId, uint8 rarity, uint8 runeType, bool isSoulbound) external returns (uint64);
  function admin_grantLootBox(uint64 characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound) external returns (uint64);

  // game contracts (ROLE_GAME)
  function creditRunix(uint64 characterId, uint64 amount, bytes32 reason) external;
  function debitRunix(uint64 characterId, uint64 amount, bytes32 reason) external; // World_InsufficientBalance
  function creditOnyx(uint64 characterId, uint64 amount, bytes32 reason) external;
  function creditItem(uint64 characterId, uint32 itemId, uint64 quantity, bytes32 reason) external;
  function debitItem(uint64 characterId, uint32 itemId, uint64 quantity, bytes32 reason) external;
  function createLootBox(uint64 characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound) external returns (uint64);
  /// Checks ownership and readiness, then burns the lootbox and returns what it holds.
  function consumeLootBox(uint64 characterId, uint64 lootBoxId) external returns (uint8 boxType, uint16 species, uint8 rune);

  // views
  function runixOf(uint64 characterId) external view returns (uint64);
  function onyxOf(uint64 characterId) external view returns (uint64);
  function itemOf(uint64 characterId, uint32 itemId) external view returns (uint64);
}
