// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "./utils/GoldilocksVectors.sol";
import {GoldilocksPoseidonNaive} from "./utils/GoldilocksPoseidonNaive.sol";
import {GoldilocksPoseidonYul} from "../solidity/GoldilocksPoseidonYul.sol";
import {IPoseidonErrors} from "../solidity/IStylusPoseidon.sol";

/// @notice GoldilocksPoseidonYul against plonky2's own outputs (test/vectors/goldilocks-plonky2.json, written by
/// crates/plonky2-reference from the `plonky2` crate: permutations, hashes, two_to_one and MerkleTree proofs,
/// one of depth 20) and, fuzzed, against the naive Solidity permutation; every error.
contract GoldilocksPoseidonTest is GoldilocksVectors {
    GoldilocksPoseidonYul internal yul;

    function setUp() public {
        yul = new GoldilocksPoseidonYul();
        json = vm.readFile(VECTORS);
    }

    function assertDigest(uint64[4] memory got, uint64[4] memory want, string memory what) internal pure {
        for (uint256 i; i < 4; ++i) {
            assertEq(got[i], want[i], what);
        }
    }

    // ------------------------------------------------------------------------------------------ vectors

    function test_plonky2Permutations() public view {
        uint256 n = count(".permutation");
        assertTrue(n >= 8, "permutation vectors");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".permutation[", vm.toString(v), "]");
            uint64[] memory input = uints(string.concat(at, ".input"));
            uint64[] memory output = uints(string.concat(at, ".output"));
            uint64[12] memory state;
            for (uint256 i; i < 12; ++i) {
                state[i] = input[i];
            }
            uint64[12] memory got = yul.permute(state);
            for (uint256 i; i < 12; ++i) {
                assertEq(got[i], output[i], "permute");
            }
        }
    }

    function test_plonky2Hashes() public view {
        uint256 n = count(".hash");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".hash[", vm.toString(v), "]");
            uint64[] memory input = uints(string.concat(at, ".input"));
            assertDigest(yul.hashNoPad(input), digest(string.concat(at, ".hash_no_pad")), "hashNoPad");
            assertDigest(yul.hashOrNoop(input), digest(string.concat(at, ".hash_or_noop")), "hashOrNoop");
        }
        n = count(".two_to_one");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".two_to_one[", vm.toString(v), "]");
            uint64[4] memory got =
                yul.twoToOne(digest(string.concat(at, ".left")), digest(string.concat(at, ".right")));
            assertDigest(got, digest(string.concat(at, ".output")), "twoToOne");
        }
    }

    /// @notice The proofs plonky2's MerkleTree produced verify (a depth-20 one among them); a wrong index or
    /// leaf does not.
    function test_plonky2MerkleProofs() public view {
        uint256 n = count(".merkle_proofs");
        assertTrue(n >= 3, "merkle proofs");
        bool sawDepth20;
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merkle_proofs[", vm.toString(v), "]");
            uint64[] memory leaf = uints(string.concat(at, ".leaf_data"));
            uint64[4][] memory siblings = digests(string.concat(at, ".siblings"));
            uint64[4][] memory cap = digests(string.concat(at, ".cap"));
            uint256 index = vm.parseJsonUint(json, string.concat(at, ".leaf_index"));
            sawDepth20 = sawDepth20 || siblings.length == 20;
            assertTrue(yul.verifyMerkleProofToCap(leaf, index, cap, siblings), "plonky2 proof");
            assertTrue(!yul.verifyMerkleProofToCap(leaf, index ^ 1, cap, siblings), "wrong index");
            leaf[0] = uint64((uint256(leaf[0]) + 1) % P);
            assertTrue(!yul.verifyMerkleProofToCap(leaf, index, cap, siblings), "wrong leaf");
            leaf[0] = uint64((uint256(leaf[0]) + P - 1) % P);
            if (cap.length == 1) assertDigest(yul.rootFromPath(leaf, siblings, index), cap[0], "root");
        }
        assertTrue(sawDepth20, "a depth-20 proof");
    }

    // ------------------------------------------------------------------------------------------ fuzz

    function canonical(uint64 x) internal pure returns (uint64) {
        return x >= P ? x - P : x;
    }

    /// forge-config: ci.fuzz.runs = 300
    /// forge-config: default.fuzz.runs = 100
    function testFuzz_permuteEqualsNaive(uint64[12] memory raw) public view {
        uint64[12] memory state;
        uint256[12] memory lanes;
        for (uint256 i; i < 12; ++i) {
            state[i] = canonical(raw[i]);
            lanes[i] = state[i];
        }
        uint256[12] memory want = GoldilocksPoseidonNaive.permute(lanes);
        uint64[12] memory got = yul.permute(state);
        for (uint256 i; i < 12; ++i) {
            assertEq(got[i], want[i], "permute");
        }
    }

    /// forge-config: ci.fuzz.runs = 300
    /// forge-config: default.fuzz.runs = 100
    function testFuzz_twoToOneEqualsNaive(uint64[4] memory a, uint64[4] memory b) public view {
        uint256[12] memory lanes;
        for (uint256 i; i < 4; ++i) {
            a[i] = canonical(a[i]);
            b[i] = canonical(b[i]);
            lanes[i] = a[i];
            lanes[4 + i] = b[i];
        }
        uint256[12] memory want = GoldilocksPoseidonNaive.permute(lanes);
        uint64[4] memory got = yul.twoToOne(a, b);
        for (uint256 i; i < 4; ++i) {
            assertEq(got[i], want[i], "twoToOne");
        }
    }

    // ------------------------------------------------------------------------------------------ errors

    function testFuzz_elementsNotBelowPRevertWithTheirPosition(uint64 bad, uint8 at) public {
        bad = uint64(bound(bad, P, type(uint64).max));
        uint256 position = at % 8;
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, 7, 8];
        if (position < 4) left[position] = bad;
        else right[position - 4] = bad;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, position, bad));
        yul.twoToOne(left, right);
        uint64[12] memory state;
        state[at % 12] = bad;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, at % 12, bad));
        yul.permute(state);
    }

    function test_pathErrorsInTheirOrder() public {
        uint64[] memory leaf = new uint64[](2);
        leaf[0] = P; // bad, but checked after the shape
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.EmptyInput.selector));
        yul.hashNoPad(new uint64[](0));
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 257, 256));
        yul.rootFromPath(leaf, new uint64[4][](257), 0);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 4, 2));
        yul.rootFromPath(leaf, new uint64[4][](2), 4);
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.LeafIndexOutOfRange.selector, 12, 12));
        yul.verifyMerkleProofToCap(leaf, 12, new uint64[4][](3), new uint64[4][](2));
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 0, P));
        yul.rootFromPath(leaf, new uint64[4][](2), 3);
        leaf[0] = 1;
        uint64[4][] memory cap = new uint64[4][](2);
        cap[1][2] = P;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2 + 4 + 2, P));
        yul.verifyMerkleProofToCap(leaf, 1, cap, new uint64[4][](1));
        uint64[4][] memory siblings = new uint64[4][](1);
        siblings[0][3] = P;
        cap[1][2] = 0;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2 + 8 + 3, P));
        yul.verifyMerkleProofToCap(leaf, 1, cap, siblings);
    }
}
