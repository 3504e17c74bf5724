// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AppLinks} from "./AppLinks.sol";
import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {Semaphore} from "@semaphore-protocol/contracts/Semaphore.sol";
import {ISemaphoreVerifier} from "@semaphore-protocol/contracts/interfaces/ISemaphoreVerifier.sol";
import {LeafGreaterThanSnarkScalarField} from "@zk-kit/lean-imt.sol/InternalLeanIMT.sol";

/// @notice Semaphore's groups as published (`@semaphore-protocol/contracts` 4.14.3, unmodified, over
/// zk-kit's LeanIMT 2.0.1) with poseidon-solidity's `PoseidonT3` linked to one hasher (`hasher()`):
/// createGroup, addMember, addMembers, updateMember and removeMember (with the Merkle proof siblings
/// the JS group gives), the root after each equal to the JS group's (the npm package group of
/// semaphore-protocol 4.14.3, test/vectors/apps.json). The Groth16 verifier is never called: any address.
abstract contract SemaphoreAppTest is AppLinks {
    Semaphore internal semaphore;

    /// @dev The code behind `PoseidonT3`'s linked address in this suite.
    function hasher() internal pure virtual returns (Hasher);

    function setUp() public {
        loadApps();
        setT3Code(address(PoseidonT3), hasher());
        semaphore = new Semaphore(ISemaphoreVerifier(address(0x5E4A)));
    }

    function test_linkedAddressIsInTheBytecode() public view {
        assertTrue(
            linkedIn(address(semaphore).code, address(PoseidonT3)),
            "Semaphore's code calls the linked address"
        );
    }

    /// @dev Replays one group of apps.json (`.semaphore.<name>`) in a new group; returns its id.
    function replay(string memory name) internal returns (uint256 groupId) {
        string memory key = string.concat(".semaphore.", name);
        groupId = semaphore.createGroup();
        assertEq(semaphore.getGroupAdmin(groupId) == address(this) ? 1 : 0, 1, "admin");
        uint256 seed = vm.parseJsonUint(apps, string.concat(key, ".seed"));
        uint256[] memory roots = vm.parseJsonUintArray(apps, string.concat(key, ".addRoots"));
        for (uint256 i; i < roots.length; ++i) {
            semaphore.addMember(groupId, leaf(seed, i));
            assertEq(semaphore.getMerkleTreeRoot(groupId), roots[i], "addMember: root");
        }
        uint256[] memory batches = vm.parseJsonUintArray(apps, string.concat(key, ".batches"));
        roots = vm.parseJsonUintArray(apps, string.concat(key, ".batchRoots"));
        uint256 next = vm.parseJsonUint(apps, string.concat(key, ".adds"));
        for (uint256 b; b < batches.length; ++b) {
            semaphore.addMembers(groupId, leaves(seed, next, next + batches[b]));
            next += batches[b];
            assertEq(semaphore.getMerkleTreeRoot(groupId), roots[b], "addMembers: root");
        }
        assertEq(semaphore.getMerkleTreeSize(groupId), next, "size");
        for (uint256 i; i < next; i += 1 + next / 16) {
            assertTrue(semaphore.hasMember(groupId, leaf(seed, i)), "hasMember");
            assertEq(semaphore.indexOf(groupId, leaf(seed, i)), i, "indexOf");
        }
        string memory updates = string.concat(key, ".updates");
        for (uint256 u; u < count(updates); ++u) {
            Change memory c = change(updates, u);
            semaphore.updateMember(groupId, c.oldLeaf, c.newLeaf, c.siblings);
            assertEq(semaphore.getMerkleTreeRoot(groupId), c.root, "updateMember: root");
        }
        string memory removes = string.concat(key, ".removes");
        for (uint256 r; r < count(removes); ++r) {
            Change memory c = change(removes, r);
            semaphore.removeMember(groupId, c.oldLeaf, c.siblings);
            assertEq(semaphore.getMerkleTreeRoot(groupId), c.root, "removeMember: root");
            assertTrue(!semaphore.hasMember(groupId, c.oldLeaf), "removed");
        }
        semaphore.addMember(groupId, vm.parseJsonUint(apps, string.concat(key, ".lastAdd.member")));
        assertEq(
            semaphore.getMerkleTreeRoot(groupId),
            vm.parseJsonUint(apps, string.concat(key, ".lastAdd.root")),
            "addMember after a removal: root"
        );
        assertEq(
            semaphore.getMerkleTreeSize(groupId), vm.parseJsonUint(apps, string.concat(key, ".size")), "size"
        );
    }

    /// @dev Four addMember, addMembers of 6, an update, a removal, one more addMember; a second group
    /// keeps its own tree.
    function test_small_everyOperation() public {
        uint256 first = replay("small");
        uint256 other = semaphore.createGroup(address(this));
        semaphore.addMember(other, leaf(3, 0));
        assertEq(semaphore.getMerkleTreeRoot(other), leaf(3, 0), "a one-member group's root is the member");
        assertEq(
            semaphore.getMerkleTreeRoot(first),
            vm.parseJsonUint(apps, ".semaphore.small.lastAdd.root"),
            "groups are independent"
        );
    }

    /// @dev A group of 106 (depth 7): three addMember, addMembers of 98 and of 4, updates at the right edge
    /// and inside, a removal near the edge, one more addMember. Under every link: the Stylus one runs
    /// its ~130 hashes through the meter (~8 s).
    function test_medium_everyOperation() public {
        replay("medium");
    }

    /// @dev A member >= p is refused before any hash.
    function test_neverHashesAnInputOutOfField() public {
        uint256 groupId = semaphore.createGroup();
        semaphore.addMember(groupId, 1);
        vm.expectCall(address(PoseidonT3), "", 0);
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        semaphore.addMember(groupId, P);
        uint256[] memory batch = new uint256[](1);
        batch[0] = type(uint256).max;
        vm.expectRevert(LeafGreaterThanSnarkScalarField.selector);
        semaphore.addMembers(groupId, batch);
    }
}

