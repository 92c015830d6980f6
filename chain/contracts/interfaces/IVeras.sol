// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Stats are ordered strength, dexterity, vitality, intellect, wisdom, charisma everywhere (index 0..5).
/// Innate (raw) stats roll in 22..52; public stat = raw - 20, the sub-rune's stat a further -2 (game/ owns that math).
/// Sub-rune n names stat: 1 strength, 2 intellect, 3 charisma, 4 vitality, 5 dexterity, 6 wisdom.
struct VeraData {
  uint16 species; // 0..8
  uint8 mainRune; // 1..3
  uint8 subRune; // 1..6
  uint8 personality; // 1..3
  uint8 level; // 1..100
  uint24 experience;
  uint8 unallocatedPoints;
  uint8[6] innate;
  uint16[6] effective; // innate + allocated points
  uint32 wins;
  uint32 losses;
  uint32 ties;
  uint8 origin; // 1 encounter, 2 lootbox, 3 admin grant, 4 starter
}

/// The Vera collection (ERC-721 "Skald Vera" / "VERA"). Token ids start at 1 and fit uint64.
/// Mints go to the main account of the caller's acting character (or of the granted character).
interface IVeras {
  event VeraMinted(
    uint64 indexed veraId,
    address indexed owner,
    uint64 indexed characterId,
    uint16 species,
    uint8 mainRune,
    uint8 subRune,
    uint8 personality,
    uint8[6] innate,
    uint8 level,
    uint8 origin
  );
  event VeraStatsAllocated(uint64 indexed veraId, uint8[6] points, uint16[6] effectiveAfter, uint8 unallocatedAfter);
  event VeraAbilityLearned(uint64 indexed veraId, uint8 indexed abilityId);
  event VeraTracked(uint64 indexed characterId, uint16 indexed species, uint16 areaId, uint8 statIndex, uint8 minimumStatRarity);
  event VeraExperienceGained(
    uint64 indexed veraId,
    uint24 amount,
    uint24 experienceAfter,
    uint8 levelBefore,
    uint8 levelAfter,
    uint8 unallocatedAfter
  );
  event VeraBattleRecorded(uint64 indexed veraId, uint64 indexed battleId, uint8 result, uint32 wins, uint32 losses, uint32 ties);

  // players
  function encounter(uint16 areaId) external returns (uint64 veraId); // areas 1..8; Player_NeedsOnboardingForWorld
  function openLootBox(uint64 lootBoxId) external returns (uint64 veraId);
  // once per character, after onboarding: the starter chosen at creation and STARTER_RUNIX; Vera_StarterClaimed
  function claimStarter() external returns (uint64 veraId);
  function starterClaimed(uint64 characterId) external view returns (bool);
  function allocateVeraStats(uint64 veraId, uint8[6] calldata points) external; // owner; Player_ZeroAmount
  function learnVeraAbility(uint64 veraId, uint8 abilityId) external; // species' or main rune's ability; max 4
  function trackVera(uint16 species, uint16 areaId, uint8 statIndex, uint8 minimumStatRarity) external;

  // admins: each emits IAdminGrants.AdminGranted
  function admin_grantVera(
    uint64 characterId,
    uint16 species,
    uint8 mainRune,
    uint8 subRune,
    uint8 personality,
    uint8 level,
    bool perfectStats
  ) external returns (uint64 veraId);
  function admin_grantExperience(uint64 veraId, uint24 amount) external;

  // game contracts (ROLE_GAME)
  /// result: 1 win, 2 loss, 3 tie
  function recordBattle(uint64 veraId, uint64 battleId, uint8 result, uint24 experience) external;

  // views
  function getVera(uint64 veraId) external view returns (VeraData memory);
  function abilitiesOf(uint64 veraId) external view returns (uint8[] memory);
  function totalMinted() external view returns (uint64);
}
