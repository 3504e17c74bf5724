// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {INoirPoseidon2Hasher} from "./IStylusPoseidon.sol";
import {NoirPoseidon2Aliases} from "./generated/PoseidonAliases.sol";

/// @title The INoirPoseidon2Hasher shell shared by the Solidity and Yul hashers
/// @notice Input checks, error encoding and Noir's sponge live here once; a concrete hasher only supplies
/// `_permute`, the t = 4 Poseidon2 permutation (Barretenberg set), so the two differ in the permutation only.
/// Noir's `Poseidon2::hash(inputs, n)` (`poseidon::poseidon2` in Noir's `poseidon` library; noir_stdlib's
/// src/hash/poseidon2.nr, public up to 1.0.0-beta.3, same values): state [0, 0, 0, n * 2^64],
/// inputs added into lanes 0..2 three at a time, one permutation per block (the last one partial, an empty
/// input one block of zeros), lane 0 out. Like the Stylus Noir program, it also answers poseidon2-evm's
/// `IPoseidon2` (`hash_1`, `hash_2`, `hash_3`: Noir's hash of 1, 2, 3 inputs; `NoirPoseidon2Aliases`,
/// generated from contracts/selectors.json), with the same checks.
abstract contract NoirPoseidon2HasherBase is INoirPoseidon2Hasher, NoirPoseidon2Aliases {
    /// @dev The BN254 scalar field modulus.
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;

    /// @dev Most inputs `noirHash` takes, as on the Stylus program.
    uint256 internal constant MAX_NOIR_INPUTS = 1024;

    /// @dev The Poseidon2 t = 4 permutation of canonical elements, in place (outputs canonical).
    function _permute(uint256[4] memory state) internal pure virtual;

    /// @inheritdoc INoirPoseidon2Hasher
    function noirHash(uint256[] calldata inputs) external pure returns (uint256) {
        uint256 n = inputs.length;
        if (n > MAX_NOIR_INPUTS) revert TooManyInputs(n, MAX_NOIR_INPUTS);
        for (uint256 i; i < n; ++i) {
            if (inputs[i] >= P) revert InputNotInField(i, inputs[i]);
        }
        uint256[4] memory state;
        state[3] = n << 64;
        uint256 next;
        // At least one block: the empty message is one permutation of [0, 0, 0, 0].
        do {
            for (uint256 lane; lane < 3 && next < n; ++lane) {
                state[lane] = addmod(state[lane], inputs[next], P);
                ++next;
            }
            _permute(state);
        } while (next < n);
        return state[0];
    }

    /// @inheritdoc INoirPoseidon2Hasher
    /// @dev The body of `_noirHash2`, spelled out here: calling it measured dearer per hash (forge, noirHash2(1, 2)).
    function noirHash2(uint256 a, uint256 b) external pure returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        uint256[4] memory state = [a, b, 0, 2 << 64];
        _permute(state);
        return state[0];
    }

    /// @dev `noirHash([a])`: one permutation of [a, 0, 0, 1 * 2^64].
    function _noirHash1(uint256 a) internal pure override returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        uint256[4] memory state = [a, 0, 0, 1 << 64];
        _permute(state);
        return state[0];
    }

    /// @dev `noirHash([a, b])`: one permutation of [a, b, 0, 2 * 2^64].
    function _noirHash2(uint256 a, uint256 b) internal pure override returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        uint256[4] memory state = [a, b, 0, 2 << 64];
        _permute(state);
        return state[0];
    }

    /// @dev `noirHash([a, b, c])`: one permutation of [a, b, c, 3 * 2^64].
    function _noirHash3(uint256 a, uint256 b, uint256 c) internal pure override returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        if (c >= P) revert InputNotInField(2, c);
        uint256[4] memory state = [a, b, c, 3 << 64];
        _permute(state);
        return state[0];
    }

    /// @inheritdoc INoirPoseidon2Hasher
    function poseidon2PermuteT4(uint256[4] calldata state) external pure returns (uint256[4] memory out) {
        out = _checked(state);
        _permute(out);
    }

    /// @inheritdoc INoirPoseidon2Hasher
    function poseidon2CompressT4(uint256[4] calldata inputs) external pure returns (uint256) {
        uint256[4] memory state = _checked(inputs);
        _permute(state);
        return addmod(state[0], inputs[0], P);
    }

    /// @dev The state in memory; `InputNotInField(i, state[i])` for the first element >= p.
    function _checked(uint256[4] calldata state) private pure returns (uint256[4] memory out) {
        for (uint256 i; i < 4; ++i) {
            if (state[i] >= P) revert InputNotInField(i, state[i]);
            out[i] = state[i];
        }
    }
}
