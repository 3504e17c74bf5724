// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "./utils/GoldilocksVectors.sol";
import {MidenPoseidon2Yul} from "../solidity/MidenPoseidon2Yul.sol";
import {IMidenHasher, IPoseidonErrors} from "../solidity/IStylusPoseidon.sol";

/// @notice MidenPoseidon2Yul against what miden-crypto 0.28.1 computes (test/vectors/miden-poseidon2.json,
/// written by crates/poseidon-goldilocks/tests/miden_reference.rs; its first permutation is miden-crypto's
/// own known answer), and its errors.
contract MidenPoseidon2Test is GoldilocksVectors {
    string internal constant MIDEN_VECTORS = "test/vectors/miden-poseidon2.json";

    MidenPoseidon2Yul internal yul;

    function setUp() public {
        yul = new MidenPoseidon2Yul();
        json = vm.readFile(MIDEN_VECTORS);
    }

    function state(string memory key) internal view returns (uint64[12] memory out) {
        uint64[] memory raw = uints(key);
        assertEq(raw.length, 12, "a state has twelve elements");
        for (uint256 i; i < 12; ++i) {
            out[i] = raw[i];
        }
    }

    function assertWord(uint64[4] memory out, uint64[4] memory expected, string memory at) internal pure {
        for (uint256 i; i < 4; ++i) {
            assertEq(out[i], expected[i], at);
        }
    }

    function test_permutations() public view {
        uint256 n = count(".permutation");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".permutation[", vm.toString(v), "]");
            uint64[12] memory out = yul.midenPoseidon2Permute(state(string.concat(at, ".input")));
            uint64[12] memory expected = state(string.concat(at, ".output"));
            for (uint256 i; i < 12; ++i) {
                assertEq(out[i], expected[i], at);
            }
        }
    }

    function test_hashes() public view {
        uint256 n = count(".hash_elements");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".hash_elements[", vm.toString(v), "]");
            uint64[4] memory out = yul.midenPoseidon2HashElements(uints(string.concat(at, ".input")));
            assertWord(out, digest(string.concat(at, ".output")), at);
        }
        n = count(".hash_bytes");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".hash_bytes[", vm.toString(v), "]");
            uint64[4] memory out =
                yul.midenPoseidon2HashBytes(vm.parseJsonBytes(json, string.concat(at, ".input")));
            assertWord(out, digest(string.concat(at, ".output")), at);
        }
    }

    function test_merges() public view {
        uint256 n = count(".merge");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merge[", vm.toString(v), "]");
            uint64[4] memory out = yul.midenPoseidon2Merge(
                digest(string.concat(at, ".left")), digest(string.concat(at, ".right"))
            );
            assertWord(out, digest(string.concat(at, ".output")), at);
        }
        n = count(".merge_in_domain");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merge_in_domain[", vm.toString(v), "]");
            uint64 domain = uint64(vm.parseJsonUint(json, string.concat(at, ".domain")));
            uint64[4] memory out = yul.midenPoseidon2MergeInDomain(
                digest(string.concat(at, ".left")), digest(string.concat(at, ".right")), domain
            );
            assertWord(out, digest(string.concat(at, ".output")), at);
        }
    }

    function test_paths() public view {
        uint256 n = count(".paths");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".paths[", vm.toString(v), "]");
            uint64[4] memory out = yul.midenPoseidon2RootFromPath(
                digest(string.concat(at, ".leaf")),
                digests(string.concat(at, ".siblings")),
                vm.parseJsonUint(json, string.concat(at, ".index"))
            );
            assertWord(out, digest(string.concat(at, ".root")), at);
        }
    }

    function test_errors() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, P, 8];
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 6, P));
        yul.midenPoseidon2Merge(left, right);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 8, P));
        yul.midenPoseidon2MergeInDomain(left, left, P);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 65, 64));
        yul.midenPoseidon2RootFromPath(right, new uint64[4][](65), 0);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 4, 2));
        yul.midenPoseidon2RootFromPath(right, new uint64[4][](2), 4);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P));
        yul.midenPoseidon2RootFromPath(right, new uint64[4][](2), 3);
    }
}
