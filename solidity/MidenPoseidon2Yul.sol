// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Compile with the repository's settings (foundry.toml): solc 0.8.30, optimizer 200 runs, constantOptimizer
// off, EVM cancun, no metadata. They give the code at PoseidonAddresses' address and the measured gas;
// other settings give other code at another address. To use the documented contract, deploy or etch its
// code instead: solidity/deploy/MidenPoseidon2YulDeployment.sol.

import {IMidenHasher} from "./IStylusPoseidon.sol";
import {MidenPoseidon2Permutation} from "./generated/MidenPoseidon2Permutation.sol";

/// @title Miden's Poseidon2 (miden-crypto 0.28.1) for the EVM: Plonky3's Goldilocks Poseidon2 in unrolled Yul,
/// the sponge and Merkle paths in plain Solidity
/// @notice `IMidenHasher`'s Poseidon2 functions with the Stylus program's selectors, checks and errors. Sponge
/// state [RATE, CAPACITY]: lanes 0..8 the rate, lane 8 the length flag, lane 9 the domain; a word is lanes 0..4.
/// @dev A `uint64` word with high bits set is refused by Solidity's ABI decoder (a revert without data; the
/// Stylus program says `InvalidCalldata`).
contract MidenPoseidon2Yul is IMidenHasher {
    /// @notice p = 2^64 - 2^32 + 1.
    uint64 internal constant P = 0xffffffff00000001;
    /// @notice The deepest path a Miden node index allows.
    uint256 internal constant MAX_DEPTH = 64;

    /// @inheritdoc IMidenHasher
    function midenPoseidon2Permute(uint64[12] calldata state) external pure returns (uint64[12] memory out) {
        uint256[12] memory lanes;
        for (uint256 i; i < 12; ++i) {
            lanes[i] = _element(state[i], i);
        }
        MidenPoseidon2Permutation.permute(lanes);
        for (uint256 i; i < 12; ++i) {
            out[i] = uint64(lanes[i]);
        }
    }

    /// @inheritdoc IMidenHasher
    function midenPoseidon2HashElements(uint64[] calldata elements) external pure returns (uint64[4] memory) {
        uint256[12] memory lanes;
        lanes[8] = elements.length % 8;
        uint256 filled;
        for (uint256 i; i < elements.length; ++i) {
            lanes[filled] = _element(elements[i], i);
            if (++filled == 8) {
                MidenPoseidon2Permutation.permute(lanes);
                filled = 0;
            }
        }
        return _finish(lanes, filled);
    }

    /// @inheritdoc IMidenHasher
    function midenPoseidon2HashBytes(bytes calldata data) external pure returns (uint64[4] memory) {
        uint256 count = (data.length + 6) / 7;
        uint256[12] memory lanes;
        lanes[8] = 8 + count % 8;
        uint256 filled;
        for (uint256 e; e < count; ++e) {
            uint256 start = 7 * e;
            uint256 end = start + 7 < data.length ? start + 7 : data.length;
            uint256 value;
            for (uint256 i = start; i < end; ++i) {
                value |= uint256(uint8(data[i])) << (8 * (i - start));
            }
            if (e + 1 == count) value |= 1 << (8 * (end - start));
            lanes[filled] = value;
            if (++filled == 8) {
                MidenPoseidon2Permutation.permute(lanes);
                filled = 0;
            }
        }
        return _finish(lanes, filled);
    }

    /// @inheritdoc IMidenHasher
    function midenPoseidon2Merge(uint64[4] calldata left, uint64[4] calldata right)
        external
        pure
        returns (uint64[4] memory)
    {
        _checkWords(left, right);
        return _merge(left, right, 0);
    }

    /// @inheritdoc IMidenHasher
    function midenPoseidon2MergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        pure
        returns (uint64[4] memory)
    {
        _checkWords(left, right);
        return _merge(left, right, _element(domain, 8));
    }

    /// @inheritdoc IMidenHasher
    function midenPoseidon2RootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        pure
        returns (uint64[4] memory node)
    {
        uint256 depth = siblings.length;
        if (depth > MAX_DEPTH) revert TooManySiblings(depth, MAX_DEPTH);
        if (index >> depth != 0) revert PathBitsOutOfRange(index, depth);
        for (uint256 k; k < 4; ++k) {
            _element(leaf[k], k);
        }
        for (uint256 j; j < depth; ++j) {
            for (uint256 k; k < 4; ++k) {
                _element(siblings[j][k], 4 + 4 * j + k);
            }
        }
        node = leaf;
        for (uint256 level; level < depth; ++level) {
            uint64[4] memory sibling = siblings[level];
            node = (index >> level) & 1 == 1 ? _merge(sibling, node, 0) : _merge(node, sibling, 0);
        }
    }

    // ------------------------------------------------------------------------------------------ internals

    /// @dev `value` as a lane, or `InputNotInField(position, value)`.
    function _element(uint64 value, uint256 position) internal pure returns (uint256) {
        if (value >= P) revert InputNotInField(position, value);
        return value;
    }

    function _checkWords(uint64[4] calldata left, uint64[4] calldata right) internal pure {
        for (uint256 i; i < 4; ++i) {
            _element(left[i], i);
        }
        for (uint256 i; i < 4; ++i) {
            _element(right[i], 4 + i);
        }
    }

    /// @dev A last partial block, zero-padded, is permuted; the word is lanes 0..4.
    function _finish(uint256[12] memory lanes, uint256 filled) internal pure returns (uint64[4] memory word) {
        if (filled > 0) {
            for (uint256 i = filled; i < 8; ++i) {
                lanes[i] = 0;
            }
            MidenPoseidon2Permutation.permute(lanes);
        }
        for (uint256 i; i < 4; ++i) {
            word[i] = uint64(lanes[i]);
        }
    }

    /// @dev The permutation of [left, right, 0, domain, 0, 0], its first four lanes.
    function _merge(uint64[4] memory left, uint64[4] memory right, uint256 domain)
        internal
        pure
        returns (uint64[4] memory word)
    {
        uint256[12] memory lanes;
        for (uint256 i; i < 4; ++i) {
            lanes[i] = left[i];
            lanes[4 + i] = right[i];
        }
        lanes[9] = domain;
        MidenPoseidon2Permutation.permute(lanes);
        for (uint256 i; i < 4; ++i) {
            word[i] = uint64(lanes[i]);
        }
    }
}
