// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Solidity} from "../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {IPoseidonErrors, IPoseidonT3Hasher} from "../solidity/IStylusPoseidon.sol";
import {IncrementalMerkleTree} from "../solidity/examples/IncrementalMerkleTree.sol";
import {PoseidonT3 as PeerPoseidonT3} from "poseidon-solidity/PoseidonT3.sol";

/// @notice The example tree against a full recomputation of the tree (poseidon-solidity as hasher),
/// for both insert strategies and both of our hashers.
contract IncrementalMerkleTreeTest is Fixtures {
    uint256 internal constant DEPTH = 4;

    PoseidonT3Yul internal yulHasher;

    function setUp() public {
        yulHasher = new PoseidonT3Yul();
    }

    /// @dev Root of a depth-DEPTH tree whose first leaves are `leaves` and the rest zero.
    function referenceRoot(uint256[] memory leaves, uint256 count) internal pure returns (uint256) {
        uint256[] memory level = new uint256[](2 ** DEPTH);
        for (uint256 i; i < count; ++i) {
            level[i] = leaves[i];
        }
        for (uint256 width = 2 ** DEPTH; width > 1; width /= 2) {
            for (uint256 i; i < width / 2; ++i) {
                level[i] = PeerPoseidonT3.hash([level[2 * i], level[2 * i + 1]]);
            }
        }
        return level[0];
    }

    function checkTree(IncrementalMerkleTree tree, uint256 seed) internal {
        uint256[] memory leaves = new uint256[](2 ** DEPTH);
        assertEq(tree.root(), referenceRoot(leaves, 0), "empty root");
        for (uint256 i; i < 2 ** DEPTH; ++i) {
            leaves[i] = uint256(keccak256(abi.encode(seed, i))) % P;
            assertEq(tree.insert(leaves[i]), i, "index");
            assertEq(tree.root(), referenceRoot(leaves, i + 1), "root after insert");
        }
        vm.expectRevert(abi.encodeWithSelector(IncrementalMerkleTree.TreeFull.selector, DEPTH));
        tree.insert(1);
    }

    function test_batched_yul_fillsWholeTree() public {
        checkTree(new IncrementalMerkleTree(yulHasher, DEPTH, true), 1);
    }

    function test_perLevel_yul_fillsWholeTree() public {
        checkTree(new IncrementalMerkleTree(yulHasher, DEPTH, false), 2);
    }

    function test_batched_solidity_firstInserts() public {
        IncrementalMerkleTree tree = new IncrementalMerkleTree(new PoseidonT3Solidity(), DEPTH, true);
        uint256[] memory leaves = new uint256[](2 ** DEPTH);
        for (uint256 i; i < 3; ++i) {
            leaves[i] = i + 10;
            tree.insert(leaves[i]);
        }
        assertEq(tree.root(), referenceRoot(leaves, 3), "root");
    }

    function test_insert_rejectsLeafOutsideField() public {
        IncrementalMerkleTree tree = new IncrementalMerkleTree(yulHasher, DEPTH, true);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 0, P));
        tree.insert(P);
    }

    function test_constructor_rejectsBadDepth() public {
        vm.expectRevert(abi.encodeWithSelector(IncrementalMerkleTree.InvalidDepth.selector, 0));
        new IncrementalMerkleTree(yulHasher, 0, true);
        vm.expectRevert(abi.encodeWithSelector(IncrementalMerkleTree.InvalidDepth.selector, 65));
        new IncrementalMerkleTree(yulHasher, 65, true);
    }
}
