// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AppLinks} from "./AppLinks.sol";
import {LeanIMTHarness} from "./LeanIMTHarness.sol";
import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {
    LeafCannotBeZero,
    LeafDoesNotExist,
    LeafGreaterThanSnarkScalarField
} from "@zk-kit/lean-imt.sol/InternalLeanIMT.sol";

/// @notice zk-kit's LeanIMT as published (`@zk-kit/lean-imt.sol` 2.0.1, unmodified) with poseidon-solidity's
/// `PoseidonT3` linked to one hasher (`hasher()`): every operation, and the root after each, equal to
/// the JS tree (zk-kit's JS lean-imt 2.2.5 from npm, with poseidon-lite, test/vectors/apps.json). The same vectors under every
/// link make the three links' roots equal. LeanIMT never hands the hash an input >= p: it rejects such
/// a leaf or sibling before hashing, and the Stylus and Yul links (which revert `InputNotInField` on one)
/// run every flow.
abstract contract LeanIMTAppTest is AppLinks {
    LeanIMTHarness internal tree;

    /// @dev The code behind `PoseidonT3`'s linked address in this suite.
    function hasher() internal pure virtual returns (Hasher);

    function setUp() public {
        loadApps();
        setT3Code(address(PoseidonT3), hasher());
        tree = new LeanIMTHarness();
    }

    function test_linkedAddressIsInTheBytecode() public view {
        assertTrue(address(PoseidonT3).code.length != 0, "the library address has code");
        assertTrue(
            linkedIn(address(tree).code, address(PoseidonT3)), "LeanIMT's code calls the linked address"
        );
    }

    /// @dev Replays one scenario of apps.json (`.leanImt.<name>`) on a new tree.
    function replay(string memory name) internal {
        string memory key = string.concat(".leanImt.", name);
        uint256 seed = vm.parseJsonUint(apps, string.concat(key, ".seed"));
        uint256 next;
        if (vm.keyExistsJson(apps, string.concat(key, ".prefill"))) {
            next = vm.parseJsonUint(apps, string.concat(key, ".prefill"));
            assertEq(
                tree.insertMany(leaves(seed, 0, next)),
                vm.parseJsonUint(apps, string.concat(key, ".prefillRoot")),
                "insertMany (prefill): root"
            );
        }
        uint256[] memory roots = vm.parseJsonUintArray(apps, string.concat(key, ".insertRoots"));
        for (uint256 i; i < roots.length; ++i) {
            assertEq(tree.insert(leaf(seed, next + i)), roots[i], "insert: root");
            assertEq(tree.root(), roots[i], "root()");
        }
        next += roots.length;
        uint256[] memory batches = vm.parseJsonUintArray(apps, string.concat(key, ".batches"));
        roots = vm.parseJsonUintArray(apps, string.concat(key, ".batchRoots"));
        for (uint256 b; b < batches.length; ++b) {
            assertEq(tree.insertMany(leaves(seed, next, next + batches[b])), roots[b], "insertMany: root");
            next += batches[b];
        }
        assertEq(tree.size(), next, "size");
        for (uint256 i; i < next; i += 1 + next / 16) {
            assertTrue(tree.has(leaf(seed, i)), "has");
            assertEq(tree.indexOf(leaf(seed, i)), i, "indexOf");
        }
        string memory updates = string.concat(key, ".updates");
        for (uint256 u; u < count(updates); ++u) {
            Change memory c = change(updates, u);
            assertEq(tree.update(c.oldLeaf, c.newLeaf, c.siblings), c.root, "update: root");
            assertTrue(!tree.has(c.oldLeaf) && tree.indexOf(c.newLeaf) == c.index, "update moves the leaf");
        }
        string memory removes = string.concat(key, ".removes");
        for (uint256 r; r < count(removes); ++r) {
            Change memory c = change(removes, r);
            assertEq(tree.remove(c.oldLeaf, c.siblings), c.root, "remove: root");
            assertTrue(!tree.has(c.oldLeaf), "removed");
        }
        assertEq(tree.depth(), vm.parseJsonUint(apps, string.concat(key, ".depth")), "depth");
    }

    /// @dev 17 leaves: nine inserts (sizes 1 to 9), insertMany of 7 and of 1, two updates (the
    /// second of the lone last leaf) and two removals.
    function test_small_everyOperation() public {
        replay("small");
    }

    /// @dev 137 leaves (depth 8, past the small tree's 5): insertMany of 120, 12 inserts one by one through
    /// 2^7, insertMany of 5, updates of the lone last leaf, its neighbour and an inner leaf, a removal near
    /// the right edge. Under every link: the Stylus one runs its ~200 hashes through the meter (~15 s).
    function test_medium_everyOperation() public {
        replay("medium");
    }

    /// @dev LeanIMT checks every leaf and sibling against the field before it hashes anything.
    function test_neverHashesAnInputOutOfField() public {
        tree.insert(1);
        tree.insert(2);
        vm.expectCall(address(PoseidonT3), "", 0);
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        tree.insert(P);
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        tree.insert(type(uint256).max);
        uint256[] memory batch = new uint256[](2);
        (batch[0], batch[1]) = (3, P + 1);
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        tree.insertMany(batch);
        uint256[] memory siblings = new uint256[](1);
        siblings[0] = 1;
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        tree.update(2, P, siblings);
        siblings[0] = P;
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        tree.update(2, 5, siblings);
        vm.expectRevert(LeafCannotBeZero.selector);
        tree.insert(0);
        vm.expectRevert(LeafDoesNotExist.selector);
        tree.remove(7, siblings);
    }
}

/// @notice Stock: poseidon-solidity's PoseidonT3 as its npm package deploys it; the large scenario too.
contract LeanIMTStockTest is LeanIMTAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Stock;
    }

    /// @dev Every operation the gas report measures writes each storage slot at most once.
    function test_eachSlotWrittenAtMostOnce() public {
        for (uint256 i; i < 5; ++i) {
            vm.record();
            tree.insert(leaf(7, i));
            assertEachSlotWrittenOnce(address(tree), "insert");
        }
        vm.record();
        tree.insertMany(leaves(7, 5, 12));
        assertEachSlotWrittenOnce(address(tree), "insertMany");
        string memory updates = ".leanImt.small.updates";
        Change memory c = change(updates, 0);
        LeanIMTHarness other = new LeanIMTHarness();
        // The small scenario's tree, to reuse its recorded siblings.
        other.insertMany(leaves(1, 0, 17));
        vm.record();
        other.update(c.oldLeaf, c.newLeaf, c.siblings);
        assertEachSlotWrittenOnce(address(other), "update");
    }

    /// @dev 1,100 inserts one by one (every size up to 1,100, through 2^10), insertMany of 100, two
    /// updates and a removal on the 1,200-leaf tree.
    function test_large_everyOperation() public {
        replay("large");
    }
}

/// @notice Our Stylus T3 program (the built WASM through the metered stand-in): the small and medium
/// scenarios, not the large one, as every hash is one meter run.
contract LeanIMTStylusTest is LeanIMTAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Stylus;
    }
}

/// @notice Our Yul T3 reference; the large scenario too.
contract LeanIMTYulTest is LeanIMTAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Yul;
    }

    function test_large_everyOperation() public {
        replay("large");
    }
}
