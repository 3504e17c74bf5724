// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "../utils/GoldilocksVectors.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";
import {GoldilocksPoseidonYul} from "../../solidity/GoldilocksPoseidonYul.sol";
import {IGoldilocksPoseidon, IPoseidonErrors} from "../../solidity/IStylusPoseidon.sol";

/// @notice The Stylus Goldilocks program (the built WASM, run by the offline meter behind `StylusMeterProxy`)
/// and GoldilocksPoseidonYul answer the same calls of `IGoldilocksPoseidon` with byte-identical return or
/// revert data: plonky2's vectors and Merkle proofs (the `plonky2` crate's MerkleTree, a depth-20 proof among
/// them), fuzzed inputs, and every error. Needs the built meter and WASM (scripts/build-wasm.sh) and ffi
/// (FOUNDRY_PROFILE=ci, as scripts/test-evm.sh runs it). Each Stylus call is one meter process (~0.2 s), so
/// the fuzz run counts are small.
contract StylusMeterGoldilocksTest is GoldilocksVectors {
    string internal constant WASM = "target/stylus/poseidon_stylus_goldilocks.wasm";

    /// @notice The two sides disagree on `call`.
    error Differs(bytes call, bool stylusOk, bytes stylusData, bool yulOk, bytes yulData);

    address internal stylus;
    address internal yul;

    function setUp() public {
        stylus = address(new StylusMeterProxy(WASM));
        yul = address(new GoldilocksPoseidonYul());
        json = vm.readFile(VECTORS);
    }

    /// @dev Runs `call` on both; they must agree on success and on every byte. Returns what they agreed on.
    function same(bytes memory call) internal returns (bool ok, bytes memory data) {
        (bool stylusOk, bytes memory stylusData) = stylus.call(call);
        if (stylusData.length >= 4 && bytes4(stylusData) == StylusMeterProgram.StylusMeterFailed.selector) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(stylusData, 0x20), mload(stylusData))
            }
        }
        (bool yulOk, bytes memory yulData) = yul.call(call);
        if (stylusOk != yulOk || keccak256(stylusData) != keccak256(yulData)) {
            revert Differs(call, stylusOk, stylusData, yulOk, yulData);
        }
        return (stylusOk, stylusData);
    }

    function sameSuccess(bytes memory call) internal returns (bytes memory data) {
        bool ok;
        (ok, data) = same(call);
        assertTrue(ok, "both sides must succeed");
    }

    function sameRevert(bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = same(call);
        assertTrue(!ok && keccak256(data) == keccak256(expected), "both sides must revert with the error");
    }

    function test_twoToOneOfTheGasReportInputs() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, 7, 8];
        bytes memory out = sameSuccess(abi.encodeCall(IGoldilocksPoseidon.twoToOne, (left, right)));
        uint64[4] memory digest = abi.decode(out, (uint64[4]));
        // plonky2 1.1 PoseidonHash::two_to_one([1, 2, 3, 4], [5, 6, 7, 8]) (test/vectors/goldilocks-plonky2.json).
        assertEq(digest[0], 15064728126975588673, "plonky2's digest");
        assertEq(digest[3], 2830815762300183090, "plonky2's digest");
    }

    /// @notice Every proof plonky2's MerkleTree produced verifies through both, with the same bytes; so do a
    /// wrong index (false) and the root of a cap-height-0 tree.
    function test_plonky2MerkleProofsVerifyThroughBoth() public {
        uint256 n = count(".merkle_proofs");
        assertTrue(n >= 3, "merkle proofs");
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merkle_proofs[", vm.toString(v), "]");
            uint64[] memory leaf = uints(string.concat(at, ".leaf_data"));
            uint64[4][] memory siblings = digests(string.concat(at, ".siblings"));
            uint64[4][] memory cap = digests(string.concat(at, ".cap"));
            uint256 index = vm.parseJsonUint(json, string.concat(at, ".leaf_index"));
            bytes memory verified = sameSuccess(
                abi.encodeCall(IGoldilocksPoseidon.verifyMerkleProofToCap, (leaf, index, cap, siblings))
            );
            assertTrue(abi.decode(verified, (bool)), "plonky2's proof verifies");
            verified = sameSuccess(
                abi.encodeCall(IGoldilocksPoseidon.verifyMerkleProofToCap, (leaf, index ^ 1, cap, siblings))
            );
            assertTrue(!abi.decode(verified, (bool)), "a wrong index does not");
            if (cap.length == 1) {
                bytes memory root =
                    sameSuccess(abi.encodeCall(IGoldilocksPoseidon.rootFromPath, (leaf, siblings, index)));
                assertTrue(keccak256(root) == keccak256(abi.encode(cap[0])), "the root is the cap");
            }
        }
    }

    /// forge-config: ci.fuzz.runs = 24
    /// forge-config: default.fuzz.runs = 8
    function testFuzz_sameResults(uint64[12] memory state, uint8 length) public {
        for (uint256 i; i < 12; ++i) {
            state[i] = state[i] >= P ? state[i] - P : state[i];
        }
        sameSuccess(abi.encodeCall(IGoldilocksPoseidon.permute, (state)));
        uint64[4] memory left = [state[0], state[1], state[2], state[3]];
        uint64[4] memory right = [state[4], state[5], state[6], state[7]];
        sameSuccess(abi.encodeCall(IGoldilocksPoseidon.twoToOne, (left, right)));
        uint64[] memory inputs = new uint64[](1 + length % 20);
        for (uint256 i; i < inputs.length; ++i) {
            inputs[i] = state[i % 12];
        }
        sameSuccess(abi.encodeCall(IGoldilocksPoseidon.hashNoPad, (inputs)));
        sameSuccess(abi.encodeCall(IGoldilocksPoseidon.hashOrNoop, (inputs)));
        uint64[4][] memory siblings = new uint64[4][](length % 5);
        for (uint256 j; j < siblings.length; ++j) {
            siblings[j] = [state[j], state[j + 1], state[j + 2], state[j + 3]];
        }
        uint256 index = uint256(keccak256(abi.encode(state))) % (1 << siblings.length);
        sameSuccess(abi.encodeCall(IGoldilocksPoseidon.rootFromPath, (inputs, siblings, index)));
    }

    function test_sameErrors() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, P, 8];
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.twoToOne, (left, right)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 6, P)
        );
        uint64[12] memory state;
        state[11] = type(uint64).max;
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.permute, (state)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 11, type(uint64).max)
        );
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.hashNoPad, (new uint64[](0))),
            abi.encodeWithSelector(IPoseidonErrors.EmptyInput.selector)
        );
        uint64[] memory leaf = new uint64[](2);
        leaf[1] = P;
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.rootFromPath, (leaf, new uint64[4][](257), 0)),
            abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 257, 256)
        );
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.rootFromPath, (leaf, new uint64[4][](3), 8)),
            abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 8, 3)
        );
        sameRevert(
            abi.encodeCall(IGoldilocksPoseidon.rootFromPath, (leaf, new uint64[4][](3), 7)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, P)
        );
        sameRevert(
            abi.encodeCall(
                IGoldilocksPoseidon.verifyMerkleProofToCap, (leaf, 16, new uint64[4][](2), new uint64[4][](3))
            ),
            abi.encodeWithSelector(IPoseidonErrors.LeafIndexOutOfRange.selector, 16, 16)
        );
        leaf[1] = 0;
        uint64[4][] memory siblings = new uint64[4][](2);
        siblings[1][0] = P + 5;
        sameRevert(
            abi.encodeCall(
                IGoldilocksPoseidon.verifyMerkleProofToCap, (leaf, 3, new uint64[4][](1), siblings)
            ),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2 + 4 + 4, P + 5)
        );
    }
}
