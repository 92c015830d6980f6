// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {SkaldBase} from "./SkaldBase.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IInventory, ItemQuantity} from "./interfaces/IInventory.sol";
import {IRoles} from "./interfaces/IRoles.sol";
import {IShop} from "./interfaces/IShop.sol";
import {
  Player_NeedsOnboardingForShop,
  Player_ZeroAmount,
  Shop_NotPurchasable,
  Shop_NotSellable,
  World_InsufficientBalance,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";

struct ShopItem {
  bool exists;
  uint64 quantity; // the shop's stock
  uint64 runixCost;
  bool isPurchasable;
  bool isSellable;
}

struct ShopReputation {
  uint64 runixInvested; // runix this character has spent in this shop
  uint8 milestone; // 0..3
  uint8 buyingPower; // % off the price when buying
  uint8 sellingPower; // % of the price paid when selling
  uint64 nextMilestoneRequirement; // runixInvested needed for the next milestone; 0 at the top
}

/// Shops trade items for runix. Prices per unit are rounded down: buying costs
/// `runixCost * (100 - buyingPower) / 100`, selling pays `runixCost * sellingPower / 100`. A transaction sells
/// first (the proceeds can pay for the purchases) and uses the reputation the character had before it.
contract Shop is SkaldBase, IShop {
  uint8 public constant MILESTONE_COUNT = 3;
  bytes32 internal constant REASON = "shop";

  ICharacters public immutable characters;
  IInventory public immutable inventory;

  mapping(uint16 shopId => bool) public shopExists;
  mapping(uint16 shopId => mapping(uint32 itemId => ShopItem)) internal items;
  mapping(uint64 characterId => mapping(uint16 shopId => uint64)) internal invested;

  constructor(IRoles roles_, ICharacters characters_, IInventory inventory_) SkaldBase(roles_) {
    characters = characters_;
    inventory = inventory_;
  }

  function transactWithShop(uint16 shopId, ItemQuantity[] calldata sell, ItemQuantity[] calldata buy) external {
    (uint64 characterId, ) = characters.actingCharacter(msg.sender);
    if (characters.isOnboarding(characterId)) revert Player_NeedsOnboardingForShop();
    if (sell.length == 0 && buy.length == 0) revert Player_ZeroAmount();
    if (!shopExists[shopId]) revert World_ResourceNotFound(shopId);
    ShopReputation memory rep = getReputation(characterId, shopId);

    uint64 runixReceived = _sell(characterId, shopId, sell, rep.sellingPower);
    if (runixReceived > 0) inventory.creditRunix(characterId, runixReceived, REASON);
    uint64 runixPaid = _buy(characterId, shopId, buy, rep.buyingPower);
    emit ShopTransaction(characterId, shopId, sell, buy, runixPaid, runixReceived);

    if (runixPaid > 0) {
      uint64 total = rep.runixInvested + runixPaid;
      invested[characterId][shopId] = total;
      ShopReputation memory after_ = getReputation(characterId, shopId);
      emit ShopReputationChanged(
        characterId,
        shopId,
        total,
        after_.milestone,
        after_.buyingPower,
        after_.sellingPower,
        after_.nextMilestoneRequirement
      );
    }
  }

  function admin_repriceShop(uint16 shopId, uint32 itemId, uint64 runixCost) external onlyAdmin {
    if (runixCost == 0) revert Player_ZeroAmount();
    ShopItem storage item = items[shopId][itemId];
    if (!item.exists) {
      shopExists[shopId] = true;
      item.exists = true;
      item.isPurchasable = true;
      item.isSellable = true;
    }
    uint64 oldCost = item.runixCost;
    item.runixCost = runixCost;
    emit ShopRepriced(msg.sender, shopId, itemId, oldCost, runixCost);
    _emitUpdated(shopId, itemId, item);
  }

  function admin_restockShop(uint16 shopId, uint32 itemId, uint64 quantity) external onlyAdmin {
    if (quantity == 0) revert Player_ZeroAmount();
    ShopItem storage item = _existing(shopId, itemId);
    item.quantity += quantity;
    emit ShopRestocked(msg.sender, shopId, itemId, quantity, item.quantity);
    _emitUpdated(shopId, itemId, item);
  }

  function admin_setItemFlags(uint16 shopId, uint32 itemId, bool isPurchasable, bool isSellable) external onlyAdmin {
    ShopItem storage item = _existing(shopId, itemId);
    item.isPurchasable = isPurchasable;
    item.isSellable = isSellable;
    _emitUpdated(shopId, itemId, item);
  }

  // views

  function getShopItem(uint16 shopId, uint32 itemId) external view returns (ShopItem memory) {
    return items[shopId][itemId];
  }

  function getReputation(uint64 characterId, uint16 shopId) public view returns (ShopReputation memory rep) {
    rep.runixInvested = invested[characterId][shopId];
    while (rep.milestone < MILESTONE_COUNT && rep.runixInvested >= milestoneRequirement(rep.milestone + 1)) {
      rep.milestone += 1;
    }
    (rep.buyingPower, rep.sellingPower) = powersAt(rep.milestone);
    rep.nextMilestoneRequirement = milestoneRequirement(rep.milestone + 1);
  }

  /// Runix invested needed for milestone 1..3 (0 past the last one).
  function milestoneRequirement(uint8 milestone) public pure returns (uint64) {
    if (milestone == 1) return 500;
    if (milestone == 2) return 2000;
    if (milestone == 3) return 10_000;
    return 0;
  }

  /// Buying power 0, 5, 10, 15 and selling power 50, 55, 60, 70 at milestones 0..3.
  function powersAt(uint8 milestone) public pure returns (uint8 buyingPower, uint8 sellingPower) {
    if (milestone == 0) return (0, 50);
    if (milestone == 1) return (5, 55);
    if (milestone == 2) return (10, 60);
    return (15, 70);
  }

  // internals

  function _sell(uint64 characterId, uint16 shopId, ItemQuantity[] calldata sell, uint8 sellingPower)
    internal
    returns (uint64)
  {
    uint256 runixReceived;
    for (uint256 i = 0; i < sell.length; i++) {
      ItemQuantity calldata line = sell[i];
      if (line.quantity == 0) revert Player_ZeroAmount();
      ShopItem storage item = _existing(shopId, line.itemId);
      if (!item.isSellable) revert Shop_NotSellable(line.itemId);
      uint64 owned = inventory.itemOf(characterId, line.itemId);
      if (owned < line.quantity) revert World_InsufficientBalance(owned, line.quantity);
      inventory.debitItem(characterId, line.itemId, line.quantity, REASON);
      item.quantity += line.quantity;
      runixReceived += ((uint256(item.runixCost) * sellingPower) / 100) * line.quantity;
      _emitUpdated(shopId, line.itemId, item);
    }
    // the shop cannot pay out more than a runix balance can hold
    if (runixReceived > type(uint64).max) revert World_InsufficientBalance(type(uint64).max, runixReceived);
    return uint64(runixReceived);
  }

  function _buy(uint64 characterId, uint16 shopId, ItemQuantity[] calldata buy, uint8 buyingPower)
    internal
    returns (uint64)
  {
    uint256 runixPaid;
    for (uint256 i = 0; i < buy.length; i++) {
      ItemQuantity calldata line = buy[i];
      if (line.quantity == 0) revert Player_ZeroAmount();
      ShopItem storage item = _existing(shopId, line.itemId);
      if (!item.isPurchasable) revert Shop_NotPurchasable(line.itemId);
      if (item.quantity < line.quantity) revert World_InsufficientBalance(item.quantity, line.quantity);
      item.quantity -= line.quantity;
      runixPaid += ((uint256(item.runixCost) * (100 - buyingPower)) / 100) * line.quantity;
      _emitUpdated(shopId, line.itemId, item);
    }
    if (runixPaid > 0) {
      uint64 balance = inventory.runixOf(characterId);
      if (balance < runixPaid) revert World_InsufficientBalance(balance, runixPaid);
      inventory.debitRunix(characterId, uint64(runixPaid), REASON);
    }
    for (uint256 i = 0; i < buy.length; i++) {
      inventory.creditItem(characterId, buy[i].itemId, buy[i].quantity, REASON);
    }
    return uint64(runixPaid);
  }

  function _existing(uint16 shopId, uint32 itemId) internal view returns (ShopItem storage item) {
    item = items[shopId][itemId];
    if (!item.exists) revert World_ResourceNotFound(itemId);
  }

  function _emitUpdated(uint16 shopId, uint32 itemId, ShopItem storage item) internal {
    emit ShopItemUpdated(shopId, itemId, item.quantity, item.runixCost, item.isPurchasable, item.isSellable);
  }
}
