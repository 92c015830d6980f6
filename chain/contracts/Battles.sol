// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IBattles} from "./interfaces/IBattles.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IClans} from "./interfaces/IClans.sol";
import {IInventory} from "./interfaces/IInventory.sol";
import {IRoles} from "./interfaces/IRoles.sol";
import {IVeras, VeraData} from "./interfaces/IVeras.sol";
import {
  AdminBattle_DisabledBattleType,
  AdminBattle_InvalidBattle,
  AdminBattle_InvalidVera,
  AdminBattle_MismatchedCharacterArsenals,
  AdminBattle_NoVeraSet,
  AdminBattle_TooManyCharacters,
  Battle_AlreadyQueued,
  Battle_AlreadySubmitted,
  Battle_DeadlineNotReached,
  World_AccessDenied,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";
import {Elo} from "./Elo.sol";
import {Random} from "./Random.sol";
import {SkaldBase} from "./SkaldBase.sol";

/// Matchmaking (one waiting character per battle type), action submission and resolution. A side's score is
/// the sum over its veras still fighting of 3 * primary + 2 * secondary effective stat for the chosen action
/// (attack: strength, dexterity; defend: vitality, wisdom; ability: intellect, charisma) plus a roll of
/// 0..100; a side that surrendered every vera scores 0 and loses (both: a tie). Higher score wins.
/// Each battle has one turn with a deadline TURN_SECONDS after it starts (block time). A side may still submit
/// after the deadline until someone calls `claimTimeout`, which resolves the battle with every silent side
/// forfeiting: it scores 0 and loses as if it had surrendered every vera (elo, experience and rewards as for
/// any loss); when both sides are silent the battle is a tie, as when both surrender everything.
contract Battles is SkaldBase, IBattles {
  uint8 public constant MAX_VERAS = 3;
  uint8 public constant BATTLE_TYPES = 3;
  uint32 public constant STARTING_ELO = 1000;
  uint256 public constant ROLL_RANGE = 101;
  uint64 public constant WIN_RUNIX = 100;
  uint64 public constant WIN_CLAN_POINTS = 10;
  uint24 public constant EXPERIENCE_WIN = 50;
  uint24 public constant EXPERIENCE_TIE = 30;
  uint24 public constant EXPERIENCE_LOSS = 20;
  bytes32 public constant RUNIX_REASON = "battle";

  uint8 internal constant RESULT_A_WON = 1;
  uint8 internal constant RESULT_B_WON = 2;
  uint8 internal constant RESULT_TIE = 3;
  uint8 public constant CHALLENGE_ACCEPTED = 1;
  uint8 public constant CHALLENGE_DECLINED = 2;
  uint8 public constant CHALLENGE_WITHDRAWN = 3;
  /// The pick phase of a turn; the Pressured effect cuts it to 20 seconds.
  uint64 public constant TURN_SECONDS = 60;

  struct Side {
    uint64 characterId;
    bool submitted;
    uint64[] veraIds;
    uint8[] actions; // 0 attack, 1 defend, 2 ability
    uint64[] surrenderIds;
  }

  struct Challenge {
    uint64 challenger;
    uint64 opponent;
    uint8 battleType;
    bool open;
    uint64[] veraIds;
  }

  struct Battle {
    uint8 battleType;
    uint8 result; // 0 while running, then 1 A won, 2 B won, 3 tie
    uint64 deadline; // block time after which a silent side forfeits (claimTimeout)
    Side a;
    Side b;
  }

  ICharacters public immutable characters;
  IVeras public immutable veras;
  IInventory public immutable inventory;
  IClans public immutable clans;

  uint64 private _battleCount;
  uint256 private _nonce;
  mapping(uint8 battleType => bool) private _enabled;
  mapping(uint8 battleType => uint64 characterId) private _waiting;
  mapping(uint64 characterId => uint8 battleType) private _queuedType;
  mapping(uint64 characterId => uint64[]) private _queuedVeras;
  mapping(uint64 characterId => uint64 battleId) private _activeBattle;
  mapping(uint64 veraId => bool) private _veraBusy;
  mapping(uint64 characterId => mapping(uint8 battleType => uint32)) private _elo;
  mapping(uint64 characterId => mapping(uint8 battleType => bool)) private _rated;
  mapping(uint64 battleId => Battle) private _battles;
  uint64 private _challengeCount;
  mapping(uint64 challengeId => Challenge) private _challenges;
  mapping(uint64 characterId => uint64 challengeId) private _openChallenge; // the one it sent

  constructor(IRoles roles_, ICharacters characters_, IVeras veras_, IInventory inventory_, IClans clans_)
    SkaldBase(roles_)
  {
    characters = characters_;
    veras = veras_;
    inventory = inventory_;
    clans = clans_;
    _enabled[1] = true;
    _enabled[2] = true;
  }

  // ---------------------------------------------------------------- players

  function enterQueue(uint64 characterId, uint8 battleType, uint64[] calldata veraIds) external {
    if (!_enabled[battleType]) revert AdminBattle_DisabledBattleType(battleType);
    (uint64 acting, address mainAccount) = characters.actingCharacter(msg.sender);
    if (acting != characterId) revert World_AccessDenied(msg.sender);
    _requireFree(characterId);
    _claimVeras(veraIds, mainAccount);
    emit QueueEntered(characterId, battleType, veraIds);

    uint64 opponent = _waiting[battleType];
    if (opponent == 0) {
      _waiting[battleType] = characterId;
      _queuedType[characterId] = battleType;
      _queuedVeras[characterId] = veraIds;
      return;
    }
    _start(battleType, opponent, characterId, veraIds);
  }

  function challengeFriend(uint64 opponent, uint8 battleType, uint64[] calldata veraIds)
    external
    returns (uint64 challengeId)
  {
    if (!_enabled[battleType]) revert AdminBattle_DisabledBattleType(battleType);
    (uint64 challenger, address mainAccount) = characters.actingCharacter(msg.sender);
    if (opponent == challenger || !characters.exists(opponent)) revert World_ResourceNotFound(opponent);
    _requireFree(challenger);
    if (_openChallenge[challenger] != 0) revert World_ResourceAlreadyExists(_openChallenge[challenger]);
    _claimVeras(veraIds, mainAccount);
    challengeId = ++_challengeCount;
    Challenge storage c = _challenges[challengeId];
    c.challenger = challenger;
    c.opponent = opponent;
    c.battleType = battleType;
    c.open = true;
    c.veraIds = veraIds;
    _openChallenge[challenger] = challengeId;
    emit ChallengeSent(challengeId, challenger, opponent, battleType, veraIds);
  }

  function acceptChallenge(uint64 challengeId, uint64[] calldata veraIds) external {
    Challenge storage c = _challenges[challengeId];
    if (!c.open) revert World_ResourceNotFound(challengeId);
    (uint64 opponent, address mainAccount) = characters.actingCharacter(msg.sender);
    if (opponent != c.opponent) revert World_AccessDenied(msg.sender);
    if (!_enabled[c.battleType]) revert AdminBattle_DisabledBattleType(c.battleType);
    _requireFree(opponent);
    // the challenger may have entered a battle since (its challenge veras stay busy, others may not)
    if (_activeBattle[c.challenger] != 0 || _queuedType[c.challenger] != 0) revert Battle_AlreadyQueued(c.challenger);
    _claimVeras(veraIds, mainAccount);
    c.open = false;
    delete _openChallenge[c.challenger];
    uint64 battleId = _begin(c.battleType, c.challenger, c.veraIds, opponent, veraIds);
    emit ChallengeClosed(challengeId, CHALLENGE_ACCEPTED, opponent, battleId);
  }

  function declineChallenge(uint64 challengeId) external {
    Challenge storage c = _challenges[challengeId];
    if (!c.open) revert World_ResourceNotFound(challengeId);
    (uint64 actor,) = characters.actingCharacter(msg.sender);
    uint8 outcome;
    if (actor == c.opponent) outcome = CHALLENGE_DECLINED;
    else if (actor == c.challenger) outcome = CHALLENGE_WITHDRAWN;
    else revert World_AccessDenied(msg.sender);
    c.open = false;
    delete _openChallenge[c.challenger];
    _release(c.veraIds);
    emit ChallengeClosed(challengeId, outcome, actor, 0);
  }

  function leaveQueue(uint8 battleType) external {
    (uint64 characterId,) = characters.actingCharacter(msg.sender);
    if (battleType == 0 || _queuedType[characterId] != battleType) revert World_ResourceNotFound(characterId);
    _release(_queuedVeras[characterId]);
    delete _queuedVeras[characterId];
    delete _queuedType[characterId];
    delete _waiting[battleType];
    emit QueueLeft(characterId, battleType);
  }

  function submitActions(uint64 battleId, uint8[] calldata actions, uint64[] calldata surrenderIds) external {
    Battle storage battle = _battles[battleId];
    if (battle.battleType == 0 || battle.result != 0) revert AdminBattle_InvalidBattle(battleId);
    // no revert for callers without a character: they are simply not a participant
    uint64 characterId = characters.selectedCharacterOf(characters.mainAccountOf(msg.sender));
    Side storage side;
    Side storage other;
    if (characterId != 0 && characterId == battle.a.characterId) (side, other) = (battle.a, battle.b);
    else if (characterId != 0 && characterId == battle.b.characterId) (side, other) = (battle.b, battle.a);
    else revert World_AccessDenied(msg.sender);
    if (side.submitted) revert Battle_AlreadySubmitted(battleId, characterId);

    uint64[] storage sideVeras = side.veraIds;
    if (actions.length != sideVeras.length) revert AdminBattle_MismatchedCharacterArsenals();
    for (uint256 i = 0; i < actions.length; i++) {
      if (actions[i] > 2) revert AdminBattle_MismatchedCharacterArsenals();
    }
    for (uint256 i = 0; i < surrenderIds.length; i++) {
      uint64 veraId = surrenderIds[i];
      if (!_contains(sideVeras, veraId) || _containsCalldata(surrenderIds[:i], veraId)) {
        revert AdminBattle_InvalidVera(veraId);
      }
    }
    side.actions = actions;
    side.surrenderIds = surrenderIds;
    side.submitted = true;
    emit ActionsSubmitted(battleId, characterId, actions, surrenderIds);

    if (other.submitted) _resolve(battleId, battle);
  }

  /// After a battle's deadline anyone may end it: each side that has not submitted forfeits.
  function claimTimeout(uint64 battleId) external {
    Battle storage battle = _battles[battleId];
    if (battle.battleType == 0 || battle.result != 0) revert AdminBattle_InvalidBattle(battleId);
    if (block.timestamp <= battle.deadline) revert Battle_DeadlineNotReached(battleId, battle.deadline);
    emit BattleTimedOut(
      battleId, battle.a.characterId, battle.b.characterId, !battle.a.submitted, !battle.b.submitted, msg.sender
    );
    _resolve(battleId, battle);
  }

  // ---------------------------------------------------------------- admins

  function admin_setBattleType(uint8 battleType, bool enabled) external onlyAdmin {
    if (battleType == 0 || battleType > BATTLE_TYPES) revert World_ResourceNotFound(battleType);
    _enabled[battleType] = enabled;
    emit BattleTypeToggled(battleType, enabled, msg.sender);
  }

  // ---------------------------------------------------------------- views

  function eloOf(uint64 characterId, uint8 battleType) public view returns (uint32) {
    return _rated[characterId][battleType] ? _elo[characterId][battleType] : STARTING_ELO;
  }

  function getChallenge(uint64 challengeId) external view returns (Challenge memory) {
    if (_challenges[challengeId].challenger == 0) revert World_ResourceNotFound(challengeId);
    return _challenges[challengeId];
  }

  /// The open challenge a character sent (0 when none).
  function openChallengeOf(uint64 characterId) external view returns (uint64) {
    return _openChallenge[characterId];
  }

  function battleCount() external view returns (uint64) {
    return _battleCount;
  }

  /// When a running battle's turn ends (0 for an unknown battle).
  function deadlineOf(uint64 battleId) external view returns (uint64) {
    return _battles[battleId].deadline;
  }

  function getBattle(uint64 battleId) external view returns (Battle memory) {
    if (_battles[battleId].battleType == 0) revert AdminBattle_InvalidBattle(battleId);
    return _battles[battleId];
  }

  function isBattleTypeEnabled(uint8 battleType) external view returns (bool) {
    return _enabled[battleType];
  }

  /// The character waiting for an opponent in `battleType` (0 when none).
  function waitingFor(uint8 battleType) external view returns (uint64) {
    return _waiting[battleType];
  }

  /// Where a character is: the battle type it queues for, or the battle it fights (0 for neither).
  function statusOf(uint64 characterId) external view returns (uint8 queuedType, uint64 battleId) {
    return (_queuedType[characterId], _activeBattle[characterId]);
  }

  /// The Elo rule on its own (result from A's point of view), for game/ and tests to compare against.
  function computeElo(uint32 ratingA, uint32 ratingB, uint8 result) external pure returns (uint32, uint32) {
    return Elo.update(ratingA, ratingB, result);
  }

  /// A side's score before the roll: what its veras' effective stats and actions are worth.
  function scoreOf(uint64[] calldata veraIds, uint8[] calldata actions) external view returns (uint256 score) {
    if (actions.length != veraIds.length) revert AdminBattle_MismatchedCharacterArsenals();
    for (uint256 i = 0; i < veraIds.length; i++) score += _veraScore(veraIds[i], actions[i]);
  }

  // ---------------------------------------------------------------- internals

  function _start(uint8 battleType, uint64 characterA, uint64 characterB, uint64[] calldata verasB) private {
    _begin(battleType, characterA, _queuedVeras[characterA], characterB, verasB);
    delete _queuedVeras[characterA];
    delete _queuedType[characterA];
    delete _waiting[battleType];
  }

  function _begin(
    uint8 battleType,
    uint64 characterA,
    uint64[] storage verasA,
    uint64 characterB,
    uint64[] calldata verasB
  ) private returns (uint64 battleId) {
    battleId = ++_battleCount;
    Battle storage battle = _battles[battleId];
    battle.battleType = battleType;
    battle.a.characterId = characterA;
    battle.a.veraIds = verasA;
    battle.b.characterId = characterB;
    battle.b.veraIds = verasB;
    uint64 deadline = uint64(block.timestamp) + TURN_SECONDS;
    battle.deadline = deadline;
    _activeBattle[characterA] = battleId;
    _activeBattle[characterB] = battleId;
    emit BattleStarted(battleId, battleType, characterA, characterB, battle.a.veraIds, verasB);
    emit BattleDeadlineSet(battleId, deadline);
  }

  function _requireFree(uint64 characterId) private view {
    if (_queuedType[characterId] != 0 || _activeBattle[characterId] != 0) revert Battle_AlreadyQueued(characterId);
  }

  /// Marks 1..MAX_VERAS veras owned by `mainAccount` busy; busy also catches duplicates within the list.
  function _claimVeras(uint64[] calldata veraIds, address mainAccount) private {
    if (veraIds.length == 0) revert AdminBattle_NoVeraSet();
    if (veraIds.length > MAX_VERAS) revert AdminBattle_TooManyCharacters();
    for (uint256 i = 0; i < veraIds.length; i++) {
      uint64 veraId = veraIds[i];
      if (_veraBusy[veraId] || _ownerOf(veraId) != mainAccount) revert AdminBattle_InvalidVera(veraId);
      _veraBusy[veraId] = true;
    }
  }

  function _resolve(uint64 battleId, Battle storage battle) private {
    uint256 r = Random.one(_nonce++, msg.sender);
    (uint256 scoreA, bool fightingA) = _sideScore(battle.a, r & 0xffff);
    (uint256 scoreB, bool fightingB) = _sideScore(battle.b, (r >> 16) & 0xffff);
    uint8 result;
    if (fightingA != fightingB) result = fightingA ? RESULT_A_WON : RESULT_B_WON;
    else if (scoreA > scoreB) result = RESULT_A_WON;
    else if (scoreB > scoreA) result = RESULT_B_WON;
    else result = RESULT_TIE;

    uint8 battleType = battle.battleType;
    uint64 characterA = battle.a.characterId;
    uint64 characterB = battle.b.characterId;
    battle.result = result;
    delete _activeBattle[characterA];
    delete _activeBattle[characterB];
    _release(battle.a.veraIds);
    _release(battle.b.veraIds);
    emit BattleResolved(battleId, battleType, characterA, characterB, result, scoreA, scoreB);

    _updateElo(battleId, battleType, characterA, characterB, result);
    uint8 resultB = result == RESULT_TIE ? RESULT_TIE : result == RESULT_A_WON ? RESULT_B_WON : RESULT_A_WON;
    _recordVeras(battle.a.veraIds, battleId, result);
    _recordVeras(battle.b.veraIds, battleId, resultB);
    if (result != RESULT_TIE) {
      uint64 winner = result == RESULT_A_WON ? characterA : characterB;
      inventory.creditRunix(winner, WIN_RUNIX, RUNIX_REASON);
      clans.addPoints(winner, WIN_CLAN_POINTS);
    }
  }

  function _updateElo(uint64 battleId, uint8 battleType, uint64 characterA, uint64 characterB, uint8 result)
    private
  {
    uint32 beforeA = eloOf(characterA, battleType);
    uint32 beforeB = eloOf(characterB, battleType);
    (uint32 afterA, uint32 afterB) = Elo.update(beforeA, beforeB, result);
    _setElo(characterA, battleType, afterA);
    _setElo(characterB, battleType, afterB);
    emit EloChanged(characterA, battleType, battleId, beforeA, afterA);
    emit EloChanged(characterB, battleType, battleId, beforeB, afterB);
  }

  function _setElo(uint64 characterId, uint8 battleType, uint32 elo) private {
    _elo[characterId][battleType] = elo;
    _rated[characterId][battleType] = true;
  }

  /// result is the vera's own: 1 win, 2 loss, 3 tie (the same codes as the battle's from its side).
  function _recordVeras(uint64[] storage veraIds, uint64 battleId, uint8 result) private {
    uint24 experience = result == RESULT_A_WON ? EXPERIENCE_WIN : result == RESULT_TIE ? EXPERIENCE_TIE : EXPERIENCE_LOSS;
    for (uint256 i = 0; i < veraIds.length; i++) veras.recordBattle(veraIds[i], battleId, result, experience);
  }

  /// Score of the veras still fighting plus a roll in 0..ROLL_RANGE-1; (0, false) when all surrendered or the
  /// side never submitted (a timeout).
  function _sideScore(Side storage side, uint256 roll) private view returns (uint256 score, bool fighting) {
    if (!side.submitted) return (0, false);
    for (uint256 i = 0; i < side.veraIds.length; i++) {
      uint64 veraId = side.veraIds[i];
      if (_contains(side.surrenderIds, veraId)) continue;
      fighting = true;
      score += _veraScore(veraId, side.actions[i]);
    }
    if (fighting) score += roll % ROLL_RANGE;
  }

  function _veraScore(uint64 veraId, uint8 action) private view returns (uint256) {
    uint16[6] memory e = veras.getVera(veraId).effective;
    // stats: 0 strength, 1 dexterity, 2 vitality, 3 intellect, 4 wisdom, 5 charisma
    if (action == 0) return 3 * uint256(e[0]) + 2 * uint256(e[1]);
    if (action == 1) return 3 * uint256(e[2]) + 2 * uint256(e[4]);
    if (action == 2) return 3 * uint256(e[3]) + 2 * uint256(e[5]);
    revert AdminBattle_MismatchedCharacterArsenals();
  }

  function _ownerOf(uint64 veraId) private view returns (address) {
    try IERC721(address(veras)).ownerOf(veraId) returns (address owner) {
      return owner;
    } catch {
      return address(0);
    }
  }

  function _release(uint64[] storage veraIds) private {
    for (uint256 i = 0; i < veraIds.length; i++) delete _veraBusy[veraIds[i]];
  }

  function _contains(uint64[] storage list, uint64 value) private view returns (bool) {
    for (uint256 i = 0; i < list.length; i++) if (list[i] == value) return true;
    return false;
  }

  function _containsCalldata(uint64[] calldata list, uint64 value) private pure returns (bool) {
    for (uint256 i = 0; i < list.length; i++) if (list[i] == value) return true;
    return false;
  }
}
