// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// Integer Elo, bit-for-bit the same as game/'s: K = 32, expectations in basis points, a 25-point-step table for
/// 10^(d/400) instead of floating point, int256 division truncating toward zero, ratings floored at 0.
library Elo {
  int256 internal constant K = 32;
  int256 internal constant MAX_DIFFERENCE = 800;
  uint256 internal constant STEP = 25;

  /// round(1000 * 10^(i * 25 / 400)) for i = 0..32
  function powerTable(uint256 i) internal pure returns (uint256) {
    uint32[33] memory table = [
      uint32(1000), 1155, 1334, 1540, 1778, 2054, 2371, 2738, 3162, 3652, 4217, 4870, 5623, 6494, 7499, 8660,
      10000, 11548, 13335, 15399, 17783, 20535, 23714, 27384, 31623, 36517, 42170, 48697, 56234, 64938, 74989,
      86596, 100000
    ];
    return table[i];
  }

  /// A's expected score in basis points (0..10000) against B.
  function expectedA(uint32 ratingA, uint32 ratingB) internal pure returns (uint256) {
    int256 d = int256(uint256(ratingB)) - int256(uint256(ratingA));
    if (d > MAX_DIFFERENCE) d = MAX_DIFFERENCE;
    if (d < -MAX_DIFFERENCE) d = -MAX_DIFFERENCE;
    uint256 p = powerTable(uint256(d >= 0 ? d : -d) / STEP);
    uint256 favourite = 10_000_000 / (1000 + p);
    return d >= 0 ? favourite : 10_000 - favourite;
  }

  /// New ratings after a battle; result from A's point of view: 1 A won, 2 B won, 3 tie.
  function update(uint32 ratingA, uint32 ratingB, uint8 result) internal pure returns (uint32, uint32) {
    uint256 eA = expectedA(ratingA, ratingB);
    uint256 sA = result == 1 ? 10_000 : result == 3 ? 5_000 : 0;
    return (rate(ratingA, sA, eA), rate(ratingB, 10_000 - sA, 10_000 - eA));
  }

  function rate(uint32 rating, uint256 score, uint256 expected) private pure returns (uint32) {
    int256 next = int256(uint256(rating)) + (K * (int256(score) - int256(expected))) / 10_000;
    return next < 0 ? 0 : uint32(uint256(next));
  }
}
