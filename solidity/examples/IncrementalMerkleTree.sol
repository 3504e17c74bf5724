// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {IPoseidonT3Hasher} from "../IStylusPoseidon.sol";
import {PoseidonHasher} from "../PoseidonHasher.sol";

/// @title Append-only binary Poseidon T3 Merkle tree over any deployed hasher
/// @notice The hasher is any `IPoseidonT3Hasher`: the Stylus contract on Arbitrum, `PoseidonT3Yul`
/// elsewhere. With `batched`, an insert asks the hasher for whole paths (`rootFromPath`) instead of one
/// external call per level: one call for an even index, two for an odd one (first the subtree the
/// index completes, which later inserts need as a sibling, then the root: `rootFromPath` returns only
/// the root). On the EVM this saves little, since a call costs far less than a hash; it matters for
/// a hasher with a high per-call cost.
/// Without `batched` (hashers that only offer `hash`), it makes one call per level.
/// Empty subtrees hash to zeros[i]: zeros[0] = 0, zeros[i + 1] = hash(zeros[i], zeros[i]).
contract IncrementalMerkleTree {
    using PoseidonHasher for IPoseidonT3Hasher;

    /// @notice Depth outside [1, MAX_DEPTH].
    error InvalidDepth(uint256 depth);
    /// @notice All 2^depth leaves are used.
    error TreeFull(uint256 depth);

    event LeafInserted(uint256 indexed index, uint256 leaf, uint256 root);

    uint256 public constant MAX_DEPTH = 64;

    IPoseidonT3Hasher public immutable hasher;
    uint256 public immutable depth;
    bool public immutable batched;

    uint256 public nextIndex;
    uint256 public root;
    /// @notice zeros[i]: root of an empty subtree of height i.
    uint256[MAX_DEPTH] public zeros;
    /// @notice filledSubtrees[i]: the latest left node at level i (the sibling of later right nodes).
    uint256[MAX_DEPTH] public filledSubtrees;

    constructor(IPoseidonT3Hasher hasher_, uint256 depth_, bool batched_) {
        if (depth_ == 0 || depth_ > MAX_DEPTH) revert InvalidDepth(depth_);
        hasher = hasher_;
        depth = depth_;
        batched = batched_;
        uint256 zero;
        for (uint256 i; i < depth_; ++i) {
            zeros[i] = zero;
            zero = hasher_.hashT3(zero, zero);
        }
        root = zero;
    }

    /// @notice Appends `leaf` (a field element < p; the hasher rejects others) and updates the root.
    function insert(uint256 leaf) external returns (uint256 index) {
        index = nextIndex;
        uint256 levels = depth;
        if (index >> levels != 0) revert TreeFull(levels);
        uint256 newRoot = batched ? _insertBatched(leaf, index, levels) : _insertPerLevel(leaf, index, levels);
        root = newRoot;
        nextIndex = index + 1;
        emit LeafInserted(index, leaf, newRoot);
    }

    /// @dev The levels below `ones` (the index's trailing one bits) are right children of stored left
    /// nodes; the node they lead to is the left node later inserts need, so it is computed and stored
    /// first, then the path continues from it to the root.
    function _insertBatched(uint256 leaf, uint256 index, uint256 levels) private returns (uint256) {
        uint256 ones = _trailingOnes(index);
        uint256 node = leaf;
        if (ones != 0) {
            uint256[] memory lower = new uint256[](ones);
            for (uint256 i; i < ones; ++i) {
                lower[i] = filledSubtrees[i];
            }
            // forge-lint: disable-next-line(incorrect-shift)
            node = hasher.computeRoot(leaf, lower, (1 << ones) - 1);
        }
        if (ones == levels) return node; // the last leaf: the completed subtree is the whole tree
        filledSubtrees[ones] = node;
        uint256[] memory upper = new uint256[](levels - ones);
        for (uint256 i = ones; i < levels; ++i) {
            upper[i - ones] = (index >> i) & 1 == 1 ? filledSubtrees[i] : zeros[i];
        }
        return hasher.computeRoot(node, upper, index >> ones);
    }

    /// @dev The classic loop, one `hash` call per level. Like the batched path it stores only the
    /// node at the first left level: higher left nodes are overwritten before anyone reads them.
    function _insertPerLevel(uint256 leaf, uint256 index, uint256 levels) private returns (uint256 node) {
        uint256 ones = _trailingOnes(index);
        node = leaf;
        for (uint256 i; i < levels; ++i) {
            if ((index >> i) & 1 == 1) {
                node = hasher.hashT3(filledSubtrees[i], node);
            } else {
                if (i == ones) filledSubtrees[i] = node;
                node = hasher.hashT3(node, zeros[i]);
            }
        }
    }

    function _trailingOnes(uint256 x) private pure returns (uint256 n) {
        while (x & 1 == 1) {
            x >>= 1;
            ++n;
        }
    }
}
