// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Compile with the repository's settings (foundry.toml): solc 0.8.30, optimizer 200 runs, constantOptimizer
// off, EVM cancun, no metadata. They give the code at PoseidonAddresses' addresses and the measured gas;
// other settings give other code at other addresses. To use the documented contracts, deploy or etch their
// code instead: solidity/deploy/{MidenPoseidon2Yul,RpoYul,RpxYul}Deployment.sol.

import {IMidenPoseidon2Hasher, IPoseidonErrors, IRpoHasher, IRpxHasher} from "./IStylusPoseidon.sol";
import {MidenPoseidon2Permutation} from "./generated/MidenPoseidon2Permutation.sol";
import {RpoPermutation, RpxPermutation} from "./generated/RescuePermutations.sol";

/// @title Miden's sponge (miden-crypto 0.28.1's `AlgebraicSponge`) over any width-12 Goldilocks permutation
/// @notice The state is [RATE, CAPACITY]: lanes 0..8 the rate, lane 8 the length flag, lane 9 the domain of
/// `merge_in_domain`; a word is lanes 0..4. Each function takes the permutation (in unrolled Yul) and checks
/// its elements as the Stylus programs do: `InputNotInField(position, value)` for the first not below p.
/// @dev A `uint64` word with high bits set is refused by Solidity's ABI decoder (a revert without data; the
/// Stylus programs say `InvalidCalldata`).
library MidenSponge {
    /// @notice p = 2^64 - 2^32 + 1.
    uint64 internal constant P = 0xffffffff00000001;
    /// @notice The deepest path a Miden node index allows.
    uint256 internal constant MAX_DEPTH = 64;

    function permute(function(uint256[12] memory) internal pure permutation, uint64[12] calldata state)
        internal
        pure
        returns (uint64[12] memory out)
    {
        uint256[12] memory lanes;
        for (uint256 i; i < 12; ++i) {
            lanes[i] = element(state[i], i);
        }
        permutation(lanes);
        for (uint256 i; i < 12; ++i) {
            out[i] = uint64(lanes[i]);
        }
    }

    function hashElements(function(uint256[12] memory) internal pure permutation, uint64[] calldata elements)
        internal
        pure
        returns (uint64[4] memory)
    {
        uint256[12] memory lanes;
        lanes[8] = elements.length % 8;
        uint256 filled;
        for (uint256 i; i < elements.length; ++i) {
            lanes[filled] = element(elements[i], i);
            if (++filled == 8) {
                permutation(lanes);
                filled = 0;
            }
        }
        return finish(permutation, lanes, filled);
    }

    function hashBytes(function(uint256[12] memory) internal pure permutation, bytes calldata data)
        internal
        pure
        returns (uint64[4] memory)
    {
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
                permutation(lanes);
                filled = 0;
            }
        }
        return finish(permutation, lanes, filled);
    }

    /// @dev `merge_in_domain` (domain 0: `merge`) of checked words: positions left 0..4, right 4..8, domain 8.
    function merge(
        function(uint256[12] memory) internal pure permutation,
        uint64[4] calldata left,
        uint64[4] calldata right,
        uint64 domain
    ) internal pure returns (uint64[4] memory) {
        for (uint256 i; i < 4; ++i) {
            element(left[i], i);
            element(right[i], 4 + i);
        }
        return mergeWords(permutation, left, right, element(domain, 8));
    }

    function rootFromPath(
        function(uint256[12] memory) internal pure permutation,
        uint64[4] calldata leaf,
        uint64[4][] calldata siblings,
        uint256 index
    ) internal pure returns (uint64[4] memory node) {
        uint256 depth = siblings.length;
        if (depth > MAX_DEPTH) revert IPoseidonErrors.TooManySiblings(depth, MAX_DEPTH);
        if (index >> depth != 0) revert IPoseidonErrors.PathBitsOutOfRange(index, depth);
        for (uint256 k; k < 4; ++k) {
            element(leaf[k], k);
        }
        for (uint256 j; j < depth; ++j) {
            for (uint256 k; k < 4; ++k) {
                element(siblings[j][k], 4 + 4 * j + k);
            }
        }
        node = leaf;
        for (uint256 level; level < depth; ++level) {
            uint64[4] memory sibling = siblings[level];
            node = (index >> level) & 1 == 1
                ? mergeWords(permutation, sibling, node, 0)
                : mergeWords(permutation, node, sibling, 0);
        }
    }

    /// @dev `value` as a lane, or `InputNotInField(position, value)`.
    function element(uint64 value, uint256 position) private pure returns (uint256) {
        if (value >= P) revert IPoseidonErrors.InputNotInField(position, value);
        return value;
    }

    /// @dev A last partial block, zero-padded, is permuted; the word is lanes 0..4.
    function finish(
        function(uint256[12] memory) internal pure permutation,
        uint256[12] memory lanes,
        uint256 filled
    ) private pure returns (uint64[4] memory word) {
        if (filled > 0) {
            for (uint256 i = filled; i < 8; ++i) {
                lanes[i] = 0;
            }
            permutation(lanes);
        }
        for (uint256 i; i < 4; ++i) {
            word[i] = uint64(lanes[i]);
        }
    }

    /// @dev The permutation of [left, right, 0, domain, 0, 0], its first four lanes.
    function mergeWords(
        function(uint256[12] memory) internal pure permutation,
        uint64[4] memory left,
        uint64[4] memory right,
        uint256 domain
    ) private pure returns (uint64[4] memory word) {
        uint256[12] memory lanes;
        for (uint256 i; i < 4; ++i) {
            lanes[i] = left[i];
            lanes[4 + i] = right[i];
        }
        lanes[9] = domain;
        permutation(lanes);
        for (uint256 i; i < 4; ++i) {
            word[i] = uint64(lanes[i]);
        }
    }
}

