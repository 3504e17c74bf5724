// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MiMCVectors} from "./utils/MiMCVectors.sol";
import {IHasher, IMiMCHasher, IPoseidonErrors} from "../solidity/IStylusPoseidon.sol";
import {MiMCHashLeftRight, MiMCMerkleTree} from "../solidity/examples/MiMCMerkleTree.sol";

/// @notice The EVM MiMC contracts against test/vectors/mimc.json (circomlibjs 0.1.7's JS hashes, from
/// scripts/gen/gen-mimc-vectors.mjs): circomlibjs's generated MiMCSponge and MiMCpe7 contracts, our
/// Tornado-shaped two-argument hasher and one-call hashLeftRight contract, Tornado's hashLeftRight over
/// IHasher, and the MiMC example tree's roots.
contract MiMCTest is MiMCVectors {
    using MiMCHashLeftRight for IHasher;

    function setUp() public {
        deployPeers();
    }

    function test_spongeVectors_circomlibjsContract() public view {
        uint256 n = count(".sponge");
        assertEq(n, 27 + 12, "every combination of the extremes, then random triples");
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".sponge", i, "inputs"));
            uint256[] memory want = vm.parseJsonUintArray(json, at(".sponge", i, "outputs"));
            (uint256 xL, uint256 xR) = sponge.MiMCSponge(x[0], x[1], x[2]);
            assertEq(xL, want[0], "xL");
            assertEq(xR, want[1], "xR");
        }
    }

    /// @dev The key-0 rows directly; every row's (xL, xR) against circomlibjs's contract with key 0.
    function test_spongeVectors_tornadoHasher() public view {
        uint256 n = count(".sponge");
        uint256 keyZero;
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".sponge", i, "inputs"));
            (uint256 xL, uint256 xR) = tornado.MiMCSponge(x[0], x[1]);
            (uint256 wantL, uint256 wantR) = sponge.MiMCSponge(x[0], x[1], 0);
            assertEq(xL, wantL, "xL, against circomlibjs's contract");
            assertEq(xR, wantR, "xR, against circomlibjs's contract");
            if (x[2] != 0) continue;
            uint256[] memory want = vm.parseJsonUintArray(json, at(".sponge", i, "outputs"));
            assertEq(xL, want[0], "xL");
            assertEq(xR, want[1], "xR");
            ++keyZero;
        }
        assertEq(keyZero, 9, "the key-0 rows");
    }

    function testFuzz_tornadoHasher_isCircomlibjsWithKeyZero(uint256 xL, uint256 xR) public view {
        (xL, xR) = (xL % P, xR % P);
        (uint256 l, uint256 r) = tornado.MiMCSponge(xL, xR);
        (uint256 wantL, uint256 wantR) = sponge.MiMCSponge(xL, xR, 0);
        assertEq(l, wantL);
        assertEq(r, wantR);
    }

    function test_mimc7Vectors_circomlibjsContract() public view {
        uint256 n = count(".mimc7");
        assertEq(n, 9 + 12, "every combination of the extremes, then random pairs");
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".mimc7", i, "inputs"));
            assertEq(mimc7.MiMCpe7(x[0], x[1]), vm.parseJsonUint(json, at(".mimc7", i, "output")), "MiMCpe7");
        }
    }

    function test_hashLeftRightVectors_twoCallsAndOneCall() public view {
        uint256 n = count(".hashLeftRight");
        assertEq(n, 9 + 12, "every combination of the extremes, then random pairs");
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".hashLeftRight", i, "inputs"));
            uint256 want = vm.parseJsonUint(json, at(".hashLeftRight", i, "output"));
            assertEq(tornado.hashLeftRight(x[0], x[1]), want, "two MiMCSponge calls to the Tornado hasher");
            assertEq(oneCall.hashLeftRight(x[0], x[1]), want, "one hashLeftRight call");
        }
    }

    function test_hashLeftRight_refusesInputsOutsideTheField() public {
        vm.expectRevert(notInField(0, P));
        this.twoCalls(P, 1);
        vm.expectRevert(notInField(1, P + 1));
        this.twoCalls(1, P + 1);
        vm.expectRevert(bytes(""));
        oneCall.hashLeftRight(P, 1);
        vm.expectRevert(bytes(""));
        oneCall.hashLeftRight(1, type(uint256).max);
    }

    function twoCalls(uint256 left, uint256 right) external view returns (uint256) {
        return tornado.hashLeftRight(left, right);
    }

    function checkTree(MiMCMerkleTree tree) internal {
        uint256 depth = vm.parseJsonUint(json, ".tornadoTree.depth");
        uint256[] memory zeros = vm.parseJsonUintArray(json, ".tornadoTree.zeros");
        uint256[] memory leaves = vm.parseJsonUintArray(json, ".tornadoTree.leaves");
        uint256[] memory roots = vm.parseJsonUintArray(json, ".tornadoTree.roots");
        assertEq(tree.depth(), depth, "depth");
        assertEq(zeros.length, depth + 1, "zeros to the empty root");
        for (uint256 i; i < depth; ++i) {
            assertEq(tree.zeros(i), zeros[i], "zeros");
        }
        assertEq(tree.root(), zeros[depth], "empty root");
        assertEq(roots.length, leaves.length, "a root per leaf");
        for (uint256 i; i < leaves.length; ++i) {
            assertEq(tree.insert(leaves[i]), i, "index");
            assertEq(tree.root(), roots[i], "root after insert");
        }
    }

    function test_tree_twoMiMCSpongeCalls_tornadoHasher() public {
        checkTree(new MiMCMerkleTree(address(tornado), 20, false));
    }

    function test_tree_oneHashLeftRightCall() public {
        checkTree(new MiMCMerkleTree(address(oneCall), 20, true));
    }

    function test_tree_refusesBadDepthAndFullTree() public {
        vm.expectRevert(abi.encodeWithSelector(MiMCMerkleTree.InvalidDepth.selector, 0));
        new MiMCMerkleTree(address(tornado), 0, false);
        vm.expectRevert(abi.encodeWithSelector(MiMCMerkleTree.InvalidDepth.selector, 33));
        new MiMCMerkleTree(address(tornado), 33, false);
        MiMCMerkleTree tree = new MiMCMerkleTree(address(tornado), 1, false);
        tree.insert(1);
        tree.insert(2);
        vm.expectRevert(abi.encodeWithSelector(MiMCMerkleTree.TreeFull.selector, 1));
        tree.insert(3);
        tree = new MiMCMerkleTree(address(tornado), 2, false);
        vm.expectRevert(notInField(0, P));
        tree.insert(P);
    }
}
