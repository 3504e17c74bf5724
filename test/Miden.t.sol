// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "./utils/GoldilocksVectors.sol";
import {MidenPoseidon2Yul, RpoYul, RpxYul} from "../solidity/MidenYul.sol";
import {IPoseidonErrors} from "../solidity/IStylusPoseidon.sol";

/// @notice A Yul reference of one of Miden's hashes against what miden-crypto 0.28.1 computes
/// (test/vectors/miden-<hash>.json, written by crates/poseidon-goldilocks/tests/miden_reference.rs), and its
/// errors. Every family has the same functions under its own prefix (`IMidenHasher`), called here by name.
abstract contract MidenFamilyTest is GoldilocksVectors {
    address internal hasher;

    /// @dev The family's function-name prefix (`midenPoseidon2`, ...).
    function prefix() internal pure virtual returns (string memory);

    /// @dev `function(args)` of the family: its return data, or the revert bubbled up.
    function call(string memory name, string memory types, bytes memory args)
        internal
        view
        returns (bytes memory)
    {
        bytes4 selector = bytes4(keccak256(bytes(string.concat(prefix(), name, "(", types, ")"))));
        (bool ok, bytes memory data) = hasher.staticcall(bytes.concat(selector, args));
        if (!ok) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(data, 0x20), mload(data))
            }
        }
        return data;
    }

    function word(string memory key) internal view returns (bytes memory) {
        return abi.encode(digest(key));
    }

    function test_permutations() public view {
        uint256 n = count(".permutation");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".permutation[", vm.toString(v), "]");
            uint64[] memory input = uints(string.concat(at, ".input"));
            uint64[12] memory state;
            for (uint256 i; i < 12; ++i) {
                state[i] = input[i];
            }
            bytes memory out = call("Permute", "uint64[12]", abi.encode(state));
            uint64[12] memory got = abi.decode(out, (uint64[12]));
            uint64[] memory expected = uints(string.concat(at, ".output"));
            for (uint256 i; i < 12; ++i) {
                assertEq(got[i], expected[i], at);
            }
        }
    }

    function test_hashes() public view {
        uint256 n = count(".hash_elements");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".hash_elements[", vm.toString(v), "]");
            bytes memory out =
                call("HashElements", "uint64[]", abi.encode(uints(string.concat(at, ".input"))));
            assertTrue(keccak256(out) == keccak256(word(string.concat(at, ".output"))), at);
        }
        n = count(".hash_bytes");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".hash_bytes[", vm.toString(v), "]");
            bytes memory data = vm.parseJsonBytes(json, string.concat(at, ".input"));
            bytes memory out = call("HashBytes", "bytes", abi.encode(data));
            assertTrue(keccak256(out) == keccak256(word(string.concat(at, ".output"))), at);
        }
    }

    function test_merges() public view {
        uint256 n = count(".merge");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merge[", vm.toString(v), "]");
            bytes memory args =
                abi.encode(digest(string.concat(at, ".left")), digest(string.concat(at, ".right")));
            bytes memory out = call("Merge", "uint64[4],uint64[4]", args);
            assertTrue(keccak256(out) == keccak256(word(string.concat(at, ".output"))), at);
        }
        n = count(".merge_in_domain");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merge_in_domain[", vm.toString(v), "]");
            uint64 domain = uint64(vm.parseJsonUint(json, string.concat(at, ".domain")));
            bytes memory args =
                abi.encode(digest(string.concat(at, ".left")), digest(string.concat(at, ".right")), domain);
            bytes memory out = call("MergeInDomain", "uint64[4],uint64[4],uint64", args);
            assertTrue(keccak256(out) == keccak256(word(string.concat(at, ".output"))), at);
        }
    }

    function test_paths() public view {
        uint256 n = count(".paths");
        assertTrue(n > 0, "vectors present");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".paths[", vm.toString(v), "]");
            bytes memory args = abi.encode(
                digest(string.concat(at, ".leaf")),
                digests(string.concat(at, ".siblings")),
                vm.parseJsonUint(json, string.concat(at, ".index"))
            );
            bytes memory out = call("RootFromPath", "uint64[4],uint64[4][],uint256", args);
            assertTrue(keccak256(out) == keccak256(word(string.concat(at, ".root"))), at);
        }
    }

    function test_errors() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, P, 8];
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 6, P));
        call("Merge", "uint64[4],uint64[4]", abi.encode(left, right));
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 8, P));
        call("MergeInDomain", "uint64[4],uint64[4],uint64", abi.encode(left, left, P));
        string memory path = "uint64[4],uint64[4][],uint256";
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 65, 64));
        call("RootFromPath", path, abi.encode(right, new uint64[4][](65), 0));
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 4, 2));
        call("RootFromPath", path, abi.encode(right, new uint64[4][](2), 4));
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P));
        call("RootFromPath", path, abi.encode(right, new uint64[4][](2), 3));
    }
}

/// @notice MidenPoseidon2Yul (its first vector is miden-crypto's own known answer).
contract MidenPoseidon2Test is MidenFamilyTest {
    function setUp() public {
        hasher = address(new MidenPoseidon2Yul());
        json = vm.readFile("test/vectors/miden-poseidon2.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "midenPoseidon2";
    }
}

/// @notice RpoYul.
contract RpoTest is MidenFamilyTest {
    function setUp() public {
        hasher = address(new RpoYul());
        json = vm.readFile("test/vectors/miden-rpo.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "rpo";
    }
}

/// @notice RpxYul.
contract RpxTest is MidenFamilyTest {
    function setUp() public {
        hasher = address(new RpxYul());
        json = vm.readFile("test/vectors/miden-rpx.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "rpx";
    }
}