/// @notice Stock: poseidon-solidity's PoseidonT3 as its npm package deploys it; a group of 1,000 too.
contract SemaphoreStockTest is SemaphoreAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Stock;
    }

    /// @dev Every operation the gas report measures writes each storage slot at most once (the small
    /// group's steps, each recorded).
    function test_eachSlotWrittenAtMostOnce() public {
        vm.record();
        uint256 groupId = semaphore.createGroup();
        assertEachSlotWrittenOnce(address(semaphore), "createGroup");
        for (uint256 i; i < 4; ++i) {
            vm.record();
            semaphore.addMember(groupId, leaf(3, i));
            assertEachSlotWrittenOnce(address(semaphore), "addMember");
        }
        vm.record();
        semaphore.addMembers(groupId, leaves(3, 4, 10));
        assertEachSlotWrittenOnce(address(semaphore), "addMembers");
        Change memory c = change(".semaphore.small.updates", 0);
        vm.record();
        semaphore.updateMember(groupId, c.oldLeaf, c.newLeaf, c.siblings);
        assertEachSlotWrittenOnce(address(semaphore), "updateMember");
        c = change(".semaphore.small.removes", 0);
        vm.record();
        semaphore.removeMember(groupId, c.oldLeaf, c.siblings);
        assertEachSlotWrittenOnce(address(semaphore), "removeMember");
    }

    /// @dev Ten addMembers of 100 (a group of 1,000), then an update, a removal and one more addMember.
    function test_large_everyOperation() public {
        replay("large");
    }
}

/// @notice Our Stylus T3 program through the metered stand-in: the small and medium groups, not the group of
/// 1,000 (one meter run per hash).
contract SemaphoreStylusTest is SemaphoreAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Stylus;
    }
}

/// @notice Our Yul T3 reference; a group of 1,000 too.
contract SemaphoreYulTest is SemaphoreAppTest {
    function hasher() internal pure override returns (Hasher) {
        return Hasher.Yul;
    }

    function test_large_everyOperation() public {
        replay("large");
    }
}
