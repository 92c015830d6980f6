// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IRoles} from "./interfaces/IRoles.sol";
import {World_AccessDenied} from "./interfaces/SkaldErrors.sol";

/// Shared access checks: every Skald contract asks the one Roles registry.
abstract contract SkaldBase {
  uint8 internal constant ROLE_ADMIN = 1;
  uint8 internal constant ROLE_GAME = 2;

  IRoles public immutable roles;

  constructor(IRoles roles_) {
    roles = roles_;
  }

  modifier onlyAdmin() {
    if (!roles.hasRole(msg.sender, ROLE_ADMIN)) revert World_AccessDenied(msg.sender);
    _;
  }

  modifier onlyGame() {
    if (!roles.hasRole(msg.sender, ROLE_GAME)) revert World_AccessDenied(msg.sender);
    _;
  }
}
