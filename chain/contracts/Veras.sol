// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IInventory} from "./interfaces/IInventory.sol";
import {IAdminGrants, IRoles} from "./interfaces/IRoles.sol";
import {IVeras, VeraData} from "./interfaces/IVeras.sol";
import {
  AdminGrant_InvalidCharacter,
  AdminGrant_InvalidVera,
  Player_AlreadyTracked,
  Player_NeedsOnboardingForWorld,
  Player_StillOnboardingForTracker,
  Player_ZeroAmount,
  Vera_AbilityNotAllowed,
  Vera_StarterClaimed,
  World_AccessDenied,
  World_InsufficientBalance,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";
import {Random} from "./Random.sol";
import {SkaldBase} from "./SkaldBase.sol";

/// The Vera collection: minting (encounters, lootboxes, admin grants), growth (experience, stat points,
/// abilities) and the battle record Battles writes. Levels follow game/'s rule: reaching level L takes
/// 50 * L * (L - 1) cumulative experience (100 * L from L to L + 1), each level-up grants 3 stat points.
contract Veras is SkaldBase, ERC721, IVeras, IAdminGrants {
  uint8 public constant MAX_LEVEL = 100;
  uint24 public constant MAX_EXPERIENCE = type(uint24).max;
  uint8 public constant POINTS_PER_LEVEL = 3;
  uint8 public constant MAX_ABILITIES = 4;
  uint8 public constant MIN_STAT = 22;
  uint8 public constant MAX_STAT = 52;
  uint16 public constant AREA_COUNT = 8;
  uint8 public constant MAX_STAT_RARITY = 5;

  uint8 internal constant ORIGIN_ENCOUNTER = 1;
  uint8 internal constant ORIGIN_LOOTBOX = 2;
  uint8 internal constant ORIGIN_ADMIN = 3;
  uint8 internal constant ORIGIN_STARTER = 4;
  /// a new player's first purse, with their starter vera: enough for the shop's cheapest items and a first lock
  uint64 public constant STARTER_RUNIX = 500;
  bytes32 internal constant STARTER_REASON = "starter";
  uint8 internal constant GRANT_EXPERIENCE = 2;
  uint8 internal constant GRANT_VERA = 7;

  /// What a character is hunting: in `areaId`, encounters favour `species` and, when it appears, its stat at
  /// `statIndex` rolls at least the rarity's floor (22 + 6 * rarity; rarity 0 means no floor).
  struct Track {
    uint16 species;
    uint16 areaId;
    uint8 statIndex;
    uint8 minimumStatRarity;
  }

  /// Everything rolled or chosen for a new vera before it is minted.
  struct Traits {
    uint16 species;
    uint8 mainRune;
    uint8 subRune;
    uint8 personality;
    uint8[6] innate;
  }

  ICharacters public immutable characters;
  IInventory public immutable inventory;

  uint64 private _minted;
  uint256 private _nonce;
  mapping(uint64 veraId => VeraData) private _veras;
  mapping(uint64 veraId => uint8[]) private _abilities;
  mapping(uint64 characterId => Track) private _tracks;
  mapping(uint64 characterId => bool) private _starterClaimed;

  constructor(IRoles roles_, ICharacters characters_, IInventory inventory_)
    SkaldBase(roles_)
    ERC721("Skald Vera", "VERA")
  {
    characters = characters_;
    inventory = inventory_;
  }

  // ---------------------------------------------------------------- players

  function encounter(uint16 areaId) external returns (uint64 veraId) {
    (uint64 characterId, address mainAccount) = characters.actingCharacter(msg.sender);
    if (characters.isOnboarding(characterId)) revert Player_NeedsOnboardingForWorld();
    if (areaId == 0 || areaId > AREA_COUNT) revert World_ResourceNotFound(areaId);

    uint256 r = _random();
    Traits memory t = _rollTraits(r, MIN_STAT);
    t.species = _areaSpecies(areaId, _bits(r, 0) % 4);
    Track memory track = _tracks[characterId];
    if (track.species != 0 && track.areaId == areaId) {
      if (_bits(r, 1) % 2 == 0) t.species = track.species;
      if (t.species == track.species) {
        uint8 floor = MIN_STAT + 6 * track.minimumStatRarity;
        if (t.innate[track.statIndex] < floor) {
          t.innate[track.statIndex] = floor + uint8(_bits(r, 11) % (MAX_STAT + 1 - floor));
        }
      }
    }
    return _create(mainAccount, characterId, t, 1, ORIGIN_ENCOUNTER);
  }

  function claimStarter() external returns (uint64 veraId) {
    (uint64 characterId, address mainAccount) = characters.actingCharacter(msg.sender);
    if (characters.isOnboarding(characterId)) revert Player_NeedsOnboardingForWorld();
    if (_starterClaimed[characterId]) revert Vera_StarterClaimed(characterId);
    _starterClaimed[characterId] = true;
    (uint16 species, uint8 rune) = characters.starterOf(characterId);
    Traits memory t = _rollTraits(_random(), MIN_STAT);
    t.species = species;
    t.mainRune = rune;
    veraId = _create(mainAccount, characterId, t, 1, ORIGIN_STARTER);
    inventory.creditRunix(characterId, STARTER_RUNIX, STARTER_REASON);
  }

  function starterClaimed(uint64 characterId) external view returns (bool) {
    return _starterClaimed[characterId];
  }

  function openLootBox(uint64 lootBoxId) external returns (uint64 veraId) {
    (uint64 characterId, address mainAccount) = characters.actingCharacter(msg.sender);
    (uint8 boxType, uint16 species, uint8 rune) = inventory.consumeLootBox(characterId, lootBoxId);
    uint256 r = _random();
    // better boxes raise the innate floor: type 1 rolls 22..52, type 2 27..52, type 3 32..52
    uint8 floor = boxType >= 1 && boxType <= 3 ? MIN_STAT + 5 * (boxType - 1) : MIN_STAT;
    Traits memory t = _rollTraits(r, floor);
    t.species = species != 0 ? species : uint16(1 + (_bits(r, 0) % 8));
    if (rune != 0) t.mainRune = rune;
    return _create(mainAccount, characterId, t, 1, ORIGIN_LOOTBOX);
  }

  function allocateVeraStats(uint64 veraId, uint8[6] calldata points) external {
    _requireOwner(veraId);
    VeraData storage v = _veras[veraId];
    uint256 total;
    for (uint256 i = 0; i < 6; i++) total += points[i];
    if (total == 0) revert Player_ZeroAmount();
    if (total > v.unallocatedPoints) revert World_InsufficientBalance(v.unallocatedPoints, total);
    for (uint256 i = 0; i < 6; i++) v.effective[i] += points[i];
    v.unallocatedPoints -= uint8(total);
    emit VeraStatsAllocated(veraId, points, v.effective, v.unallocatedPoints);
  }

  function learnVeraAbility(uint64 veraId, uint8 abilityId) external {
    _requireOwner(veraId);
    VeraData storage v = _veras[veraId];
    if (!_abilityAllowed(v.species, v.mainRune, abilityId)) revert Vera_AbilityNotAllowed(veraId, abilityId);
    uint8[] storage learned = _abilities[veraId];
    for (uint256 i = 0; i < learned.length; i++) {
      if (learned[i] == abilityId) revert World_ResourceAlreadyExists(abilityId);
    }
    if (learned.length >= MAX_ABILITIES) revert Vera_AbilityNotAllowed(veraId, abilityId);
    learned.push(abilityId);
    emit VeraAbilityLearned(veraId, abilityId);
  }

  /// One track per character; a new track replaces the old one unless it names the same species.
  function trackVera(uint16 species, uint16 areaId, uint8 statIndex, uint8 minimumStatRarity) external {
    (uint64 characterId,) = characters.actingCharacter(msg.sender);
    if (characters.isOnboarding(characterId)) revert Player_StillOnboardingForTracker();
    if (species == 0 || species > 8) revert World_ResourceNotFound(species);
    if (areaId == 0 || areaId > AREA_COUNT) revert World_ResourceNotFound(areaId);
    if (statIndex > 5) revert World_ResourceNotFound(statIndex);
    if (minimumStatRarity > MAX_STAT_RARITY) revert World_ResourceNotFound(minimumStatRarity);
    if (_tracks[characterId].species == species) revert Player_AlreadyTracked(species);
    _tracks[characterId] = Track(species, areaId, statIndex, minimumStatRarity);
    emit VeraTracked(characterId, species, areaId, statIndex, minimumStatRarity);
  }

  // ---------------------------------------------------------------- admins

  function admin_grantVera(
    uint64 characterId,
    uint16 species,
    uint8 mainRune,
    uint8 subRune,
    uint8 personality,
    uint8 level,
    bool perfectStats
  ) external onlyAdmin returns (uint64 veraId) {
    if (!characters.exists(characterId)) revert AdminGrant_InvalidCharacter(characterId);
    if (
      species > 8 || mainRune == 0 || mainRune > 3 || subRune == 0 || subRune > 6 || personality == 0
        || personality > 3 || level == 0 || level > MAX_LEVEL
    ) revert AdminGrant_InvalidVera();

    Traits memory t = _rollTraits(_random(), MIN_STAT);
    if (perfectStats) for (uint256 i = 0; i < 6; i++) t.innate[i] = MAX_STAT;
    t.species = species;
    t.mainRune = mainRune;
    t.subRune = subRune;
    t.personality = personality;
    veraId = _create(characters.ownerOfCharacter(characterId), characterId, t, level, ORIGIN_ADMIN);
    emit AdminGranted(msg.sender, GRANT_VERA, characterId, veraId, 1);
  }

  function admin_grantExperience(uint64 veraId, uint24 amount) external onlyAdmin {
    if (_ownerOf(veraId) == address(0)) revert World_ResourceNotFound(veraId);
    if (amount == 0) revert Player_ZeroAmount();
    _gainExperience(veraId, amount);
    emit AdminGranted(msg.sender, GRANT_EXPERIENCE, veraId, veraId, amount);
  }

  // ---------------------------------------------------------------- game contracts

  function recordBattle(uint64 veraId, uint64 battleId, uint8 result, uint24 experience) external onlyGame {
    if (_ownerOf(veraId) == address(0)) revert World_ResourceNotFound(veraId);
    VeraData storage v = _veras[veraId];
    if (result == 1) v.wins++;
    else if (result == 2) v.losses++;
    else if (result == 3) v.ties++;
    else revert World_ResourceNotFound(result);
    emit VeraBattleRecorded(veraId, battleId, result, v.wins, v.losses, v.ties);
    if (experience > 0) _gainExperience(veraId, experience);
  }

  // ---------------------------------------------------------------- views

  function getVera(uint64 veraId) external view returns (VeraData memory) {
    if (_ownerOf(veraId) == address(0)) revert World_ResourceNotFound(veraId);
    return _veras[veraId];
  }

  function abilitiesOf(uint64 veraId) external view returns (uint8[] memory) {
    return _abilities[veraId];
  }

  function totalMinted() external view returns (uint64) {
    return _minted;
  }

  function trackOf(uint64 characterId) external view returns (Track memory) {
    return _tracks[characterId];
  }

  /// Cumulative experience a vera needs to be at `level` (0 for level 1).
  function experienceForLevel(uint8 level) public pure returns (uint24) {
    if (level <= 1) return 0;
    return uint24(50 * uint256(level) * (uint256(level) - 1));
  }

  /// The three species an area yields: its own (1 in 2), then the next two in order (1 in 4 each).
  function areaSpecies(uint16 areaId) external pure returns (uint16[3] memory species) {
    if (areaId == 0 || areaId > AREA_COUNT) revert World_ResourceNotFound(areaId);
    species = [areaId, (areaId % 8) + 1, ((areaId + 1) % 8) + 1];
  }

  // ---------------------------------------------------------------- internals

  function _create(address to, uint64 characterId, Traits memory t, uint8 level, uint8 origin)
    private
    returns (uint64 veraId)
  {
    veraId = ++_minted;
    VeraData storage v = _veras[veraId];
    v.species = t.species;
    v.mainRune = t.mainRune;
    v.subRune = t.subRune;
    v.personality = t.personality;
    v.level = level;
    v.experience = experienceForLevel(level);
    uint256 points = uint256(POINTS_PER_LEVEL) * (level - 1);
    v.unallocatedPoints = points > type(uint8).max ? type(uint8).max : uint8(points);
    v.innate = t.innate;
    for (uint256 i = 0; i < 6; i++) v.effective[i] = t.innate[i];
    v.origin = origin;
    _mint(to, veraId);
    emit VeraMinted(
      veraId, to, characterId, t.species, t.mainRune, t.subRune, t.personality, t.innate, level, origin
    );
  }

  function _gainExperience(uint64 veraId, uint24 amount) private {
    VeraData storage v = _veras[veraId];
    uint24 before = v.experience;
    uint256 total = uint256(before) + amount;
    uint24 after_ = total > MAX_EXPERIENCE ? MAX_EXPERIENCE : uint24(total);
    uint8 levelBefore = v.level;
    uint8 level = levelBefore;
    uint256 points = v.unallocatedPoints;
    while (level < MAX_LEVEL && after_ >= experienceForLevel(level + 1)) {
      level++;
      points += POINTS_PER_LEVEL;
    }
    uint8 unallocated = points > type(uint8).max ? type(uint8).max : uint8(points);
    v.experience = after_;
    v.level = level;
    v.unallocatedPoints = unallocated;
    emit VeraExperienceGained(veraId, after_ - before, after_, levelBefore, level, unallocated);
  }

  function _requireOwner(uint64 veraId) private view {
    address owner = _ownerOf(veraId);
    if (owner == address(0)) revert World_ResourceNotFound(veraId);
    if (owner != characters.mainAccountOf(msg.sender)) revert World_AccessDenied(msg.sender);
  }

  /// Personality, runes and innate stats; the caller sets the species. Uses 16-bit slices 2..10 of `r`.
  function _rollTraits(uint256 r, uint8 floor) private pure returns (Traits memory t) {
    t.personality = uint8(1 + (_bits(r, 2) % 3));
    t.mainRune = uint8(1 + (_bits(r, 3) % 3));
    t.subRune = uint8(1 + (_bits(r, 4) % 6));
    for (uint256 i = 0; i < 6; i++) t.innate[i] = floor + uint8(_bits(r, 5 + i) % (MAX_STAT + 1 - floor));
  }

  function _areaSpecies(uint16 areaId, uint256 roll) private pure returns (uint16) {
    if (roll < 2) return areaId;
    return roll == 2 ? (areaId % 8) + 1 : ((areaId + 1) % 8) + 1;
  }

  /// Species s (1..8) owns four consecutive abilities; rune abilities: Sun 10 (Sunbeam), Nature 11
  /// (Earthquake), Hail 9 (Hail Storm). The NPC species 0 has only its rune's.
  function _abilityAllowed(uint16 species, uint8 mainRune, uint8 abilityId) private pure returns (bool) {
    uint8[3] memory runeAbility = [10, 11, 9];
    if (mainRune >= 1 && mainRune <= 3 && abilityId == runeAbility[mainRune - 1]) return true;
    if (species == 0 || species > 8) return false;
    uint8[8] memory first = [1, 5, 12, 16, 20, 24, 28, 32];
    uint8 start = first[species - 1];
    return abilityId >= start && abilityId < start + 4;
  }

  function _random() private returns (uint256) {
    return Random.one(_nonce++, msg.sender);
  }

  function _bits(uint256 r, uint256 slice) private pure returns (uint256) {
    return (r >> (16 * slice)) & 0xffff;
  }
}
