// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {RandomNumbers_NoNumbers} from "./interfaces/SkaldErrors.sol";

/// On-chain randomness from prevrandao, the block, the caller and a per-contract nonce. Good enough for a game
/// on a local or test chain; the production game would use a VRF.
library Random {
  function draw(uint256 nonce, address caller, uint256 count) internal view returns (uint256[] memory numbers) {
    if (count == 0) revert RandomNumbers_NoNumbers();
    numbers = new uint256[](count);
    bytes32 seed = keccak256(abi.encode(block.prevrandao, block.number, block.timestamp, caller, nonce));
    for (uint256 i = 0; i < count; i++) {
      numbers[i] = uint256(keccak256(abi.encode(seed, i)));
    }
  }

  function one(uint256 nonce, address caller) internal view returns (uint256) {
    return draw(nonce, caller, 1)[0];
  }
}
