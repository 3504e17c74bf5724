// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Solidity} from "../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "../solidity/Poseidon2Yul.sol";
import {IPoseidonErrors, IPoseidonT3Hasher} from "../solidity/IStylusPoseidon.sol";

/// @notice Every error path of the IPoseidonT3Hasher shell, run against each hasher (the exact revert
/// data: selector, position and value), so the hashers are interchangeable for a caller.
abstract contract HasherErrorsTest is Fixtures {
    IPoseidonT3Hasher internal hasher;

    function makeHasher() internal virtual returns (IPoseidonT3Hasher);

    function setUp() public {
        hasher = makeHasher();
    }

    function expectNotInField(uint256 position, uint256 value) internal {
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, position, value));
    }

    function test_hash_rejectsModulusAndMax() public {
        uint256[2] memory bad = [P, type(uint256).max];
        for (uint256 i; i < 2; ++i) {
            expectNotInField(0, bad[i]);
            hasher.hash(bad[i], 1);
            expectNotInField(1, bad[i]);
            hasher.hash(1, bad[i]);
        }
    }

    function testFuzz_hash_rejectsNonCanonical(uint256 value, uint256 other, bool second) public {
        value = bound(value, P, type(uint256).max);
        other = bound(other, 0, P - 1);
        expectNotInField(second ? 1 : 0, value);
        if (second) hasher.hash(other, value);
        else hasher.hash(value, other);
    }

    function test_hash_firstBadPositionWins() public {
        expectNotInField(0, P + 1);
        hasher.hash(P + 1, P + 2);
    }

    /// @dev `rootFromPath` or `nodesFromPath`: they share their checks, so every path test below runs
    /// on both (`nodes` picks; fuzz tests let the fuzzer pick).
    function callPath(bool nodes, uint256 leaf, uint256[] memory siblings, uint256 pathBits) internal {
        if (nodes) hasher.nodesFromPath(leaf, siblings, pathBits);
        else hasher.rootFromPath(leaf, siblings, pathBits);
    }

    function test_pathFunctions_emptyPath() public {
        for (uint256 f; f < 2; ++f) {
            vm.expectRevert(IPoseidonErrors.EmptyInput.selector);
            callPath(f == 1, 1, new uint256[](0), 0);
        }
    }

    function test_pathFunctions_tooManySiblings() public {
        for (uint256 f; f < 2; ++f) {
            vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 257, 256));
            callPath(f == 1, 1, new uint256[](257), 0);
        }
    }

    function testFuzz_pathFunctions_pathBitsOutOfRange(uint256 depth, uint256 pathBits, bool nodes) public {
        depth = bound(depth, 1, 255);
        pathBits = bound(pathBits, 2 ** depth, type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, pathBits, depth));
        callPath(nodes, 1, new uint256[](depth), pathBits);
    }

    function test_pathFunctions_badLeafIsPositionZero() public {
        uint256[] memory siblings = new uint256[](3);
        siblings[1] = P; // also bad, but the leaf is checked first
        for (uint256 f; f < 2; ++f) {
            expectNotInField(0, P);
            callPath(f == 1, P, siblings, 0);
            expectNotInField(0, type(uint256).max);
            callPath(f == 1, type(uint256).max, siblings, 0);
        }
    }

    /// @dev Hashers validate every input before hashing, so a late bad sibling costs no hashing.
    function testFuzz_pathFunctions_badSiblingPosition(
        uint256 depth,
        uint256 index,
        uint256 value,
        bool nodes
    ) public {
        depth = bound(depth, 1, 4);
        index = bound(index, 0, depth - 1);
        value = bound(value, P, type(uint256).max);
        uint256[] memory siblings = new uint256[](depth);
        siblings[index] = value;
        expectNotInField(1 + index, value);
        callPath(nodes, 5, siblings, 0);
    }

    /// @dev Several faults at once (any depth up to 258, path bits in or out of range, a bad or good
    /// leaf, a bad sibling anywhere): both functions must report the same first fault, byte for byte.
    /// Every case has a bad sibling, so none hashes.
    function testFuzz_nodesFromPath_revertsLikeRootFromPath(
        uint256 depth,
        uint256 pathBits,
        bool bitsInRange,
        uint256 leaf,
        bool leafInField,
        uint256 badIndex,
        uint256 badValue
    ) public view {
        depth = bound(depth, 0, 258);
        if (bitsInRange && depth < 256) pathBits = depth == 0 ? 0 : pathBits % (2 ** depth);
        leaf = leafInField ? bound(leaf, 0, P - 1) : bound(leaf, P, type(uint256).max);
        uint256[] memory siblings = new uint256[](depth);
        if (depth != 0) siblings[badIndex % depth] = bound(badValue, P, type(uint256).max);
        bytes memory rootRevert =
            revertData(abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (leaf, siblings, pathBits)));
        bytes memory nodesRevert =
            revertData(abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (leaf, siblings, pathBits)));
        assertTrue(rootRevert.length >= 4, "rootFromPath reverts with an error");
        assertTrue(keccak256(nodesRevert) == keccak256(rootRevert), "same revert data");
    }

    /// @dev The revert data of a call to the hasher that must fail.
    function revertData(bytes memory data) internal view returns (bytes memory ret) {
        bool ok;
        (ok, ret) = address(hasher).staticcall(data);
        assertTrue(!ok, "call reverts");
    }

    function test_hashPairs_empty() public {
        vm.expectRevert(IPoseidonErrors.EmptyInput.selector);
        hasher.hashPairs(new uint256[](0));
    }

    function testFuzz_hashPairs_oddLength(uint256 length) public {
        length = 2 * bound(length, 0, 10) + 1;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.OddPairsLength.selector, length));
        hasher.hashPairs(new uint256[](length));
    }

    function testFuzz_hashPairs_badElementPosition(uint256 index, uint256 value) public {
        index = bound(index, 0, 3);
        value = bound(value, P, type(uint256).max);
        uint256[] memory flat = new uint256[](4);
        flat[index] = value;
        expectNotInField(index, value);
        hasher.hashPairs(flat);
    }
}

contract PoseidonT3SolidityErrorsTest is HasherErrorsTest {
    function makeHasher() internal override returns (IPoseidonT3Hasher) {
        return new PoseidonT3Solidity();
    }
}

contract PoseidonT3YulErrorsTest is HasherErrorsTest {
    function makeHasher() internal override returns (IPoseidonT3Hasher) {
        return new PoseidonT3Yul();
    }
}

contract Poseidon2YulErrorsTest is Fixtures {
    Poseidon2Yul internal hasher;

    function setUp() public {
        hasher = new Poseidon2Yul();
    }

    function testFuzz_poseidon2_rejectsNonCanonical(uint256 value, uint256 other, bool second) public {
        value = bound(value, P, type(uint256).max);
        other = bound(other, 0, P - 1);
        vm.expectRevert(
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, second ? 1 : 0, value)
        );
        if (second) hasher.poseidon2(other, value);
        else hasher.poseidon2(value, other);
    }

    function test_poseidon2_rejectsModulusAndMax() public {
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 0, P));
        hasher.poseidon2(P, 0);
        vm.expectRevert(
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, type(uint256).max)
        );
        hasher.poseidon2(0, type(uint256).max);
    }

    function test_poseidon2_acceptsLargestCanonical() public view {
        hasher.poseidon2(P - 1, P - 1);
    }
}
