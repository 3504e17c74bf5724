// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "../utils/GoldilocksVectors.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";
import {MidenPoseidon2Yul} from "../../solidity/MidenPoseidon2Yul.sol";
import {IMidenHasher, IPoseidonErrors} from "../../solidity/IStylusPoseidon.sol";

/// @notice The Stylus Miden Poseidon2 program (the built WASM, run by the offline meter behind
/// `StylusMeterProxy`) and MidenPoseidon2Yul answer the same calls of `IMidenHasher` with byte-identical
/// return or revert data: fuzzed inputs and every error. Needs the built meter and WASM
/// (scripts/build-wasm.sh) and ffi (FOUNDRY_PROFILE=ci, as scripts/test-evm.sh runs it).
contract StylusMeterMidenTest is GoldilocksVectors {
    string internal constant WASM = "target/stylus/poseidon_stylus_miden_poseidon2.wasm";

    /// @notice The two sides disagree on `call`.
    error Differs(bytes call, bool stylusOk, bytes stylusData, bool yulOk, bytes yulData);

    address internal stylus;
    address internal yul;

    function setUp() public {
        stylus = address(new StylusMeterProxy(WASM));
        yul = address(new MidenPoseidon2Yul());
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

    function test_mergeOfTheGasReportInputs() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, 7, 8];
        bytes memory out = sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2Merge, (left, right)));
        // miden-crypto 0.28.1 Poseidon2::merge([1, 2, 3, 4], [5, 6, 7, 8]) (test/vectors/miden-poseidon2.json).
        uint64[4] memory expected =
            [uint64(0xa8f94fb5f9f651ad), 0xbf84dc4ede9dc4fd, 0x94bdb2dc704b5d3c, 0x477f5aaedb07c9dc];
        assertTrue(keccak256(out) == keccak256(abi.encode(expected)), "miden-crypto's merge");
    }

    /// forge-config: ci.fuzz.runs = 24
    /// forge-config: default.fuzz.runs = 8
    function testFuzz_sameResults(uint64[12] memory state, uint8 length, bytes memory data) public {
        for (uint256 i; i < 12; ++i) {
            state[i] = state[i] >= P ? state[i] - P : state[i];
        }
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2Permute, (state)));
        uint64[4] memory left = [state[0], state[1], state[2], state[3]];
        uint64[4] memory right = [state[4], state[5], state[6], state[7]];
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2Merge, (left, right)));
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2MergeInDomain, (left, right, state[8])));
        uint64[] memory elements = new uint64[](length % 20);
        for (uint256 i; i < elements.length; ++i) {
            elements[i] = state[i % 12];
        }
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2HashElements, (elements)));
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2HashBytes, (data)));
        uint64[4][] memory siblings = new uint64[4][](length % 5);
        for (uint256 j; j < siblings.length; ++j) {
            siblings[j] = [state[j], state[j + 1], state[j + 2], state[j + 3]];
        }
        uint256 index = uint256(keccak256(abi.encode(state))) % (1 << siblings.length);
        sameSuccess(abi.encodeCall(IMidenHasher.midenPoseidon2RootFromPath, (left, siblings, index)));
    }

    function test_sameErrors() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, P, 8];
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2Merge, (left, right)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 6, P)
        );
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2MergeInDomain, (left, left, type(uint64).max)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 8, type(uint64).max)
        );
        uint64[12] memory state;
        state[11] = type(uint64).max;
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2Permute, (state)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 11, type(uint64).max)
        );
        uint64[] memory elements = new uint64[](10);
        elements[9] = P;
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2HashElements, (elements)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 9, P)
        );
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2RootFromPath, (right, new uint64[4][](65), 0)),
            abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 65, 64)
        );
        sameRevert(
            abi.encodeCall(
                IMidenHasher.midenPoseidon2RootFromPath, (right, new uint64[4][](64), type(uint256).max)
            ),
            abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, type(uint256).max, 64)
        );
        sameRevert(
            abi.encodeCall(IMidenHasher.midenPoseidon2RootFromPath, (right, new uint64[4][](2), 3)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P)
        );
    }
}
