// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Compile with the repository's settings (foundry.toml): solc 0.8.30, optimizer 200 runs, constantOptimizer
// off, EVM cancun, no metadata. They give the code at PoseidonAddresses' address and the measured gas;
// other settings give other code (dearer with the constant optimizer on, which loads each constant with
// CODECOPY) at another address. To use the documented contract, deploy or etch its code instead:
// solidity/deploy/GoldilocksPoseidonYulDeployment.sol.

import {IPoseidonErrors} from "./IStylusPoseidon.sol";
import {GoldilocksPoseidonPermutation} from "./generated/GoldilocksPoseidonPermutation.sol";

/// @title plonky2's Poseidon over Goldilocks (width 12) for the EVM: the permutation in unrolled Yul, the
/// sponge shapes and Merkle paths in plain Solidity
/// @notice The Poseidon part of `IGoldilocksPoseidon` with the Stylus program's selectors, checks and errors:
/// `permute`, `hashNoPad`, `hashOrNoop`, `twoToOne`, `rootFromPath`, `verifyMerkleProofToCap` equal plonky2
/// 1.1's `poseidon`, `hash_no_pad`, `hash_or_noop`, `two_to_one` and `verify_merkle_proof_to_cap`. Sponge:
/// rate 8, capacity 4, inputs overwrite the rate lanes, a digest is lanes 0..4.
/// @dev A `uint64` word with high bits set is refused by Solidity's ABI decoder (a revert without data; the
/// Stylus program says `InvalidCalldata`). Positions in `InputNotInField` number the elements in argument
/// order, arrays flattened (see `IGoldilocksPoseidon`).
contract GoldilocksPoseidonYul is IPoseidonErrors {
    /// @notice p = 2^64 - 2^32 + 1.
    uint64 internal constant P = 0xffffffff00000001;
    /// @notice Most siblings a path takes (one bit of the uint256 leaf index per level).
    uint256 internal constant MAX_SIBLINGS = 256;

    /// @notice plonky2's Poseidon permutation.
    function permute(uint64[12] calldata state) external pure returns (uint64[12] memory out) {
        uint256[12] memory lanes;
        for (uint256 i; i < 12; ++i) {
            lanes[i] = _element(state[i], i);
        }
        GoldilocksPoseidonPermutation.permute(lanes);
        for (uint256 i; i < 12; ++i) {
            out[i] = uint64(lanes[i]);
        }
    }

    /// @notice plonky2's `hash_no_pad`; `EmptyInput()` for no inputs.
    function hashNoPad(uint64[] calldata inputs) external pure returns (uint64[4] memory) {
        if (inputs.length == 0) revert EmptyInput();
        _checkElements(inputs, 0);
        return _hashNoPad(inputs);
    }

    /// @notice plonky2's `hash_or_noop`: up to four inputs are the digest, padded with zeros.
    function hashOrNoop(uint64[] calldata inputs) external pure returns (uint64[4] memory) {
        _checkElements(inputs, 0);
        return _hashOrNoop(inputs);
    }

    /// @notice plonky2's `two_to_one`: the permutation of [left, right, 0, 0, 0, 0], lanes 0..4.
    function twoToOne(uint64[4] calldata left, uint64[4] calldata right)
        external
        pure
        returns (uint64[4] memory)
    {
        for (uint256 i; i < 4; ++i) {
            _element(left[i], i);
        }
        for (uint256 i; i < 4; ++i) {
            _element(right[i], 4 + i);
        }
        return _twoToOne(left, right);
    }

    /// @notice The root a plonky2 Merkle path leads to (see `IGoldilocksPoseidon.rootFromPath`).
    function rootFromPath(uint64[] calldata leafData, uint64[4][] calldata siblings, uint256 leafIndex)
        external
        pure
        returns (uint64[4] memory)
    {
        uint256 depth = siblings.length;
        if (depth > MAX_SIBLINGS) revert TooManySiblings(depth, MAX_SIBLINGS);
        if (depth < MAX_SIBLINGS && leafIndex >> depth != 0) revert PathBitsOutOfRange(leafIndex, depth);
        _checkElements(leafData, 0);
        _checkDigests(siblings, leafData.length);
        return _walk(leafData, siblings, leafIndex);
    }

    /// @notice plonky2's `verify_merkle_proof_to_cap`: whether the path leads to cap[leafIndex >> siblings.length].
    function verifyMerkleProofToCap(
        uint64[] calldata leafData,
        uint256 leafIndex,
        uint64[4][] calldata cap,
        uint64[4][] calldata siblings
    ) external pure returns (bool) {
        uint256 depth = siblings.length;
        if (depth > MAX_SIBLINGS) revert TooManySiblings(depth, MAX_SIBLINGS);
        uint256 entry = depth < MAX_SIBLINGS ? leafIndex >> depth : 0;
        // entry >= cap.length here, so cap.length << depth <= leafIndex: no overflow.
        if (entry >= cap.length) revert LeafIndexOutOfRange(leafIndex, cap.length << depth);
        _checkElements(leafData, 0);
        _checkDigests(cap, leafData.length);
        _checkDigests(siblings, leafData.length + 4 * cap.length);
        uint64[4] memory node = _walk(leafData, siblings, leafIndex);
        for (uint256 i; i < 4; ++i) {
            if (node[i] != cap[entry][i]) return false;
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------ internals

    /// @dev `value` as a lane, or `InputNotInField(position, value)`.
    function _element(uint64 value, uint256 position) internal pure returns (uint256) {
        if (value >= P) revert InputNotInField(position, value);
        return value;
    }

    function _checkElements(uint64[] calldata values, uint256 first) internal pure {
        for (uint256 i; i < values.length; ++i) {
            _element(values[i], first + i);
        }
    }

    function _checkDigests(uint64[4][] calldata digests, uint256 first) internal pure {
        for (uint256 j; j < digests.length; ++j) {
            for (uint256 k; k < 4; ++k) {
                _element(digests[j][k], first + 4 * j + k);
            }
        }
    }

    /// @dev plonky2's sponge without padding (inputs already checked): chunks of 8 overwrite lanes 0..8.
    function _hashNoPad(uint64[] calldata inputs) internal pure returns (uint64[4] memory digest) {
        uint256[12] memory lanes;
        for (uint256 start; start < inputs.length; start += 8) {
            uint256 end = start + 8 < inputs.length ? start + 8 : inputs.length;
            for (uint256 i = start; i < end; ++i) {
                lanes[i - start] = inputs[i];
            }
            GoldilocksPoseidonPermutation.permute(lanes);
        }
        for (uint256 i; i < 4; ++i) {
            digest[i] = uint64(lanes[i]);
        }
    }

    function _hashOrNoop(uint64[] calldata inputs) internal pure returns (uint64[4] memory digest) {
        if (inputs.length > 4) return _hashNoPad(inputs);
        for (uint256 i; i < inputs.length; ++i) {
            digest[i] = inputs[i];
        }
    }

    function _twoToOne(uint64[4] memory left, uint64[4] memory right)
        internal
        pure
        returns (uint64[4] memory digest)
    {
        uint256[12] memory lanes;
        for (uint256 i; i < 4; ++i) {
            lanes[i] = left[i];
            lanes[4 + i] = right[i];
        }
        GoldilocksPoseidonPermutation.permute(lanes);
        for (uint256 i; i < 4; ++i) {
            digest[i] = uint64(lanes[i]);
        }
    }

    /// @dev plonky2's walk: the `hash_or_noop` leaf digest, then `two_to_one` per level, bit i of the index
    /// choosing the side.
    function _walk(uint64[] calldata leafData, uint64[4][] calldata siblings, uint256 leafIndex)
        internal
        pure
        returns (uint64[4] memory node)
    {
        node = _hashOrNoop(leafData);
        for (uint256 level; level < siblings.length; ++level) {
            uint64[4] memory sibling = siblings[level];
            node = (leafIndex >> level) & 1 == 1 ? _twoToOne(sibling, node) : _twoToOne(node, sibling);
        }
    }
}
