// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Role registry every Skald contract consults. Roles are small integers so `getPlayerRole` can return one.
/// ROLE_ADMIN (1): people who may grant, approve, reprice. ROLE_GAME (2): Skald contracts that move each
/// other's state (the bank crediting runix, battles recording results).
interface IRoles {
  event RoleGranted(address indexed account, uint8 indexed role, address indexed admin);
  event RoleRevoked(address indexed account, uint8 indexed role, address indexed admin);
  event VersionUpdated(string version, address indexed admin);

  function grantRole(address account, uint8 role) external; // admin only; reverts InvalidRole for 0 or > 2
  function revokeRole(address account, uint8 role) external; // admin only
  function hasRole(address account, uint8 role) external view returns (bool);
  function getPlayerRole(address account) external view returns (uint8); // highest held role, 0 when none
  function setVersion(string calldata version) external; // admin only
  function version() external view returns (string memory);
}

/// Uniform audit event: every admin grant in every contract emits this, so admins' history is one query.
/// kind: 1 amulet, 2 experience, 3 item, 4 lootbox, 5 onyx, 6 runix, 7 vera, 8 wisp experience.
/// target: the characterId (the veraId for experience, the clanId for wisp experience).
/// subjectId: what was created or credited (amuletId, itemId, lootBoxId, veraId; 0 for currencies).
interface IAdminGrants {
  event AdminGranted(
    address indexed admin,
    uint8 indexed kind,
    uint64 indexed target,
    uint64 subjectId,
    uint64 amount
  );
}
