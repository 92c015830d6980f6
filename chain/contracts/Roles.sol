// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IRoles} from "./interfaces/IRoles.sol";
import {InvalidRole, World_AccessDenied, World_ResourceAlreadyExists, World_ResourceNotFound} from "./interfaces/SkaldErrors.sol";

/// The role registry itself (so it does not inherit SkaldBase, which asks a registry). Roles are bits of one
/// word per account: ROLE_ADMIN (1) and ROLE_GAME (2). Granting a held role or revoking a missing one reverts,
/// so every RoleGranted / RoleRevoked event is a real change an indexer can apply blindly.
contract Roles is IRoles {
  uint8 internal constant ROLE_ADMIN = 1;
  uint8 internal constant ROLE_GAME = 2;
  uint8 internal constant MAX_ROLE = 2;

  mapping(address account => uint256 bits) private _roles;
  string private _version = "1.0.0";

  modifier onlyAdmin() {
    if (!hasRole(msg.sender, ROLE_ADMIN)) revert World_AccessDenied(msg.sender);
    _;
  }

  constructor(address initialAdmin) {
    _roles[initialAdmin] = _bit(ROLE_ADMIN);
    emit RoleGranted(initialAdmin, ROLE_ADMIN, initialAdmin);
  }

  function grantRole(address account, uint8 role) external onlyAdmin {
    uint256 bit = _bit(role);
    if (_roles[account] & bit != 0) revert World_ResourceAlreadyExists(uint160(account));
    _roles[account] |= bit;
    emit RoleGranted(account, role, msg.sender);
  }

  function revokeRole(address account, uint8 role) external onlyAdmin {
    uint256 bit = _bit(role);
    if (_roles[account] & bit == 0) revert World_ResourceNotFound(uint160(account));
    _roles[account] &= ~bit;
    emit RoleRevoked(account, role, msg.sender);
  }

  function hasRole(address account, uint8 role) public view returns (bool) {
    if (role == 0 || role > MAX_ROLE) return false;
    return _roles[account] & (uint256(1) << role) != 0;
  }

  function getPlayerRole(address account) external view returns (uint8) {
    for (uint8 role = MAX_ROLE; role > 0; role--) {
      if (hasRole(account, role)) return role;
    }
    return 0;
  }

  function setVersion(string calldata newVersion) external onlyAdmin {
    _version = newVersion;
    emit VersionUpdated(newVersion, msg.sender);
  }

  function version() external view returns (string memory) {
    return _version;
  }

  function _bit(uint8 role) private pure returns (uint256) {
    if (role == 0 || role > MAX_ROLE) revert InvalidRole(role);
    return uint256(1) << role;
  }
}
