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

    /// @dev Inserts the same `count` leaves into a batched and a per-level tree of depth `levels` and
    /// compares their whole state after every insert (root, next index, every filledSubtrees level).
    function checkModesAgree(uint256 levels, uint256 count, uint256 seed) internal {
        IncrementalMerkleTree batched = new IncrementalMerkleTree(yulHasher, levels, true);
        IncrementalMerkleTree perLevel = new IncrementalMerkleTree(yulHasher, levels, false);
        assertEq(batched.root(), perLevel.root(), "empty root");
        for (uint256 n; n < count; ++n) {
            uint256 leaf = uint256(keccak256(abi.encode(seed, levels, n))) % P;
            assertEq(batched.insert(leaf), perLevel.insert(leaf), "index");
            assertEq(batched.root(), perLevel.root(), "root");
            assertEq(batched.nextIndex(), perLevel.nextIndex(), "nextIndex");
            for (uint256 i; i < levels; ++i) {
                assertEq(batched.filledSubtrees(i), perLevel.filledSubtrees(i), "filledSubtrees");
            }
        }
    }

    /// @dev Every index of every tree of depth 1 to 6, the last leaf of each included.
    function test_batchedMatchesPerLevel_fullTrees() public {
        for (uint256 levels = 1; levels <= 6; ++levels) {
            checkModesAgree(levels, 2 ** levels, 3);
        }
    }

    function test_batchedMatchesPerLevel_depth20() public {
        checkModesAgree(20, 70, 4);
    }

    /// @dev Fills a tree of depth `levels` up to `index`, then counts, by selector, every call its next
    /// insert makes to the hasher (STATICCALLs included). The hasher has no fallback, so these four
    /// selectors are every call that can succeed. forge checks counted calls at the end of a test and
    /// once per test, hence one counted insert per test.
    function checkHasherCalls(bool batched, uint256 levels, uint256 index) internal {
        IncrementalMerkleTree tree = new IncrementalMerkleTree(yulHasher, levels, batched);
        for (uint256 i; i < index; ++i) {
            tree.insert(i + 1);
        }
        address callee = address(yulHasher);
        // forge-lint: disable-next-line(unsafe-typecast)
        uint64 hashes = batched ? 0 : uint64(levels); // levels <= 20
        vm.expectCall(
            callee, abi.encodeWithSelector(IPoseidonT3Hasher.nodesFromPath.selector), batched ? 1 : 0
        );
        vm.expectCall(callee, abi.encodeWithSelector(IPoseidonT3Hasher.hash.selector), hashes);
        vm.expectCall(callee, abi.encodeWithSelector(IPoseidonT3Hasher.rootFromPath.selector), 0);
        vm.expectCall(callee, abi.encodeWithSelector(IPoseidonT3Hasher.hashPairs.selector), 0);
        assertEq(tree.insert(index + 1), index, "index");
    }

    function test_batched_oneHasherCall_evenIndex() public {
        checkHasherCalls(true, 20, 6);
    }

    function test_batched_oneHasherCall_oddIndex() public {
        checkHasherCalls(true, 20, 7);
    }

    function test_batched_oneHasherCall_lastLeaf() public {
        checkHasherCalls(true, 3, 7);
    }

    /// @dev Any index of a tree of depth 1 to 5 (there are 62).
    /// forge-config: default.fuzz.runs = 256
    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_batched_oneHasherCallPerInsert(uint256 levels, uint256 index) public {
        levels = bound(levels, 1, 5);
        checkHasherCalls(true, levels, bound(index, 0, 2 ** levels - 1));
    }

    /// @dev The same count for the per-level mode (one `hash` per level): shows the counting sees the
    /// tree's STATICCALLs.
    /// forge-config: default.fuzz.runs = 256
    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_perLevel_oneHasherCallPerLevel(uint256 levels, uint256 index) public {
        levels = bound(levels, 1, 5);
        checkHasherCalls(false, levels, bound(index, 0, 2 ** levels - 1));
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
