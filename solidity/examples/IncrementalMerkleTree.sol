// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {IPoseidonT3Hasher} from "../IStylusPoseidon.sol";
import {PoseidonHasher} from "../PoseidonHasher.sol";

/// @title Append-only binary Poseidon T3 Merkle tree over any deployed hasher
/// @notice The hasher is any `IPoseidonT3Hasher`: the Stylus T3 Merkle program on Arbitrum
/// (`PoseidonAddresses.POSEIDON_STYLUS_MERKLE`; the T3 program has no `nodesFromPath`), `PoseidonT3Yul`
/// elsewhere. With `batched`, an insert is exactly one external call at every index: `nodesFromPath`
/// returns every node on the leaf's path, so the tree gets both the new root and the subtree the index
/// completes (which later inserts need as a sibling) from one call. On the EVM this saves little, since
/// a call costs far less than a hash; it matters for a hasher with a high per-call cost.
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

    /// @dev Bit i of `index` is 1 where the path is a right child, whose sibling is the stored left node
    /// filledSubtrees[i]; elsewhere the sibling is an empty subtree, zeros[i]. So `index` is the path
    /// bits. The node at level `ones` (the index's trailing one bits) is the first left node on the
    /// path: later inserts need it as a sibling, so it is stored.
    function _insertBatched(uint256 leaf, uint256 index, uint256 levels) private returns (uint256) {
        uint256[] memory siblings = new uint256[](levels);
        for (uint256 i; i < levels; ++i) {
            siblings[i] = (index >> i) & 1 == 1 ? filledSubtrees[i] : zeros[i];
        }
        uint256[] memory nodes = hasher.computePathNodes(leaf, siblings, index);
        uint256 ones = _trailingOnes(index);
        // ones == levels: the last leaf, whose completed subtree is the whole tree.
        if (ones < levels) filledSubtrees[ones] = ones == 0 ? leaf : nodes[ones - 1];
        return nodes[levels - 1];
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
