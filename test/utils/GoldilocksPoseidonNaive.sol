// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksPoseidonConstants as C} from "../../solidity/generated/GoldilocksPoseidonConstants.sol";

/// @notice plonky2's Poseidon over Goldilocks written the plain way (plonky2's `poseidon_naive`): every round
/// adds its constants, applies x^7 (to every lane, or lane 0 in a partial round) and multiplies by the full
/// MDS matrix, all with addmod/mulmod. Independent of the unrolled Yul (no frequency-domain MDS, no lazy
/// reduction), so the fuzz tests compare the two.
library GoldilocksPoseidonNaive {
    uint256 internal constant P = 0xffffffff00000001;

    function permute(uint256[12] memory state) internal pure returns (uint256[12] memory) {
        uint256[360] memory rc = C.roundConstants();
        (uint256[12] memory circ, uint256[12] memory diag) = C.mds();
        uint256 rounds = 2 * C.HALF_FULL_ROUNDS + C.PARTIAL_ROUNDS;
        for (uint256 r; r < rounds; ++r) {
            bool full = r < C.HALF_FULL_ROUNDS || r >= C.HALF_FULL_ROUNDS + C.PARTIAL_ROUNDS;
            for (uint256 i; i < 12; ++i) {
                state[i] = addmod(state[i], rc[12 * r + i], P);
                if (full || i == 0) state[i] = pow7(state[i]);
            }
            uint256[12] memory next;
            for (uint256 row; row < 12; ++row) {
                uint256 sum = mulmod(diag[row], state[row], P);
                for (uint256 i; i < 12; ++i) {
                    sum = addmod(sum, mulmod(circ[i], state[(i + row) % 12], P), P);
                }
                next[row] = sum;
            }
            state = next;
        }
        return state;
    }

    function pow7(uint256 x) internal pure returns (uint256 y) {
        y = 1;
        for (uint256 i; i < 7; ++i) {
            y = mulmod(y, x, P);
        }
    }
}
