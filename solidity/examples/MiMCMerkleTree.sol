// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {IHasher, IMiMCHasher, IPoseidonErrors} from "../IStylusPoseidon.sol";

/// @title Tornado Cash's `hashLeftRight` over any `IHasher`
/// @notice The formula of Tornado's `MerkleTreeWithHistory.hashLeftRight`: two `MiMCSponge` calls with
/// key 0, the right input added to the first call's left output. `IHasher` is Tornado's deployed
/// hasher, or the Stylus MiMC program (`poseidon_stylus_mimc.wasm`), which also offers it in one call
/// (`IMiMCHasher.hashLeftRight`).
library MiMCHashLeftRight {
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;

    /// @notice Reverts `InputNotInField(0, left)` or `InputNotInField(1, right)` for an input >= p, as
    /// Tornado's `require`s refuse it.
    function hashLeftRight(IHasher hasher, uint256 left, uint256 right) internal view returns (uint256 r) {
        if (left >= P) revert IPoseidonErrors.InputNotInField(0, left);
        if (right >= P) revert IPoseidonErrors.InputNotInField(1, right);
        uint256 c;
        (r, c) = hasher.MiMCSponge(left, 0);
        (r,) = hasher.MiMCSponge(addmod(r, right, P), c);
    }
}

/// @title Append-only binary MiMC Merkle tree with Tornado Cash's hashing and zeros
/// @notice The pattern of `IncrementalMerkleTree.sol` (one stored left node per level, one current root)
/// with Tornado's node hash and empty leaf: it computes the roots Tornado's `MerkleTreeWithHistory`
/// computes for the same leaves, without its root history. `oneCall` picks how a node is hashed: two
/// `IHasher.MiMCSponge` calls (Tornado's way: any Tornado hasher, or the Stylus MiMC program), or one
/// `IMiMCHasher.hashLeftRight` call (the Stylus MiMC program's one-call function).
/// Empty subtrees hash to zeros[i]: zeros[0] = keccak256("tornado") mod p (Tornado's `ZERO_VALUE`),
/// zeros[i + 1] = hashLeftRight(zeros[i], zeros[i]), computed here at construction through the hasher.
contract MiMCMerkleTree {
    using MiMCHashLeftRight for IHasher;

    /// @notice Depth outside [1, MAX_DEPTH].
    error InvalidDepth(uint256 depth);
    /// @notice All 2^depth leaves are used.
    error TreeFull(uint256 depth);

    event LeafInserted(uint256 indexed index, uint256 leaf, uint256 root);

    uint256 public constant MAX_DEPTH = 32;

    address public immutable hasher;
    uint256 public immutable depth;
    bool public immutable oneCall;

    uint256 public nextIndex;
    uint256 public root;
    /// @notice zeros[i]: root of an empty subtree of height i.
    uint256[MAX_DEPTH] public zeros;
    /// @notice filledSubtrees[i]: the latest left node at level i (the sibling of later right nodes).
    uint256[MAX_DEPTH] public filledSubtrees;

    constructor(address hasher_, uint256 depth_, bool oneCall_) {
        if (depth_ == 0 || depth_ > MAX_DEPTH) revert InvalidDepth(depth_);
        hasher = hasher_;
        depth = depth_;
        oneCall = oneCall_;
        uint256 zero = uint256(keccak256("tornado")) % MiMCHashLeftRight.P;
        for (uint256 i; i < depth_; ++i) {
            zeros[i] = zero;
            zero = _hashLeftRight(hasher_, oneCall_, zero, zero);
        }
        root = zero;
    }

    /// @notice Appends `leaf` (a field element < p; others revert) and updates the root.
    function insert(uint256 leaf) external returns (uint256 index) {
        index = nextIndex;
        uint256 levels = depth;
        if (index >> levels != 0) revert TreeFull(levels);
        (address h, bool one) = (hasher, oneCall);
        uint256 ones = _trailingOnes(index);
        uint256 node = leaf;
        // Bit i of `index` is 1 where the path is a right child (sibling filledSubtrees[i]), else the
        // sibling is zeros[i]. Only the first left node (level `ones`) is stored: higher left nodes
        // are overwritten before anyone reads them.
        for (uint256 i; i < levels; ++i) {
            if ((index >> i) & 1 == 1) {
                node = _hashLeftRight(h, one, filledSubtrees[i], node);
            } else {
                if (i == ones) filledSubtrees[i] = node;
                node = _hashLeftRight(h, one, node, zeros[i]);
            }
        }
        root = node;
        nextIndex = index + 1;
        emit LeafInserted(index, leaf, node);
    }

    function _hashLeftRight(address h, bool one, uint256 left, uint256 right) private view returns (uint256) {
        return one ? IMiMCHasher(h).hashLeftRight(left, right) : IHasher(h).hashLeftRight(left, right);
    }

    function _trailingOnes(uint256 x) private pure returns (uint256 n) {
        while (x & 1 == 1) {
            x >>= 1;
            ++n;
        }
    }
}
