// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Matchmaking and battle resolution. Battle types 1 ranked, 2 casual, 3 tournament (admins enable or disable;
/// 1 and 2 start enabled). A character queues with 1..3 veras it owns; the next character queuing for the same
/// type is paired with it. Each side then submits one action (0 attack, 1 defend, 2 ability) per vera, or
/// surrenders veras; once both sides have submitted, the battle resolves from effective stats, actions and
/// on-chain randomness. Elo per character per battle type starts at 1000 (game/ mirrors the integer math).
/// A character may instead challenge another by id with its veras for an enabled type: the challenged side
/// accepts with its own veras (the battle starts at once, rated like a queued one), declines, or the challenger
/// withdraws. A character may hold one open challenge it sent; veras in it are busy until it closes.
/// A battle's turn ends at its deadline (BattleDeadlineSet, block time); after it anyone may call claimTimeout:
/// BattleTimedOut names the silent sides, then BattleResolved follows with each silent side scoring 0 and
/// losing (both silent: a tie).
interface IBattles {
  event QueueEntered(uint64 indexed characterId, uint8 indexed battleType, uint64[] veraIds);
  event QueueLeft(uint64 indexed characterId, uint8 indexed battleType);
  event BattleStarted(
    uint64 indexed battleId,
    uint8 indexed battleType,
    uint64 characterA,
    uint64 characterB,
    uint64[] verasA,
    uint64[] verasB
  );
  /// emitted right after BattleStarted: unix seconds after which claimTimeout may end the battle
  event BattleDeadlineSet(uint64 indexed battleId, uint64 deadline);
  /// emitted by claimTimeout just before BattleResolved; silentA / silentB: that side forfeits
  event BattleTimedOut(
    uint64 indexed battleId,
    uint64 characterA,
    uint64 characterB,
    bool silentA,
    bool silentB,
    address indexed claimedBy
  );
  event ActionsSubmitted(uint64 indexed battleId, uint64 indexed characterId, uint8[] actions, uint64[] surrenderIds);
  /// result from A's point of view: 1 A won, 2 B won, 3 tie.
  event BattleResolved(
    uint64 indexed battleId,
    uint8 indexed battleType,
    uint64 characterA,
    uint64 characterB,
    uint8 result,
    uint256 scoreA,
    uint256 scoreB
  );
  event EloChanged(uint64 indexed characterId, uint8 indexed battleType, uint64 indexed battleId, uint32 eloBefore, uint32 eloAfter);
  event ChallengeSent(
    uint64 indexed challengeId,
    uint64 indexed challenger,
    uint64 indexed opponent,
    uint8 battleType,
    uint64[] veraIds
  );
  /// outcome: 1 accepted (BattleStarted follows, battleId set), 2 declined, 3 withdrawn; by closed it
  event ChallengeClosed(uint64 indexed challengeId, uint8 outcome, uint64 by, uint64 battleId);
  event BattleTypeToggled(uint8 indexed battleType, bool enabled, address indexed admin);

  function enterQueue(uint64 characterId, uint8 battleType, uint64[] calldata veraIds) external;
  function leaveQueue(uint8 battleType) external;
  function challengeFriend(uint64 opponent, uint8 battleType, uint64[] calldata veraIds) external returns (uint64);
  function acceptChallenge(uint64 challengeId, uint64[] calldata veraIds) external;
  function declineChallenge(uint64 challengeId) external; // the challenged side declines, the challenger withdraws
  function submitActions(uint64 battleId, uint8[] calldata actions, uint64[] calldata surrenderIds) external;
  function claimTimeout(uint64 battleId) external;
  function admin_setBattleType(uint8 battleType, bool enabled) external;

  function eloOf(uint64 characterId, uint8 battleType) external view returns (uint32);
  function battleCount() external view returns (uint64);
  function deadlineOf(uint64 battleId) external view returns (uint64);
}
