// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "../solidity/Poseidon2Yul.sol";
import {PoseidonHasher} from "../solidity/PoseidonHasher.sol";
import {IPoseidonErrors, IPoseidonT3Hasher, IStylusPoseidon} from "../solidity/IStylusPoseidon.sol";

/// @notice A consumer of the library, as a Solidity developer would write it.
contract HasherUser {
    using PoseidonHasher for IPoseidonT3Hasher;
    using PoseidonHasher for IStylusPoseidon;

    function hashT3(IPoseidonT3Hasher hasher, uint256 a, uint256 b)
        external
        view
        returns (uint256 out, uint256 fmp)
    {
        out = hasher.hashT3(a, b);
        /// @solidity memory-safe-assembly
        assembly {
            fmp := mload(0x40)
        }
    }

    function poseidon2(IStylusPoseidon hasher, uint256 a, uint256 b) external view returns (uint256) {
        return hasher.hashPoseidon2(a, b);
    }

    function computeRoot(IPoseidonT3Hasher hasher, uint256 leaf, uint256[] memory siblings, uint256 bits)
        external
        view
        returns (uint256)
    {
        return hasher.computeRoot(leaf, siblings, bits);
    }

    function computePathNodes(IPoseidonT3Hasher hasher, uint256 leaf, uint256[] memory siblings, uint256 bits)
        external
        view
        returns (uint256[] memory)
    {
        return hasher.computePathNodes(leaf, siblings, bits);
    }

    /// @dev Decodes, then allocates and fills another array: the decoded one must stay intact.
    function computePathNodesThenAllocate(IPoseidonT3Hasher hasher)
        external
        view
        returns (uint256[] memory nodes)
    {
        nodes = hasher.computePathNodes(0, new uint256[](1), 0);
        uint256[] memory next = new uint256[](4);
        for (uint256 i; i < next.length; ++i) {
            next[i] = type(uint256).max;
        }
    }

    function hashPairs(IPoseidonT3Hasher hasher, uint256[] memory flat)
        external
        view
        returns (uint256[] memory)
    {
        return hasher.hashT3Pairs(flat);
    }
}

/// @notice Answers every call with fixed bytes: a hasher that returns a malformed `uint256[]`.
contract FixedAnswer {
    bytes internal answer;

    constructor(bytes memory answer_) {
        answer = answer_;
    }

    fallback(bytes calldata) external returns (bytes memory) {
        return answer;
    }
}

contract PoseidonHasherTest is Fixtures {
    PoseidonT3Yul internal yulHasher;
    Poseidon2Yul internal poseidon2Hasher;
    HasherUser internal user;

    function setUp() public {
        yulHasher = new PoseidonT3Yul();
        poseidon2Hasher = new Poseidon2Yul();
        user = new HasherUser();
    }

    function testFuzz_hashT3_matchesDirectCall(uint256 a, uint256 b) public view {
        a = bound(a, 0, P - 1);
        b = bound(b, 0, P - 1);
        (uint256 out, uint256 fmp) = user.hashT3(yulHasher, a, b);
        assertEq(out, yulHasher.hash(a, b), "hashT3");
        assertEq(fmp, 0x80, "free memory pointer restored");
    }

    function test_hashT3_bubblesRevertData() public {
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, P));
        user.hashT3(yulHasher, 0, P);
    }

    function test_hashT3_rejectsNonHasher() public {
        address nothing = address(0xdead);
        vm.expectRevert(abi.encodeWithSelector(PoseidonHasher.NotAPoseidonHasher.selector, nothing));
        user.hashT3(IPoseidonT3Hasher(nothing), 1, 2);
    }

    function test_poseidon2_viaLibrary() public view {
        assertEq(
            user.poseidon2(IStylusPoseidon(address(poseidon2Hasher)), 123, 123456),
            0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de,
            "poseidon2"
        );
    }

    function test_computeRoot_and_hashPairs_viaLibrary() public {
        uint256[] memory siblings = new uint256[](2);
        (siblings[0], siblings[1]) = (3, 4);
        uint256 want = yulHasher.hash(4, yulHasher.hash(1, 3));
        assertEq(user.computeRoot(yulHasher, 1, siblings, 2), want, "computeRoot");
        assertEq(user.hashPairs(yulHasher, siblings)[0], yulHasher.hash(3, 4), "hashPairs");
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 4, 2));
        user.computeRoot(yulHasher, 1, siblings, 4);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.OddPairsLength.selector, 1));
        user.hashPairs(yulHasher, new uint256[](1));
    }

    function test_computePathNodes_viaLibrary() public {
        uint256[] memory siblings = new uint256[](2);
        (siblings[0], siblings[1]) = (3, 4);
        uint256[] memory want = new uint256[](2);
        want[0] = yulHasher.hash(1, 3);
        want[1] = yulHasher.hash(4, want[0]);
        assertEq(user.computePathNodes(yulHasher, 1, siblings, 2), want, "computePathNodes");
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 4, 2));
        user.computePathNodes(yulHasher, 1, siblings, 4);
        siblings[1] = P;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P));
        user.computePathNodes(yulHasher, 1, siblings, 0);
        address nothing = address(0xdead);
        vm.expectRevert(abi.encodeWithSelector(PoseidonHasher.NotAPoseidonHasher.selector, nothing));
        user.computePathNodes(IPoseidonT3Hasher(nothing), 1, siblings, 0);
    }

    /// @dev The library copies a returned array as is, so it accepts only the standard encoding.
    function test_computePathNodes_rejectsMalformedArrays() public {
        uint256[] memory one = new uint256[](1);
        bytes[6] memory answers = [
            bytes(""),
            abi.encode(uint256(0x20)), // no length word
            abi.encode(uint256(0x40), uint256(0), uint256(1), uint256(7)), // valid for abi.decode, not standard
            abi.encode(uint256(0x20), uint256(2), uint256(7)), // one word short
            abi.encode(uint256(0x20), uint256(1), uint256(7), uint256(8)), // one word too many
            abi.encode(uint256(0x20), uint256(1) << 251) // 0x40 + 32 * length wraps around to 0x40
        ];
        for (uint256 i; i < answers.length; ++i) {
            address bad = address(new FixedAnswer(answers[i]));
            vm.expectRevert(abi.encodeWithSelector(PoseidonHasher.NotAPoseidonHasher.selector, bad));
            user.computePathNodes(IPoseidonT3Hasher(bad), 1, one, 0);
        }
    }

    /// @dev A well-formed answer decodes to its words, and later allocations do not overwrite them.
    function test_computePathNodes_decodesStandardEncoding() public {
        uint256[] memory want = new uint256[](3);
        (want[0], want[1], want[2]) = (7, 8, 9);
        FixedAnswer fixedHasher = new FixedAnswer(abi.encode(want));
        assertEq(user.computePathNodesThenAllocate(IPoseidonT3Hasher(address(fixedHasher))), want, "words");
        fixedHasher = new FixedAnswer(abi.encode(new uint256[](0)));
        assertEq(
            user.computePathNodesThenAllocate(IPoseidonT3Hasher(address(fixedHasher))).length, 0, "empty"
        );
    }
}
