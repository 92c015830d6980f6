// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Matchmaking and battle resolution. Battle types 1 ranked, 2 casual, 3 tournament (admins enable or disable;
/// 1 and 2 start enabled). A character queues with 1..3 veras it owns; the next character queuing for the same
/// type is paired with it. Each side then submits one action (0 attack, 1 defend, 2 ability) per vera, or
/// surrenders veras; once both sides have submitted, the battle resolves from effective stats, actions and
/// on-chain randomness. Elo per character per battle type starts at 1000 (game/ mirrors the integer math).
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
  event BattleTypeToggled(uint8 indexed battleType, bool enabled, address indexed admin);

  function enterQueue(uint64 characterId, uint8 battleType, uint64[] calldata veraIds) external;
  function leaveQueue(uint8 battleType) external;
  function submitActions(uint64 battleId, uint8[] calldata actions, uint64[] calldata surrenderIds) external;
  function admin_setBattleType(uint8 battleType, bool enabled) external;

  function eloOf(uint64 characterId, uint8 battleType) external view returns (uint32);
  function battleCount() external view returns (uint64);
}
