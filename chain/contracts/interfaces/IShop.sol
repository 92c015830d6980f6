// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ItemQuantity} from "./IInventory.sol";

/// Shops sell and buy items for runix. Buying costs runixCost * (100 - buyingPower) / 100 each; selling pays
/// runixCost * sellingPower / 100 each. Runix spent raises reputation; milestones raise both powers.
interface IShop {
  event ShopItemUpdated(uint16 indexed shopId, uint32 indexed itemId, uint64 quantity, uint64 runixCost, bool isPurchasable, bool isSellable);
  event ShopTransaction(
    uint64 indexed characterId,
    uint16 indexed shopId,
    ItemQuantity[] sold,
    ItemQuantity[] bought,
    uint64 runixPaid,
    uint64 runixReceived
  );
  event ShopReputationChanged(
    uint64 indexed characterId,
    uint16 indexed shopId,
    uint64 runixInvested,
    uint8 milestone,
    uint8 buyingPower,
    uint8 sellingPower,
    uint64 nextMilestoneRequirement
  );
  event ShopRepriced(address indexed admin, uint16 indexed shopId, uint32 indexed itemId, uint64 oldCost, uint64 newCost);
  event ShopRestocked(address indexed admin, uint16 indexed shopId, uint32 indexed itemId, uint64 added, uint64 quantityAfter);

  function transactWithShop(uint16 shopId, ItemQuantity[] calldata sell, ItemQuantity[] calldata buy) external;
  /// Creates the item in the shop when missing (purchasable and sellable).
  function admin_repriceShop(uint16 shopId, uint32 itemId, uint64 runixCost) external;
  function admin_restockShop(uint16 shopId, uint32 itemId, uint64 quantity) external;
  function admin_setItemFlags(uint16 shopId, uint32 itemId, bool isPurchasable, bool isSellable) external;
}
