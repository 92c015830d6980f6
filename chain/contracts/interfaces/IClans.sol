// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Clans. Status 1 pending (after founding), 2 active (approved), 3 declined. Ranks 1 member, 2 officer, 3 jarl.
/// The founder is the jarl. Jarl and officers invite; the jarl sets ranks; officers kick members, the jarl kicks
/// anyone but itself. A jarl leaving a clan with other members hands the jarl rank to the longest-standing officer
/// (or member). Battle wins add points to the clan and the member. The clan's wisp levels up with experience:
/// experienceNeeded = 100 * level. A clanless character may also ask to join an active clan; the jarl or an
/// officer accepts (the asker joins as a member) or declines, and the asker may withdraw. An invitation and a
/// request for the same pair never coexist: the open one is answered instead.
interface IClans {
  event ClanFounded(uint64 indexed clanId, uint64 indexed jarlId, string name, string tag, string description);
  event ClanStatusChanged(uint64 indexed clanId, uint8 status, address indexed admin);
  event ClanUpdated(uint64 indexed clanId, string description);
  event ClanInviteSent(uint64 indexed clanId, uint64 indexed characterId, uint64 indexed invitedBy);
  event ClanInviteDeclined(uint64 indexed clanId, uint64 indexed characterId);
  event ClanJoinRequested(uint64 indexed clanId, uint64 indexed characterId);
  /// outcome: 1 accepted (ClanMemberJoined follows), 2 declined, 3 withdrawn by the asker; by answered it
  event ClanJoinRequestClosed(uint64 indexed clanId, uint64 indexed characterId, uint8 outcome, uint64 by);
  event ClanMemberJoined(uint64 indexed clanId, uint64 indexed characterId, uint8 rank);
  /// reason: 1 left, 2 kicked; by is the kicker (or the member itself)
  event ClanMemberLeft(uint64 indexed clanId, uint64 indexed characterId, uint8 reason, uint64 by);
  event ClanRankChanged(uint64 indexed clanId, uint64 indexed characterId, uint8 oldRank, uint8 newRank);
  event ClanPointsChanged(uint64 indexed clanId, uint64 indexed characterId, uint64 added, uint64 clanPoints, uint64 memberPoints);
  event WispExperienceGained(uint64 indexed clanId, uint64 amount, uint32 levelBefore, uint32 levelAfter, uint64 experience, uint64 experienceNeeded);

  function foundClan(string calldata name, string calldata tag, string calldata description) external returns (uint64);
  function updateClan(uint64 clanId, string calldata description) external; // jarl
  function sendClanInvite(uint64 clanId, uint64 characterId) external; // jarl or officer, active clan
  function acceptClanInvite(uint64 clanId) external;
  function declineClanInvite(uint64 clanId) external;
  function requestToJoinClan(uint64 clanId) external; // clanless, active clan
  function withdrawJoinRequest(uint64 clanId) external;
  function acceptJoinRequest(uint64 clanId, uint64 characterId) external; // jarl or officer
  function declineJoinRequest(uint64 clanId, uint64 characterId) external; // jarl or officer
  function leaveClan() external;
  function kickClanMember(uint64 clanId, uint64 characterId) external;
  function setClanRank(uint64 clanId, uint64 characterId, uint8 rank) external; // jarl; rank 1 or 2

  function admin_approveClan(uint64 clanId) external; // AdminGrant_InvalidClan unless pending
  function admin_declineClan(uint64 clanId) external;
  function admin_grantWispExperience(uint64 clanId, uint64 amount) external; // emits AdminGranted

  function addPoints(uint64 characterId, uint64 points) external; // ROLE_GAME; no-op for clanless characters
  function clanOf(uint64 characterId) external view returns (uint64);
}
