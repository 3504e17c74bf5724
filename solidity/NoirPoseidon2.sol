// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {NoirPoseidon2HasherBase} from "./NoirPoseidon2HasherBase.sol";
import {Poseidon2T4Constants} from "./generated/Poseidon2T4Constants.sol";

/// @title Poseidon2 t = 4 (Barretenberg set), written to be read: the auditable baseline
/// @notice The textbook permutation (eprint 2023/323): the external matrix M4 once, then 4 external
/// rounds (constants, x^5 on every lane, M4), 56 internal rounds (constant and x^5 on lane 0, then
/// ones + diag(d)), 4 external rounds. Constants in `Poseidon2T4Constants` (generated from
/// test/vectors/poseidon2-params/barretenberg-t4.json). No assembly, no unrolling, no tricks.
library Poseidon2T4Reference {
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;
    uint256 internal constant FULL_ROUNDS = 8;
    uint256 internal constant PARTIAL_ROUNDS = 56;

    /// @notice Permutes `state` in place; elements must be canonical (< P).
    function permute(uint256[4] memory state) internal pure {
        uint256[4][64] memory c = Poseidon2T4Constants.roundConstants();
        uint256[4] memory d = Poseidon2T4Constants.internalDiagonal();
        externalLayer(state);
        for (uint256 round; round < FULL_ROUNDS + PARTIAL_ROUNDS; ++round) {
            if (round < FULL_ROUNDS / 2 || round >= FULL_ROUNDS / 2 + PARTIAL_ROUNDS) {
                for (uint256 i; i < 4; ++i) {
                    state[i] = pow5(addmod(state[i], c[round][i], P));
                }
                externalLayer(state);
            } else {
                state[0] = pow5(addmod(state[0], c[round][0], P));
                uint256 sum = addmod(addmod(state[0], state[1], P), addmod(state[2], state[3], P), P);
                for (uint256 i; i < 4; ++i) {
                    state[i] = addmod(mulmod(state[i], d[i], P), sum, P);
                }
            }
        }
    }

    /// @notice M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]], row by row.
    function externalLayer(uint256[4] memory s) internal pure {
        uint256[4][4] memory m =
            [[uint256(5), 7, 1, 3], [uint256(4), 6, 1, 1], [uint256(1), 3, 5, 7], [uint256(1), 1, 4, 6]];
        uint256[4] memory old = [s[0], s[1], s[2], s[3]]; // a copy: memory arrays alias
        for (uint256 i; i < 4; ++i) {
            uint256 row;
            for (uint256 j; j < 4; ++j) {
                row = addmod(row, mulmod(m[i][j], old[j], P), P);
            }
            s[i] = row;
        }
    }

    function pow5(uint256 x) internal pure returns (uint256) {
        uint256 x2 = mulmod(x, x, P);
        return mulmod(mulmod(x2, x2, P), x, P);
    }
}

/// @title Noir's Poseidon2 hash over the plain Solidity permutation
contract NoirPoseidon2Solidity is NoirPoseidon2HasherBase {
    function _permute(uint256[4] memory state) internal pure override {
        Poseidon2T4Reference.permute(state);
    }
}
