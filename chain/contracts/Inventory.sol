// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {SkaldBase} from "./SkaldBase.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IInventory} from "./interfaces/IInventory.sol";
import {IAdminGrants, IRoles} from "./interfaces/IRoles.sol";
import {
  AdminGrant_InsufficientSpace,
  AdminGrant_InvalidAmuletRarity,
  AdminGrant_InvalidAmuletRuneType,
  AdminGrant_InvalidCharacter,
  LootBox_NotReady,
  Player_BeltEmpty,
  Player_BeltOverflow,
  Player_SoulboundAmulet,
  Player_SoulboundLootBox,
  Player_StillOnboardingForStash,
  Player_ZeroAmount,
  World_AccessDenied,
  World_InsufficientBalance,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";

struct Amulet {
  uint64 characterId; // 0 once it no longer exists (never happens today)
  uint8 rarity; // 1..5
  uint8 runeType; // 1..3
  bool isSoulbound;
  uint64 veraId; // 0 when not equipped
}

struct LootBox {
  uint64 characterId; // 0 once consumed
  uint8 boxType; // 1..3
  uint16 species; // 0..8, 0 rolled at opening
  uint8 rune; // 0..3, 0 rolled at opening
  bool isSoulbound;
  bool claimed; // in a chest slot
  uint8 slot; // chest slot 0..3 while claimed
  uint64 endTimestamp; // when it may be opened, while claimed
}

/// Currencies, items, amulets, lootboxes with chest slots, and belt slots. Numbers the interface leaves open:
/// - Chest timers per boxType 1/2/3: 30/60/120 s (admin_setChestDuration). Speeding up at claim costs 5/10/20 onyx.
/// - Chest slots: 2 at start, at most 4; the 3rd costs 50 onyx, the 4th 100 (AdminGrant_InsufficientSpace past 4).
/// - Belt slots: 2 at start, at most 6; the 3rd..6th cost 100/200/400/800 runix (AdminGrant_InsufficientSpace
///   past 6). A belt slot holds one unit of an item the character owns; debiting items below what the belt
///   holds takes them off the belt (BeltChanged, added=false).
/// - A character holds at most 20 unopened lootboxes from admin grants and transfers (AdminGrant_InsufficientSpace);
///   game contracts' createLootBox is not capped, so a reward never fails.
/// - Unknown amulet/lootbox: World_ResourceNotFound(id); someone else's: World_AccessDenied(msg.sender);
///   unknown or self target character: AdminGrant_InvalidCharacter; boxType 1..3, species 0..8 and rune 0..3
///   else World_ResourceNotFound(value); itemId 0 is World_ResourceNotFound(0); a balance past uint64 is
///   AdminGrant_InsufficientSpace.
/// - Player actions revert Player_StillOnboardingForStash until the acting character's first login.
contract Inventory is SkaldBase, IInventory, IAdminGrants {
  event VerasSet(address indexed veras, address indexed admin);
  event ChestDurationSet(uint8 indexed boxType, uint64 durationSeconds, address indexed admin);
  event LootBoxTransferred(uint64 indexed lootBoxId, uint64 indexed fromCharacterId, uint64 indexed toCharacterId);

  uint8 internal constant GRANT_AMULET = 1;
  uint8 internal constant GRANT_ITEM = 3;
  uint8 internal constant GRANT_LOOTBOX = 4;
  uint8 internal constant GRANT_ONYX = 5;
  uint8 internal constant GRANT_RUNIX = 6;

  bytes32 public constant REASON_ADMIN_GRANT = "admin_grant";
  bytes32 public constant REASON_LOOTBOX_SPEED_UP = "lootbox_speed_up";
  bytes32 public constant REASON_LOOTBOX_SLOT = "lootbox_slot";
  bytes32 public constant REASON_BELT_SLOT = "belt_slot";

  uint8 public constant START_LOOTBOX_SLOTS = 2;
  uint8 public constant MAX_LOOTBOX_SLOTS = 4;
  uint8 public constant START_BELT_SLOTS = 2;
  uint8 public constant MAX_BELT_SLOTS = 6;
  uint256 public constant MAX_UNOPENED_LOOTBOXES = 20;

  ICharacters public immutable characters;
  address public veras;

  mapping(uint8 boxType => uint64 seconds_) private _chestDuration;
  mapping(uint64 characterId => uint64) private _runix;
  mapping(uint64 characterId => uint64) private _onyx;
  mapping(uint64 characterId => mapping(uint32 itemId => uint64)) private _items;

  uint64 private _amuletCount;
  mapping(uint64 amuletId => Amulet) private _amulets;
  mapping(uint64 veraId => uint64 amuletId) private _amuletOnVera;
  mapping(uint64 characterId => uint64[]) private _amuletsOf;
  mapping(uint64 amuletId => uint256) private _amuletIndex;

  uint64 private _lootBoxCount;
  mapping(uint64 lootBoxId => LootBox) private _lootBoxes;
  mapping(uint64 characterId => uint64[]) private _lootBoxesOf;
  mapping(uint64 lootBoxId => uint256) private _lootBoxIndex;
  /// purchased chest slots on top of START_LOOTBOX_SLOTS; chest holds the lootbox per slot (0 empty)
  mapping(uint64 characterId => uint8) private _extraLootBoxSlots;
  mapping(uint64 characterId => uint64[4]) private _chest;

  mapping(uint64 characterId => uint8) private _extraBeltSlots;
  mapping(uint64 characterId => uint32[]) private _belt;

  constructor(IRoles roles_, ICharacters characters_) SkaldBase(roles_) {
    characters = characters_;
    _chestDuration[1] = 30;
    _chestDuration[2] = 60;
    _chestDuration[3] = 120;
  }

  // ---- setup ----

  /// One-time wiring by deploy.ts (the Veras contract is deployed after this one).
  function setVeras(address veras_) external onlyAdmin {
    if (veras != address(0)) revert World_ResourceAlreadyExists(uint160(veras));
    if (veras_ == address(0)) revert World_ResourceNotFound(0);
    veras = veras_;
    emit VerasSet(veras_, msg.sender);
  }

  function admin_setChestDuration(uint8 boxType, uint64 durationSeconds) external onlyAdmin {
    _checkBoxType(boxType);
    _chestDuration[boxType] = durationSeconds;
    emit ChestDurationSet(boxType, durationSeconds, msg.sender);
  }

  // ---- players ----

  function claimLootBox(uint64 lootBoxId, bool shouldSpeedUp) external {
    uint64 characterId = _player();
    LootBox storage box = _ownLootBox(lootBoxId, characterId);
    if (box.claimed) revert World_ResourceAlreadyExists(lootBoxId);
    uint8 slots = lootBoxSlotsOf(characterId);
    uint64[4] storage chest = _chest[characterId];
    uint8 slot = 0;
    while (slot < slots && chest[slot] != 0) slot++;
    if (slot == slots) revert AdminGrant_InsufficientSpace();

    uint64 onyxPaid = 0;
    uint64 endTimestamp = uint64(block.timestamp);
    if (shouldSpeedUp) {
      onyxPaid = speedUpCost(box.boxType);
      _debitOnyx(characterId, onyxPaid, REASON_LOOTBOX_SPEED_UP);
    } else {
      endTimestamp += _chestDuration[box.boxType];
    }
    chest[slot] = lootBoxId;
    box.claimed = true;
    box.slot = slot;
    box.endTimestamp = endTimestamp;
    emit LootBoxClaimed(lootBoxId, characterId, slot, endTimestamp, shouldSpeedUp, onyxPaid);
  }

  function purchaseLootBoxSlot() external {
    uint64 characterId = _player();
    uint8 slots = lootBoxSlotsOf(characterId);
    if (slots >= MAX_LOOTBOX_SLOTS) revert AdminGrant_InsufficientSpace();
    uint64 price = lootBoxSlotPrice(slots + 1);
    _debitOnyx(characterId, price, REASON_LOOTBOX_SLOT);
    _extraLootBoxSlots[characterId]++;
    emit LootBoxSlotPurchased(characterId, slots + 1, price);
  }

  function purchaseBeltSlot() external {
    uint64 characterId = _player();
    uint8 slots = beltSlotsOf(characterId);
    if (slots >= MAX_BELT_SLOTS) revert AdminGrant_InsufficientSpace();
    uint64 price = beltSlotPrice(slots + 1);
    _debitRunix(characterId, price, REASON_BELT_SLOT);
    _extraBeltSlots[characterId]++;
    emit BeltSlotPurchased(characterId, slots + 1, price);
  }

  function addToBelt(uint32 itemId) external {
    uint64 characterId = _player();
    uint32[] storage belt = _belt[characterId];
    if (belt.length >= beltSlotsOf(characterId)) revert Player_BeltOverflow();
    uint64 needed = _countOnBelt(belt, itemId) + 1;
    uint64 balance = _items[characterId][itemId];
    if (balance < needed) revert World_InsufficientBalance(balance, needed);
    belt.push(itemId);
    emit BeltChanged(characterId, itemId, true, uint8(belt.length));
  }

  function removeFromBelt(uint32 itemId) external {
    uint64 characterId = _player();
    if (!_takeOffBelt(characterId, itemId)) revert Player_BeltEmpty();
  }

  function transferAmulet(uint64 amuletId, uint64 toCharacterId) external {
    uint64 characterId = _player();
    Amulet storage amulet = _ownAmulet(amuletId, characterId);
    if (amulet.isSoulbound) revert Player_SoulboundAmulet(amuletId);
    _checkTarget(characterId, toCharacterId);
    if (amulet.veraId != 0) _unequip(amuletId, amulet);
    _removeAmulet(characterId, amuletId);
    _addAmulet(toCharacterId, amuletId);
    amulet.characterId = toCharacterId;
    emit AmuletTransferred(amuletId, characterId, toCharacterId);
  }

  function transferLootBox(uint64 lootBoxId, uint64 toCharacterId) external {
    uint64 characterId = _player();
    LootBox storage box = _ownLootBox(lootBoxId, characterId);
    if (box.isSoulbound) revert Player_SoulboundLootBox(lootBoxId);
    if (box.claimed) revert World_ResourceAlreadyExists(lootBoxId);
    _checkTarget(characterId, toCharacterId);
    if (_lootBoxesOf[toCharacterId].length >= MAX_UNOPENED_LOOTBOXES) revert AdminGrant_InsufficientSpace();
    _removeLootBox(characterId, lootBoxId);
    _addLootBox(toCharacterId, lootBoxId);
    box.characterId = toCharacterId;
    emit LootBoxTransferred(lootBoxId, characterId, toCharacterId);
  }

  /// veraId 0 takes the amulet off. A vera wears one amulet: equipping another replaces it, and the replaced
  /// one is reported with AmuletEquipped(..., veraId 0). The vera must belong to the character's owner.
  function equipAmulet(uint64 amuletId, uint64 veraId) external {
    uint64 characterId = _player();
    Amulet storage amulet = _ownAmulet(amuletId, characterId);
    if (veraId != 0) {
      address owner = _veraOwner(veraId);
      if (owner != characters.ownerOfCharacter(characterId)) revert World_AccessDenied(msg.sender);
    }
    if (amulet.veraId == veraId) revert World_ResourceAlreadyExists(amuletId);
    if (amulet.veraId != 0) delete _amuletOnVera[amulet.veraId];
    if (veraId != 0) {
      uint64 replaced = _amuletOnVera[veraId];
      if (replaced != 0) _unequip(replaced, _amulets[replaced]);
      _amuletOnVera[veraId] = amuletId;
    }
    amulet.veraId = veraId;
    emit AmuletEquipped(amuletId, characterId, veraId);
  }

  // ---- admins ----

  function admin_grantRunix(uint64 characterId, uint64 amount) external onlyAdmin {
    _checkGrant(characterId, amount);
    _creditRunix(characterId, amount, REASON_ADMIN_GRANT);
    emit AdminGranted(msg.sender, GRANT_RUNIX, characterId, 0, amount);
  }

  function admin_grantOnyx(uint64 characterId, uint64 amount) external onlyAdmin {
    _checkGrant(characterId, amount);
    _creditOnyx(characterId, amount, REASON_ADMIN_GRANT);
    emit AdminGranted(msg.sender, GRANT_ONYX, characterId, 0, amount);
  }

  function admin_grantItem(uint64 characterId, uint32 itemId, uint64 quantity) external onlyAdmin {
    _checkGrant(characterId, quantity);
    _creditItem(characterId, itemId, quantity, REASON_ADMIN_GRANT);
    emit AdminGranted(msg.sender, GRANT_ITEM, characterId, itemId, quantity);
  }

  function admin_grantAmulet(uint64 characterId, uint8 rarity, uint8 runeType, bool isSoulbound)
    external
    onlyAdmin
    returns (uint64 amuletId)
  {
    _checkCharacter(characterId);
    if (rarity == 0 || rarity > 5) revert AdminGrant_InvalidAmuletRarity(rarity);
    if (runeType == 0 || runeType > 3) revert AdminGrant_InvalidAmuletRuneType(runeType);
    amuletId = ++_amuletCount;
    _amulets[amuletId] = Amulet(characterId, rarity, runeType, isSoulbound, 0);
    _addAmulet(characterId, amuletId);
    emit AmuletCreated(amuletId, characterId, rarity, runeType, isSoulbound);
    emit AdminGranted(msg.sender, GRANT_AMULET, characterId, amuletId, 1);
  }

  function admin_grantLootBox(uint64 characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound)
    external
    onlyAdmin
    returns (uint64 lootBoxId)
  {
    _checkCharacter(characterId);
    if (_lootBoxesOf[characterId].length >= MAX_UNOPENED_LOOTBOXES) revert AdminGrant_InsufficientSpace();
    lootBoxId = _createLootBox(characterId, boxType, species, rune, isSoulbound);
    emit AdminGranted(msg.sender, GRANT_LOOTBOX, characterId, lootBoxId, 1);
  }

  // ---- game contracts ----

  function creditRunix(uint64 characterId, uint64 amount, bytes32 reason) external onlyGame {
    _checkGrant(characterId, amount);
    _creditRunix(characterId, amount, reason);
  }

  function debitRunix(uint64 characterId, uint64 amount, bytes32 reason) external onlyGame {
    _checkGrant(characterId, amount);
    _debitRunix(characterId, amount, reason);
  }

  function creditOnyx(uint64 characterId, uint64 amount, bytes32 reason) external onlyGame {
    _checkGrant(characterId, amount);
    _creditOnyx(characterId, amount, reason);
  }

  function creditItem(uint64 characterId, uint32 itemId, uint64 quantity, bytes32 reason) external onlyGame {
    _checkGrant(characterId, quantity);
    _creditItem(characterId, itemId, quantity, reason);
  }

  function debitItem(uint64 characterId, uint32 itemId, uint64 quantity, bytes32 reason) external onlyGame {
    _checkGrant(characterId, quantity);
    uint64 balance = _items[characterId][itemId];
    if (balance < quantity) revert World_InsufficientBalance(balance, quantity);
    uint64 after_ = balance - quantity;
    _items[characterId][itemId] = after_;
    emit ItemChanged(characterId, itemId, -int128(uint128(quantity)), after_, reason);
    uint32[] storage belt = _belt[characterId];
    for (uint64 onBelt = _countOnBelt(belt, itemId); onBelt > after_; onBelt--) {
      _takeOffBelt(characterId, itemId);
    }
  }

  function createLootBox(uint64 characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound)
    external
    onlyGame
    returns (uint64)
  {
    _checkCharacter(characterId);
    return _createLootBox(characterId, boxType, species, rune, isSoulbound);
  }

  function consumeLootBox(uint64 characterId, uint64 lootBoxId)
    external
    onlyGame
    returns (uint8 boxType, uint16 species, uint8 rune)
  {
    LootBox memory box = _lootBoxes[lootBoxId];
    if (box.characterId == 0) revert World_ResourceNotFound(lootBoxId);
    if (box.characterId != characterId) revert World_AccessDenied(msg.sender);
    if (!box.claimed) revert LootBox_NotReady(lootBoxId, 0);
    if (block.timestamp < box.endTimestamp) revert LootBox_NotReady(lootBoxId, box.endTimestamp);
    delete _chest[characterId][box.slot];
    _removeLootBox(characterId, lootBoxId);
    delete _lootBoxes[lootBoxId];
    emit LootBoxConsumed(lootBoxId, characterId);
    return (box.boxType, box.species, box.rune);
  }

  // ---- views ----

  function runixOf(uint64 characterId) external view returns (uint64) {
    return _runix[characterId];
  }

  function onyxOf(uint64 characterId) external view returns (uint64) {
    return _onyx[characterId];
  }

  function itemOf(uint64 characterId, uint32 itemId) external view returns (uint64) {
    return _items[characterId][itemId];
  }

  function getAmulet(uint64 amuletId) external view returns (Amulet memory) {
    return _amulets[amuletId];
  }

  function amuletsOf(uint64 characterId) external view returns (uint64[] memory) {
    return _amuletsOf[characterId];
  }

  /// The amulet a vera wears, 0 when none.
  function amuletOnVera(uint64 veraId) external view returns (uint64) {
    return _amuletOnVera[veraId];
  }

  function amuletCount() external view returns (uint64) {
    return _amuletCount;
  }

  /// characterId 0 means unknown or consumed.
  function getLootBox(uint64 lootBoxId) external view returns (LootBox memory) {
    return _lootBoxes[lootBoxId];
  }

  /// Unopened lootboxes (stash and chest) of a character.
  function lootBoxesOf(uint64 characterId) external view returns (uint64[] memory) {
    return _lootBoxesOf[characterId];
  }

  /// Ids created so far (consumed ones included).
  function lootBoxCount() external view returns (uint64) {
    return _lootBoxCount;
  }

  /// The lootbox in each of the 4 possible chest slots (0 empty); only the first lootBoxSlotsOf are usable.
  function chestOf(uint64 characterId) external view returns (uint64[4] memory) {
    return _chest[characterId];
  }

  function lootBoxSlotsOf(uint64 characterId) public view returns (uint8) {
    return START_LOOTBOX_SLOTS + _extraLootBoxSlots[characterId];
  }

  function beltSlotsOf(uint64 characterId) public view returns (uint8) {
    return START_BELT_SLOTS + _extraBeltSlots[characterId];
  }

  /// Item ids on the belt, one entry per used slot.
  function beltOf(uint64 characterId) external view returns (uint32[] memory) {
    return _belt[characterId];
  }

  function chestDuration(uint8 boxType) external view returns (uint64) {
    return _chestDuration[boxType];
  }

  /// Onyx to open a lootbox of this type at once when claiming it: 5, 10, 20.
  function speedUpCost(uint8 boxType) public pure returns (uint64) {
    _checkBoxType(boxType);
    return uint64(5) << (boxType - 1);
  }

  /// Onyx for the chest slot that brings the count to slotCount (3: 50, 4: 100).
  function lootBoxSlotPrice(uint8 slotCount) public pure returns (uint64) {
    if (slotCount <= START_LOOTBOX_SLOTS) return 0;
    return uint64(50) << (slotCount - 3);
  }

  /// Runix for the belt slot that brings the count to slotCount (3: 100, 4: 200, 5: 400, 6: 800).
  function beltSlotPrice(uint8 slotCount) public pure returns (uint64) {
    if (slotCount <= START_BELT_SLOTS) return 0;
    return uint64(100) << (slotCount - 3);
  }

  // ---- internals ----

  /// The acting character of msg.sender, past onboarding.
  function _player() private view returns (uint64 characterId) {
    (characterId,) = characters.actingCharacter(msg.sender);
    if (characters.isOnboarding(characterId)) revert Player_StillOnboardingForStash();
  }

  function _checkCharacter(uint64 characterId) private view {
    if (!characters.exists(characterId)) revert AdminGrant_InvalidCharacter(characterId);
  }

  function _checkGrant(uint64 characterId, uint64 amount) private view {
    _checkCharacter(characterId);
    if (amount == 0) revert Player_ZeroAmount();
  }

  function _checkTarget(uint64 fromCharacterId, uint64 toCharacterId) private view {
    if (toCharacterId == fromCharacterId || !characters.exists(toCharacterId)) {
      revert AdminGrant_InvalidCharacter(toCharacterId);
    }
  }

  function _checkBoxType(uint8 boxType) private pure {
    if (boxType == 0 || boxType > 3) revert World_ResourceNotFound(boxType);
  }

  function _ownAmulet(uint64 amuletId, uint64 characterId) private view returns (Amulet storage amulet) {
    amulet = _amulets[amuletId];
    if (amulet.characterId == 0) revert World_ResourceNotFound(amuletId);
    if (amulet.characterId != characterId) revert World_AccessDenied(msg.sender);
  }

  function _ownLootBox(uint64 lootBoxId, uint64 characterId) private view returns (LootBox storage box) {
    box = _lootBoxes[lootBoxId];
    if (box.characterId == 0) revert World_ResourceNotFound(lootBoxId);
    if (box.characterId != characterId) revert World_AccessDenied(msg.sender);
  }

  function _veraOwner(uint64 veraId) private view returns (address owner) {
    if (veras == address(0)) revert World_ResourceNotFound(veraId);
    try IERC721(veras).ownerOf(veraId) returns (address found) {
      owner = found;
    } catch {
      revert World_ResourceNotFound(veraId);
    }
  }

  function _unequip(uint64 amuletId, Amulet storage amulet) private {
    delete _amuletOnVera[amulet.veraId];
    amulet.veraId = 0;
    emit AmuletEquipped(amuletId, amulet.characterId, 0);
  }

  function _createLootBox(uint64 characterId, uint8 boxType, uint16 species, uint8 rune, bool isSoulbound)
    private
    returns (uint64 lootBoxId)
  {
    _checkBoxType(boxType);
    if (species > 8) revert World_ResourceNotFound(species);
    if (rune > 3) revert World_ResourceNotFound(rune);
    lootBoxId = ++_lootBoxCount;
    _lootBoxes[lootBoxId] = LootBox(characterId, boxType, species, rune, isSoulbound, false, 0, 0);
    _addLootBox(characterId, lootBoxId);
    emit LootBoxCreated(lootBoxId, characterId, boxType, species, rune, isSoulbound);
  }

  function _creditRunix(uint64 characterId, uint64 amount, bytes32 reason) private {
    uint64 before = _runix[characterId];
    uint64 after_ = _add(before, amount);
    _runix[characterId] = after_;
    emit RunixChanged(characterId, int128(uint128(amount)), before, after_, reason);
  }

  function _debitRunix(uint64 characterId, uint64 amount, bytes32 reason) private {
    uint64 before = _runix[characterId];
    if (before < amount) revert World_InsufficientBalance(before, amount);
    _runix[characterId] = before - amount;
    emit RunixChanged(characterId, -int128(uint128(amount)), before, before - amount, reason);
  }

  function _creditOnyx(uint64 characterId, uint64 amount, bytes32 reason) private {
    uint64 before = _onyx[characterId];
    uint64 after_ = _add(before, amount);
    _onyx[characterId] = after_;
    emit OnyxChanged(characterId, int128(uint128(amount)), before, after_, reason);
  }

  function _debitOnyx(uint64 characterId, uint64 amount, bytes32 reason) private {
    uint64 before = _onyx[characterId];
    if (before < amount) revert World_InsufficientBalance(before, amount);
    _onyx[characterId] = before - amount;
    emit OnyxChanged(characterId, -int128(uint128(amount)), before, before - amount, reason);
  }

  function _creditItem(uint64 characterId, uint32 itemId, uint64 quantity, bytes32 reason) private {
    if (itemId == 0) revert World_ResourceNotFound(0);
    uint64 after_ = _add(_items[characterId][itemId], quantity);
    _items[characterId][itemId] = after_;
    emit ItemChanged(characterId, itemId, int128(uint128(quantity)), after_, reason);
  }

  function _add(uint64 balance, uint64 amount) private pure returns (uint64) {
    if (balance > type(uint64).max - amount) revert AdminGrant_InsufficientSpace();
    return balance + amount;
  }

  function _countOnBelt(uint32[] storage belt, uint32 itemId) private view returns (uint64 count) {
    for (uint256 i = 0; i < belt.length; i++) {
      if (belt[i] == itemId) count++;
    }
  }

  /// Removes one unit of itemId (the last one placed) from the belt; false when none is on it.
  function _takeOffBelt(uint64 characterId, uint32 itemId) private returns (bool) {
    uint32[] storage belt = _belt[characterId];
    for (uint256 i = belt.length; i > 0; i--) {
      if (belt[i - 1] == itemId) {
        for (uint256 j = i - 1; j + 1 < belt.length; j++) belt[j] = belt[j + 1];
        belt.pop();
        emit BeltChanged(characterId, itemId, false, uint8(belt.length));
        return true;
      }
    }
    return false;
  }

  function _addAmulet(uint64 characterId, uint64 amuletId) private {
    _amuletsOf[characterId].push(amuletId);
    _amuletIndex[amuletId] = _amuletsOf[characterId].length;
  }

  function _removeAmulet(uint64 characterId, uint64 amuletId) private {
    uint64[] storage list = _amuletsOf[characterId];
    uint256 index = _amuletIndex[amuletId] - 1;
    uint64 last = list[list.length - 1];
    list[index] = last;
    _amuletIndex[last] = index + 1;
    list.pop();
    delete _amuletIndex[amuletId];
  }

  function _addLootBox(uint64 characterId, uint64 lootBoxId) private {
    _lootBoxesOf[characterId].push(lootBoxId);
    _lootBoxIndex[lootBoxId] = _lootBoxesOf[characterId].length;
  }

  function _removeLootBox(uint64 characterId, uint64 lootBoxId) private {
    uint64[] storage list = _lootBoxesOf[characterId];
    uint256 index = _lootBoxIndex[lootBoxId] - 1;
    uint64 last = list[list.length - 1];
    list[index] = last;
    _lootBoxIndex[last] = index + 1;
    list.pop();
    delete _lootBoxIndex[lootBoxId];
  }
}
