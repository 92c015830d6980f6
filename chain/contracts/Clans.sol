// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {SkaldBase} from "./SkaldBase.sol";
import {ICharacters} from "./interfaces/ICharacters.sol";
import {IClans} from "./interfaces/IClans.sol";
import {IAdminGrants, IRoles} from "./interfaces/IRoles.sol";
import {
  AdminGrant_InvalidClan,
  Clan_AlreadyInClan,
  Clan_InsufficientRank,
  Clan_NotActive,
  Clan_NotInvited,
  Clan_NotMember,
  Player_InvalidName,
  Player_ZeroAmount,
  World_ResourceAlreadyExists,
  World_ResourceNotFound
} from "./interfaces/SkaldErrors.sol";

/// A clan as the views return it.
struct ClanView {
  string name;
  string tag;
  string description;
  uint8 status; // 1 pending, 2 active, 3 declined
  uint64 jarl; // 0 once the last member has left
  uint64 points;
  uint32 memberCount;
  uint32 wispLevel;
  uint64 wispExperience;
  uint64 experienceNeeded;
}

contract Clans is SkaldBase, IClans, IAdminGrants {
  uint8 public constant STATUS_PENDING = 1;
  uint8 public constant STATUS_ACTIVE = 2;
  uint8 public constant STATUS_DECLINED = 3;
  uint8 public constant RANK_MEMBER = 1;
  uint8 public constant RANK_OFFICER = 2;
  uint8 public constant RANK_JARL = 3;
  uint8 internal constant LEFT = 1;
  uint8 internal constant KICKED = 2;
  uint8 internal constant GRANT_WISP_EXPERIENCE = 8;
  uint8 public constant REQUEST_ACCEPTED = 1;
  uint8 public constant REQUEST_DECLINED = 2;
  uint8 public constant REQUEST_WITHDRAWN = 3;
  uint256 public constant MAX_DESCRIPTION_BYTES = 280;

  struct Clan {
    string name;
    string tag;
    string description;
    uint8 status;
    uint64 jarl;
    uint64 points;
    uint32 wispLevel;
    uint64 wispExperience;
    uint64[] members; // in joining order: the first officer (or member) found succeeds a leaving jarl
  }

  ICharacters public immutable characters;

  uint64 public clanCount;
  mapping(uint64 clanId => Clan) internal clans;
  mapping(uint64 characterId => uint64 clanId) internal clanIdOf;
  mapping(uint64 characterId => uint8) internal rankIn; // rank in the character's current clan
  mapping(uint64 characterId => uint64) public memberPointsOf; // points earned in the current clan
  mapping(uint64 clanId => mapping(uint64 characterId => bool)) public isInvited;
  mapping(uint64 clanId => mapping(uint64 characterId => bool)) public hasRequested;

  constructor(IRoles roles_, ICharacters characters_) SkaldBase(roles_) {
    characters = characters_;
  }

  // players

  function foundClan(string calldata name, string calldata tag, string calldata description) external returns (uint64 clanId) {
    uint64 founder = _actor();
    if (clanIdOf[founder] != 0) revert Clan_AlreadyInClan(founder);
    _checkLength(name, 3, 24);
    _checkLength(tag, 2, 5);
    _checkLength(description, 0, MAX_DESCRIPTION_BYTES);

    clanId = ++clanCount;
    Clan storage clan = clans[clanId];
    clan.name = name;
    clan.tag = tag;
    clan.description = description;
    clan.status = STATUS_PENDING;
    clan.wispLevel = 1;
    emit ClanFounded(clanId, founder, name, tag, description);
    _join(clanId, founder, RANK_JARL);
  }

  function updateClan(uint64 clanId, string calldata description) external {
    uint64 actor = _actor();
    _requireRank(clanId, actor, RANK_JARL);
    _checkLength(description, 0, MAX_DESCRIPTION_BYTES);
    clans[clanId].description = description;
    emit ClanUpdated(clanId, description);
  }

  function sendClanInvite(uint64 clanId, uint64 characterId) external {
    uint64 actor = _actor();
    if (clans[clanId].status != STATUS_ACTIVE) revert Clan_NotActive(clanId);
    _requireRank(clanId, actor, RANK_OFFICER);
    if (!characters.exists(characterId)) revert World_ResourceNotFound(characterId);
    if (clanIdOf[characterId] != 0) revert Clan_AlreadyInClan(characterId);
    if (isInvited[clanId][characterId] || hasRequested[clanId][characterId]) {
      revert World_ResourceAlreadyExists(characterId);
    }
    isInvited[clanId][characterId] = true;
    emit ClanInviteSent(clanId, characterId, actor);
  }

  function acceptClanInvite(uint64 clanId) external {
    uint64 actor = _actor();
    if (!isInvited[clanId][actor]) revert Clan_NotInvited(clanId, actor);
    if (clanIdOf[actor] != 0) revert Clan_AlreadyInClan(actor);
    delete isInvited[clanId][actor];
    _join(clanId, actor, RANK_MEMBER);
  }

  function declineClanInvite(uint64 clanId) external {
    uint64 actor = _actor();
    if (!isInvited[clanId][actor]) revert Clan_NotInvited(clanId, actor);
    delete isInvited[clanId][actor];
    emit ClanInviteDeclined(clanId, actor);
  }

  function requestToJoinClan(uint64 clanId) external {
    uint64 actor = _actor();
    if (clans[clanId].status != STATUS_ACTIVE) revert Clan_NotActive(clanId);
    if (clanIdOf[actor] != 0) revert Clan_AlreadyInClan(actor);
    if (isInvited[clanId][actor] || hasRequested[clanId][actor]) revert World_ResourceAlreadyExists(actor);
    hasRequested[clanId][actor] = true;
    emit ClanJoinRequested(clanId, actor);
  }

  function withdrawJoinRequest(uint64 clanId) external {
    uint64 actor = _actor();
    if (!hasRequested[clanId][actor]) revert World_ResourceNotFound(actor);
    delete hasRequested[clanId][actor];
    emit ClanJoinRequestClosed(clanId, actor, REQUEST_WITHDRAWN, actor);
  }

  function acceptJoinRequest(uint64 clanId, uint64 characterId) external {
    uint64 actor = _actor();
    _requireRank(clanId, actor, RANK_OFFICER);
    if (!hasRequested[clanId][characterId]) revert World_ResourceNotFound(characterId);
    if (clanIdOf[characterId] != 0) revert Clan_AlreadyInClan(characterId);
    delete hasRequested[clanId][characterId];
    emit ClanJoinRequestClosed(clanId, characterId, REQUEST_ACCEPTED, actor);
    _join(clanId, characterId, RANK_MEMBER);
  }

  function declineJoinRequest(uint64 clanId, uint64 characterId) external {
    uint64 actor = _actor();
    _requireRank(clanId, actor, RANK_OFFICER);
    if (!hasRequested[clanId][characterId]) revert World_ResourceNotFound(characterId);
    delete hasRequested[clanId][characterId];
    emit ClanJoinRequestClosed(clanId, characterId, REQUEST_DECLINED, actor);
  }

  function leaveClan() external {
    uint64 actor = _actor();
    uint64 clanId = clanIdOf[actor];
    if (clanId == 0) revert Clan_NotMember(0, actor);
    bool wasJarl = rankIn[actor] == RANK_JARL;
    _remove(clanId, actor);
    emit ClanMemberLeft(clanId, actor, LEFT, actor);
    if (wasJarl) _succeedJarl(clanId);
  }

  function kickClanMember(uint64 clanId, uint64 characterId) external {
    uint64 actor = _actor();
    uint8 actorRank = _requireRank(clanId, actor, RANK_OFFICER);
    if (clanIdOf[characterId] != clanId) revert Clan_NotMember(clanId, characterId);
    // officers kick members; the jarl kicks anyone but itself
    if (characterId == actor || rankIn[characterId] >= actorRank) revert Clan_InsufficientRank(clanId, actor);
    _remove(clanId, characterId);
    emit ClanMemberLeft(clanId, characterId, KICKED, actor);
  }

  function setClanRank(uint64 clanId, uint64 characterId, uint8 rank) external {
    uint64 actor = _actor();
    _requireRank(clanId, actor, RANK_JARL);
    if (rank != RANK_MEMBER && rank != RANK_OFFICER) revert World_ResourceNotFound(rank);
    if (clanIdOf[characterId] != clanId) revert Clan_NotMember(clanId, characterId);
    // the jarl's own rank only changes by leaving
    if (characterId == actor) revert Clan_InsufficientRank(clanId, actor);
    _setRank(clanId, characterId, rank);
  }

  // admins

  function admin_approveClan(uint64 clanId) external onlyAdmin {
    _setStatusFromPending(clanId, STATUS_ACTIVE);
  }

  function admin_declineClan(uint64 clanId) external onlyAdmin {
    _setStatusFromPending(clanId, STATUS_DECLINED);
    // invites need an active clan, so a pending clan holds at most its jarl: release it
    Clan storage clan = clans[clanId];
    while (clan.members.length > 0) {
      _forget(clan.members[clan.members.length - 1]);
      clan.members.pop();
    }
    clan.jarl = 0;
  }

  function admin_grantWispExperience(uint64 clanId, uint64 amount) external onlyAdmin {
    Clan storage clan = clans[clanId];
    if (clan.status != STATUS_ACTIVE) revert AdminGrant_InvalidClan(clanId);
    if (amount == 0) revert Player_ZeroAmount();
    uint32 levelBefore = clan.wispLevel;
    uint32 level = levelBefore;
    uint256 experience = uint256(clan.wispExperience) + amount;
    while (experience >= experienceNeededAt(level)) {
      experience -= experienceNeededAt(level);
      level += 1;
    }
    clan.wispLevel = level;
    clan.wispExperience = uint64(experience);
    emit WispExperienceGained(clanId, amount, levelBefore, level, uint64(experience), experienceNeededAt(level));
    emit AdminGranted(msg.sender, GRANT_WISP_EXPERIENCE, clanId, 0, amount);
  }

  // game

  function addPoints(uint64 characterId, uint64 points) external onlyGame {
    uint64 clanId = clanIdOf[characterId];
    if (clanId == 0 || points == 0) return;
    Clan storage clan = clans[clanId];
    clan.points += points;
    uint64 memberPoints = memberPointsOf[characterId] + points;
    memberPointsOf[characterId] = memberPoints;
    emit ClanPointsChanged(clanId, characterId, points, clan.points, memberPoints);
  }

  // views

  function clanOf(uint64 characterId) external view returns (uint64) {
    return clanIdOf[characterId];
  }

  function getClan(uint64 clanId) external view returns (ClanView memory) {
    Clan storage c = clans[clanId];
    return ClanView(
      c.name,
      c.tag,
      c.description,
      c.status,
      c.jarl,
      c.points,
      uint32(c.members.length),
      c.wispLevel,
      c.wispExperience,
      c.status == 0 ? 0 : experienceNeededAt(c.wispLevel)
    );
  }

  function membersOf(uint64 clanId) external view returns (uint64[] memory) {
    return clans[clanId].members;
  }

  /// 0 when the character is not a member of the clan.
  function rankOf(uint64 clanId, uint64 characterId) public view returns (uint8) {
    return clanIdOf[characterId] == clanId && clanId != 0 ? rankIn[characterId] : 0;
  }

  function experienceNeededAt(uint32 level) public pure returns (uint64) {
    return 100 * uint64(level);
  }

  // internals

  function _actor() internal view returns (uint64 characterId) {
    (characterId, ) = characters.actingCharacter(msg.sender);
  }

  function _requireRank(uint64 clanId, uint64 characterId, uint8 minRank) internal view returns (uint8 rank) {
    rank = rankOf(clanId, characterId);
    if (rank == 0) revert Clan_NotMember(clanId, characterId);
    if (rank < minRank) revert Clan_InsufficientRank(clanId, characterId);
  }

  function _checkLength(string calldata value, uint256 min, uint256 max) internal pure {
    uint256 length = bytes(value).length;
    if (length < min || length > max) revert Player_InvalidName();
  }

  function _setStatusFromPending(uint64 clanId, uint8 status) internal {
    Clan storage clan = clans[clanId];
    if (clan.status != STATUS_PENDING) revert AdminGrant_InvalidClan(clanId);
    clan.status = status;
    emit ClanStatusChanged(clanId, status, msg.sender);
  }

  function _join(uint64 clanId, uint64 characterId, uint8 rank) internal {
    Clan storage clan = clans[clanId];
    clan.members.push(characterId);
    clanIdOf[characterId] = clanId;
    rankIn[characterId] = rank;
    if (rank == RANK_JARL) clan.jarl = characterId;
    emit ClanMemberJoined(clanId, characterId, rank);
  }

  /// Removes a member, keeping the joining order of the others.
  function _remove(uint64 clanId, uint64 characterId) internal {
    uint64[] storage members = clans[clanId].members;
    uint256 last = members.length - 1;
    uint256 i = 0;
    while (members[i] != characterId) i++;
    for (; i < last; i++) members[i] = members[i + 1];
    members.pop();
    _forget(characterId);
  }

  function _forget(uint64 characterId) internal {
    delete clanIdOf[characterId];
    delete rankIn[characterId];
    delete memberPointsOf[characterId];
  }

  function _succeedJarl(uint64 clanId) internal {
    Clan storage clan = clans[clanId];
    uint64[] storage members = clan.members;
    if (members.length == 0) {
      clan.jarl = 0;
      return;
    }
    uint64 heir = members[0];
    for (uint256 i = 0; i < members.length; i++) {
      if (rankIn[members[i]] == RANK_OFFICER) {
        heir = members[i];
        break;
      }
    }
    clan.jarl = heir;
    _setRank(clanId, heir, RANK_JARL);
  }

  function _setRank(uint64 clanId, uint64 characterId, uint8 rank) internal {
    uint8 oldRank = rankIn[characterId];
    if (oldRank == rank) return;
    rankIn[characterId] = rank;
    emit ClanRankChanged(clanId, characterId, oldRank, rank);
  }
}
