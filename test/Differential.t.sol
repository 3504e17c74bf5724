// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Solidity} from "../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {IPoseidonT3Hasher} from "../solidity/IStylusPoseidon.sol";
import {PoseidonT3 as PeerPoseidonT3} from "poseidon-solidity/PoseidonT3.sol";

/// @notice Differential fuzzing on canonical inputs: our Solidity and Yul hashers against each other
/// and against the two independent peers (poseidon-solidity, circomlibjs bytecode).
contract DifferentialTest is Fixtures {
    PoseidonT3Solidity internal solidityHasher;
    PoseidonT3Yul internal yulHasher;
    address internal circomlib;

    function setUp() public {
        solidityHasher = new PoseidonT3Solidity();
        yulHasher = new PoseidonT3Yul();
        circomlib = deployCircomlibT3();
    }

    function testFuzz_hash_allImplementationsAgree(uint256 a, uint256 b) public view {
        a = bound(a, 0, P - 1);
        b = bound(b, 0, P - 1);
        uint256 want = PeerPoseidonT3.hash([a, b]);
        assertEq(yulHasher.hash(a, b), want, "PoseidonT3Yul vs poseidon-solidity");
        assertEq(solidityHasher.hash(a, b), want, "PoseidonT3Solidity vs poseidon-solidity");
        assertEq(circomlibHash(circomlib, a, b), want, "circomlibjs vs poseidon-solidity");
    }

    /// @dev Inputs near p exercise the lazy (unreduced) additions of the Yul permutation hardest.
    function testFuzz_hash_nearModulus(uint256 da, uint256 db) public view {
        uint256 a = P - 1 - bound(da, 0, 1000);
        uint256 b = P - 1 - bound(db, 0, 1000);
        assertEq(yulHasher.hash(a, b), PeerPoseidonT3.hash([a, b]), "PoseidonT3Yul near p");
    }

    /// Siblings derived from `seed` and every node of the walk from `leaf` up (the root last), each
    /// computed with poseidon-solidity's hash.
    function referencePath(uint256 leaf, uint256 seed, uint256 depth, uint256 pathBits)
        internal
        pure
        returns (uint256[] memory siblings, uint256[] memory nodes)
    {
        siblings = new uint256[](depth);
        nodes = new uint256[](depth);
        uint256 node = leaf;
        for (uint256 i; i < depth; ++i) {
            siblings[i] = uint256(keccak256(abi.encode(seed, i))) % P;
            node = (pathBits >> i) & 1 == 1
                ? PeerPoseidonT3.hash([siblings[i], node])
                : PeerPoseidonT3.hash([node, siblings[i]]);
            nodes[i] = node;
        }
    }

    /// The hash itself is fuzzed 10,000 times above; this checks the path walk (1,000 runs in CI).
    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_rootFromPath_matchesHashChain(
        uint256 leaf,
        uint256 seed,
        uint256 depth,
        uint256 pathBits
    ) public view {
        leaf = bound(leaf, 0, P - 1);
        depth = bound(depth, 1, 12);
        pathBits = bound(pathBits, 0, 2 ** depth - 1);
        (uint256[] memory siblings, uint256[] memory want) = referencePath(leaf, seed, depth, pathBits);
        uint256 node = want[depth - 1];
        assertEq(yulHasher.rootFromPath(leaf, siblings, pathBits), node, "PoseidonT3Yul rootFromPath");
        if (depth <= 2) {
            assertEq(
                solidityHasher.rootFromPath(leaf, siblings, pathBits), node, "PoseidonT3Solidity rootFromPath"
            );
        }
    }

    /// Every node of the walk against a hash loop, its last node against `rootFromPath`, Yul against
    /// Solidity (1,000 runs in CI, like the root above).
    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_nodesFromPath_matchesHashChain(
        uint256 leaf,
        uint256 seed,
        uint256 depth,
        uint256 pathBits
    ) public view {
        leaf = bound(leaf, 0, P - 1);
        depth = bound(depth, 1, 12);
        pathBits = bound(pathBits, 0, 2 ** depth - 1);
        (uint256[] memory siblings, uint256[] memory want) = referencePath(leaf, seed, depth, pathBits);
        uint256[] memory nodes = yulHasher.nodesFromPath(leaf, siblings, pathBits);
        assertEq(nodes, want, "PoseidonT3Yul nodesFromPath");
        assertEq(nodes[depth - 1], yulHasher.rootFromPath(leaf, siblings, pathBits), "last node is the root");
        if (depth <= 2) {
            assertEq(
                solidityHasher.nodesFromPath(leaf, siblings, pathBits), nodes, "PoseidonT3Solidity vs Yul"
            );
        }
    }

    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_hashPairs_matchesHash(uint256 seed, uint256 pairs) public view {
        pairs = bound(pairs, 1, 6);
        uint256[] memory flat = new uint256[](2 * pairs);
        uint256[] memory want = new uint256[](pairs);
        for (uint256 i; i < flat.length; ++i) {
            flat[i] = uint256(keccak256(abi.encode(seed, i))) % P;
        }
        for (uint256 i; i < pairs; ++i) {
            want[i] = PeerPoseidonT3.hash([flat[2 * i], flat[2 * i + 1]]);
        }
        assertEq(yulHasher.hashPairs(flat), want, "PoseidonT3Yul hashPairs");
        if (pairs == 1) assertEq(solidityHasher.hashPairs(flat), want, "PoseidonT3Solidity hashPairs");
    }

    function test_rootFromPath_maxDepth() public view {
        uint256[] memory siblings = new uint256[](256);
        uint256 pathBits = type(uint256).max; // every level a right child: all 256 bits are in range
        uint256 node = 7;
        for (uint256 i; i < 256; ++i) {
            siblings[i] = i;
            node = PeerPoseidonT3.hash([i, node]);
        }
        assertEq(yulHasher.rootFromPath(7, siblings, pathBits), node, "depth 256");
    }

    function test_nodesFromPath_maxDepth() public view {
        uint256[] memory siblings = new uint256[](256);
        uint256[] memory want = new uint256[](256);
        uint256 pathBits = type(uint256).max;
        uint256 node = 7;
        for (uint256 i; i < 256; ++i) {
            siblings[i] = i;
            node = PeerPoseidonT3.hash([i, node]);
            want[i] = node;
        }
        assertEq(yulHasher.nodesFromPath(7, siblings, pathBits), want, "depth 256");
    }

    /// @dev The plain Solidity hasher's walk at depth 3, every bit pattern, against the Yul hasher's.
    function test_nodesFromPath_solidityMatchesYul_allPaths() public view {
        uint256[] memory siblings = new uint256[](3);
        (siblings[0], siblings[1], siblings[2]) = (11, P - 1, 0);
        for (uint256 pathBits; pathBits < 8; ++pathBits) {
            assertEq(
                solidityHasher.nodesFromPath(5, siblings, pathBits),
                yulHasher.nodesFromPath(5, siblings, pathBits),
                "PoseidonT3Solidity vs Yul"
            );
        }
    }
}
