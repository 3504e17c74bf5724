// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {PoseidonT3HasherBase} from "./PoseidonT3HasherBase.sol";
import {PoseidonT3Constants} from "./generated/PoseidonT3Constants.sol";

/// @title circomlib Poseidon T3, written to be read: the auditable baseline
/// @notice The textbook permutation (eprint 2019/458): every round adds its constants, applies x^5 to
/// the whole state (full rounds) or to state[0] (partial rounds), then multiplies by the MDS matrix.
/// Same algorithm as circomlibjs `poseidon_reference.js`; constants in `PoseidonT3Constants`
/// (generated from circomlibjs' `poseidon_constants.json`). No assembly, no unrolling, no tricks.
library PoseidonT3Reference {
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;
    uint256 internal constant WIDTH = 3;
    uint256 internal constant FULL_ROUNDS = 8;
    uint256 internal constant PARTIAL_ROUNDS = 57;

    /// @notice circomlib Poseidon([a, b]); `a` and `b` must be canonical (< P).
    /// @dev Indices are bounded by the constants above, so index arithmetic runs unchecked.
    function hash(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256[195] memory c = PoseidonT3Constants.roundConstants();
        uint256[3][3] memory m = PoseidonT3Constants.mds();
        uint256[3] memory state = [uint256(0), a, b];

        unchecked {
            for (uint256 round; round < FULL_ROUNDS + PARTIAL_ROUNDS; ++round) {
                for (uint256 i; i < WIDTH; ++i) {
                    state[i] = addmod(state[i], c[round * WIDTH + i], P);
                }

                bool isFullRound = round < FULL_ROUNDS / 2 || round >= FULL_ROUNDS / 2 + PARTIAL_ROUNDS;
                if (isFullRound) {
                    for (uint256 i; i < WIDTH; ++i) {
                        state[i] = pow5(state[i]);
                    }
                } else {
                    state[0] = pow5(state[0]);
                }

                state = mix(state, m);
            }
        }
        return state[0];
    }

    /// @dev The S-box x^5.
    function pow5(uint256 x) private pure returns (uint256) {
        uint256 x2 = mulmod(x, x, P);
        uint256 x4 = mulmod(x2, x2, P);
        return mulmod(x4, x, P);
    }

    /// @dev out[i] = sum over j of m[i][j] * state[j].
    function mix(uint256[3] memory state, uint256[3][3] memory m)
        private
        pure
        returns (uint256[3] memory out)
    {
        unchecked {
            for (uint256 i; i < WIDTH; ++i) {
                uint256 acc;
                for (uint256 j; j < WIDTH; ++j) {
                    acc = addmod(acc, mulmod(m[i][j], state[j], P), P);
                }
                out[i] = acc;
            }
        }
    }
}

/// @title Deployable IPoseidonT3Hasher on top of `PoseidonT3Reference`
contract PoseidonT3Solidity is PoseidonT3HasherBase {
    function _hashT3(uint256 a, uint256 b) internal pure override returns (uint256) {
        return PoseidonT3Reference.hash(a, b);
    }
}