/// @title Miden's Poseidon2 (Plonky3's Goldilocks Poseidon2) for the EVM: `IMidenPoseidon2Hasher` with the
/// Stylus program's selectors, checks and errors
contract MidenPoseidon2Yul is IMidenPoseidon2Hasher {
    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2Permute(uint64[12] calldata state) external pure returns (uint64[12] memory) {
        return MidenSponge.permute(MidenPoseidon2Permutation.permute, state);
    }

    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2HashElements(uint64[] calldata elements) external pure returns (uint64[4] memory) {
        return MidenSponge.hashElements(MidenPoseidon2Permutation.permute, elements);
    }

    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2HashBytes(bytes calldata data) external pure returns (uint64[4] memory) {
        return MidenSponge.hashBytes(MidenPoseidon2Permutation.permute, data);
    }

    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2Merge(uint64[4] calldata left, uint64[4] calldata right)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(MidenPoseidon2Permutation.permute, left, right, 0);
    }

    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2MergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(MidenPoseidon2Permutation.permute, left, right, domain);
    }

    /// @inheritdoc IMidenPoseidon2Hasher
    function midenPoseidon2RootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.rootFromPath(MidenPoseidon2Permutation.permute, leaf, siblings, index);
    }
}

/// @title Miden's RPO256 (miden-crypto's Rpo256) for the EVM: `IRpoHasher` with the
/// Stylus program's selectors, checks and errors
contract RpoYul is IRpoHasher {
    /// @inheritdoc IRpoHasher
    function rpoPermute(uint64[12] calldata state) external pure returns (uint64[12] memory) {
        return MidenSponge.permute(RpoPermutation.permute, state);
    }

    /// @inheritdoc IRpoHasher
    function rpoHashElements(uint64[] calldata elements) external pure returns (uint64[4] memory) {
        return MidenSponge.hashElements(RpoPermutation.permute, elements);
    }

    /// @inheritdoc IRpoHasher
    function rpoHashBytes(bytes calldata data) external pure returns (uint64[4] memory) {
        return MidenSponge.hashBytes(RpoPermutation.permute, data);
    }

    /// @inheritdoc IRpoHasher
    function rpoMerge(uint64[4] calldata left, uint64[4] calldata right)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(RpoPermutation.permute, left, right, 0);
    }

    /// @inheritdoc IRpoHasher
    function rpoMergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(RpoPermutation.permute, left, right, domain);
    }

    /// @inheritdoc IRpoHasher
    function rpoRootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.rootFromPath(RpoPermutation.permute, leaf, siblings, index);
    }
}

/// @title Miden's RPX256 (miden-crypto's Rpx256) for the EVM: `IRpxHasher` with the
/// Stylus program's selectors, checks and errors
contract RpxYul is IRpxHasher {
    /// @inheritdoc IRpxHasher
    function rpxPermute(uint64[12] calldata state) external pure returns (uint64[12] memory) {
        return MidenSponge.permute(RpxPermutation.permute, state);
    }

    /// @inheritdoc IRpxHasher
    function rpxHashElements(uint64[] calldata elements) external pure returns (uint64[4] memory) {
        return MidenSponge.hashElements(RpxPermutation.permute, elements);
    }

    /// @inheritdoc IRpxHasher
    function rpxHashBytes(bytes calldata data) external pure returns (uint64[4] memory) {
        return MidenSponge.hashBytes(RpxPermutation.permute, data);
    }

    /// @inheritdoc IRpxHasher
    function rpxMerge(uint64[4] calldata left, uint64[4] calldata right)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(RpxPermutation.permute, left, right, 0);
    }

    /// @inheritdoc IRpxHasher
    function rpxMergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.merge(RpxPermutation.permute, left, right, domain);
    }

    /// @inheritdoc IRpxHasher
    function rpxRootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        pure
        returns (uint64[4] memory)
    {
        return MidenSponge.rootFromPath(RpxPermutation.permute, leaf, siblings, index);
    }
}
