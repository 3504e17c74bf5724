// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {IPoseidonT3Hasher} from "./IStylusPoseidon.sol";
import {PoseidonT3Aliases} from "./generated/PoseidonAliases.sol";

/// @title The IPoseidonT3Hasher shell shared by the Solidity and Yul hashers
/// @notice Input checks, error encoding and the Merkle helpers live here once; a concrete hasher only
/// supplies `_hashT3`, so the implementations differ in the permutation and nothing else. Like the
/// Stylus T3 program, it also answers the selectors apps already call (`PoseidonT3Aliases`, generated
/// from contracts/selectors.json): poseidon-solidity's `hash(uint256[2])` (also as a linked library,
/// under DELEGATECALL: nothing here reads state) and circomlibjs's `poseidon(uint256[2])`,
/// `poseidon(bytes32[2])`, each with `hash(uint256,uint256)`'s checks.
abstract contract PoseidonT3HasherBase is IPoseidonT3Hasher, PoseidonT3Aliases {
    /// @dev The BN254 scalar field modulus.
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;

    /// @dev Deepest path `rootFromPath` and `nodesFromPath` accept: `pathBits` has 256 bits. Internal:
    /// no getter, so the external functions are exactly the interface's (like the Stylus contract's),
    /// and four of them keep solc's dispatcher one linear selector check (a public getter, a fifth
    /// function, measured dearer on every `hash` call).
    uint256 internal constant MAX_SIBLINGS = 256;

    /// @dev circomlib Poseidon T3 of two canonical field elements (callers check `< P`).
    function _hashT3(uint256 a, uint256 b) internal pure virtual returns (uint256);

    /// @inheritdoc IPoseidonT3Hasher
    /// @dev The checks of `_hash2`, spelled out here: calling it measured dearer per hash (test/.gas-snapshot).
    function hash(uint256 a, uint256 b) external pure returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        return _hashT3(a, b);
    }

    /// @dev `hash(a, b)` with its checks, for the other selectors of the function.
    function _hash2(uint256 a, uint256 b) internal pure override returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        return _hashT3(a, b);
    }

    /// @inheritdoc IPoseidonT3Hasher
    function rootFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits)
        external
        pure
        returns (uint256 node)
    {
        uint256 depth = _checkPath(leaf, siblings, pathBits);
        node = leaf;
        for (uint256 i; i < depth; ++i) {
            uint256 sibling = siblings[i];
            node = (pathBits >> i) & 1 == 1 ? _hashT3(sibling, node) : _hashT3(node, sibling);
        }
    }

    /// @inheritdoc IPoseidonT3Hasher
    /// @dev The walk of `rootFromPath`, keeping each node (`rootFromPath` stays for callers that need
    /// only the root: no array to build, return and decode). The nodes are written straight into the
    /// return data's ABI encoding, [0x20][depth][nodes], and returned from there: the encoder's copy and
    /// the array's bounds checks would cost more at every depth.
    function nodesFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits)
        external
        pure
        returns (uint256[] memory nodes)
    {
        uint256 depth = _checkPath(leaf, siblings, pathBits);
        /// @solidity memory-safe-assembly
        assembly {
            // Allocate the offset word, then the array; every element is written below.
            let encoded := mload(0x40)
            mstore(encoded, 0x20)
            nodes := add(encoded, 0x20)
            mstore(nodes, depth)
            mstore(0x40, add(nodes, shl(5, add(depth, 1))))
        }
        uint256 node = leaf;
        for (uint256 i; i < depth; ++i) {
            uint256 sibling = siblings[i];
            node = (pathBits >> i) & 1 == 1 ? _hashT3(sibling, node) : _hashT3(node, sibling);
            /// @solidity memory-safe-assembly
            assembly {
                // nodes[i] = node; i < depth = nodes.length, so no bounds check.
                mstore(add(nodes, shl(5, add(i, 1))), node)
            }
        }
        /// @solidity memory-safe-assembly
        assembly {
            return(sub(nodes, 0x20), add(0x40, shl(5, depth)))
        }
    }

    /// @dev The checks of `rootFromPath` and `nodesFromPath`, in their documented order; returns the depth.
    /// Everything is validated before hashing: a bad input costs no hashing, whatever its position.
    function _checkPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits)
        private
        pure
        returns (uint256 depth)
    {
        depth = siblings.length;
        if (depth == 0) revert EmptyInput();
        if (depth > MAX_SIBLINGS) revert TooManySiblings(depth, MAX_SIBLINGS);
        // depth == 256 leaves no bit above the path.
        if (depth < 256 && pathBits >> depth != 0) revert PathBitsOutOfRange(pathBits, depth);
        if (leaf >= P) revert InputNotInField(0, leaf);
        for (uint256 i; i < depth; ++i) {
            if (siblings[i] >= P) revert InputNotInField(1 + i, siblings[i]);
        }
    }

    /// @inheritdoc IPoseidonT3Hasher
    function hashPairs(uint256[] calldata flat) external pure returns (uint256[] memory out) {
        uint256 length = flat.length;
        if (length == 0) revert EmptyInput();
        if (length % 2 != 0) revert OddPairsLength(length);
        for (uint256 i; i < length; ++i) {
            if (flat[i] >= P) revert InputNotInField(i, flat[i]);
        }
        out = new uint256[](length / 2);
        for (uint256 i; i < length; i += 2) {
            out[i / 2] = _hashT3(flat[i], flat[i + 1]);
        }
    }
}
