// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

struct CharacterAttributes {
  uint8 bodyType;
  uint8 eyeColorMain;
  uint8 eyeColorSecondary;
  uint8 hairColor;
  uint8 hairType;
  uint8 skinColor;
  uint8 accessoryColor;
  uint8 accessoryMainType;
  uint8 accessorySecondaryType;
  uint8 leatherColor;
  uint8 pantsColor;
  uint8 shirtColor;
  uint8 stitchesColor;
}

/// Starting choices made once at creation.
struct CharacterChoices {
  uint16 starterSpecies; // 1..8
  uint8 starterRune; // 1..3
}

/// Characters (vikings), the account that owns them, and account links.
/// A linked play account acts for its main account everywhere (`mainAccountOf`).
/// State: 0 onboarding (until the first login), 1 active.
interface ICharacters {
  event CharacterCreated(
    uint64 indexed characterId,
    address indexed account,
    address indexed referrer,
    string name,
    CharacterAttributes attributes,
    CharacterChoices choices,
    uint64 registeredAt
  );
  event CharacterRenamed(uint64 indexed characterId, string oldName, string newName);
  event CharacterSelected(address indexed account, uint64 indexed previousCharacterId, uint64 indexed characterId);
  event PlayerLoggedIn(address indexed account, uint64 indexed characterId, uint64 timestamp, bool onboardingCompleted);
  event AccountLinkRequested(address indexed mainAccount, address indexed playAccount);
  event AccountLinkAccepted(address indexed mainAccount, address indexed playAccount);
  event AccountLinkDeclined(address indexed mainAccount, address indexed playAccount);
  event AccountLinkCancelled(address indexed mainAccount, address indexed playAccount);
  event AccountLinkRevoked(address indexed mainAccount, address indexed playAccount);

  // Name: 3..24 bytes (Player_InvalidName). The new character becomes the account's selected one.
  function createCharacter(
    address referrer,
    string calldata name,
    CharacterAttributes calldata attributes,
    CharacterChoices calldata choices
  ) external returns (uint64 characterId);
  function setCharacterName(uint64 characterId, string calldata name) external; // owner only
  function changeCharacter(uint64 characterId) external; // owner only
  function login() external; // selected character; completes onboarding on the first call

  function requestAccountLink(address mainAccount) external; // called by the play account
  function acceptAccountLink(address playAccount) external; // called by the main account
  function declineAccountLink(address playAccount) external; // called by the main account
  function cancelAccountLink() external; // called by the play account while pending
  function revokeAccountLink(address playAccount) external; // called by the main account once active

  function mainAccountOf(address account) external view returns (address); // itself unless actively linked
  function selectedCharacterOf(address account) external view returns (uint64); // 0 when none
  /// The character the caller acts as: main account's selected one. Reverts Player_NoCharacter.
  function actingCharacter(address caller) external view returns (uint64 characterId, address mainAccount);
  function exists(uint64 characterId) external view returns (bool);
  function ownerOfCharacter(uint64 characterId) external view returns (address);
  function isOnboarding(uint64 characterId) external view returns (bool);
  function nameOf(uint64 characterId) external view returns (string memory);
  function starterOf(uint64 characterId) external view returns (uint16 species, uint8 rune); // chosen at creation
  function characterCount() external view returns (uint64);
}
