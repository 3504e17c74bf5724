// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {
    IPoseidonT8Hasher,
    IPoseidonT9Hasher,
    IPoseidonT10Hasher,
    IPoseidonT11Hasher,
    IPoseidonT12Hasher,
    IPoseidonT13Hasher,
    IPoseidonT14Hasher,
    IPoseidonT15Hasher,
    IPoseidonT16Hasher,
    IPoseidonT17Hasher
} from "../../solidity/IStylusPoseidon.sol";
import {IPoseidonT8Aliases, IPoseidonT17Aliases} from "../../solidity/generated/IPoseidonAliases.sol";

/// @notice The programs for 7 to 16 inputs (`poseidon_stylus_hash7.wasm` … `poseidon_stylus_hash16.wasm`, each
/// run by the offline meter behind `StylusMeterProxy`), where no EVM library computes circomlib Poseidon: every
/// selector of each width against circomlibjs's vectors, fuzzed against poseidon-lite as published (vm.ffi to
/// node), and every bad input at every position. Needs scripts/build-wasm.sh and ffi (FOUNDRY_PROFILE=ci).
contract StylusWideWidthsTest is Fixtures {
    uint256 internal constant FIRST = 7;
    uint256 internal constant LAST = 16;

    /// @dev programs[n]: the program for n inputs.
    address[LAST + 1] internal programs;

    function setUp() public {
        for (uint256 n = FIRST; n <= LAST; ++n) {
            string memory wasm = string.concat("target/stylus/poseidon_stylus_hash", vm.toString(n), ".wasm");
            programs[n] = address(new StylusMeterProxy(wasm));
        }
    }

    /// @dev A signature's selector.
    function selectorOf(string memory signature) internal pure returns (bytes4) {
        return bytes4(keccak256(bytes(signature)));
    }

    /// @dev What each program answers for `n` inputs: ours, poseidon-solidity's shape, circomlibjs's two.
    function selectors(uint256 n) internal pure returns (bytes4[4] memory) {
        string memory words = "uint256";
        for (uint256 i = 1; i < n; ++i) {
            words = string.concat(words, ",uint256");
        }
        string memory count = vm.toString(n);
        return [
            selectorOf(string.concat("hash(", words, ")")),
            selectorOf(string.concat("hash(uint256[", count, "])")),
            selectorOf(string.concat("poseidon(uint256[", count, "])")),
            selectorOf(string.concat("poseidon(bytes32[", count, "])"))
        ];
    }

    /// @dev The one word the program returns for `call`; fails naming the call when it reverts.
    function hashOf(uint256 n, bytes memory call) internal view returns (uint256) {
        (bool ok, bytes memory data) = programs[n].staticcall(call);
        rethrowProxyFailure(data);
        assertTrue(ok && data.length == 32, string.concat("hash of ", vm.toString(n), " inputs reverted"));
        return abi.decode(data, (uint256));
    }

    /// @dev poseidon-lite's `poseidonN` of `x`, from node (test/utils/poseidon-lite.mjs).
    function poseidonLite(uint256[] memory x) internal returns (uint256) {
        string[] memory command = new string[](x.length + 2);
        (command[0], command[1]) = ("node", "test/utils/poseidon-lite.mjs");
        for (uint256 i; i < x.length; ++i) {
            command[i + 2] = vm.toString(x[i]);
        }
        return abi.decode(vm.ffi(command), (uint256));
    }

    /// @dev The Solidity interfaces declare what the programs answer (a typo in a parameter list would
    /// change the selector other contracts call).
    function test_interfacesDeclareTheProgramsSelectors() public pure {
        bytes4[10] memory declared = [
            IPoseidonT8Hasher.hash.selector,
            IPoseidonT9Hasher.hash.selector,
            IPoseidonT10Hasher.hash.selector,
            IPoseidonT11Hasher.hash.selector,
            IPoseidonT12Hasher.hash.selector,
            IPoseidonT13Hasher.hash.selector,
            IPoseidonT14Hasher.hash.selector,
            IPoseidonT15Hasher.hash.selector,
            IPoseidonT16Hasher.hash.selector,
            IPoseidonT17Hasher.hash.selector
        ];
        for (uint256 n = FIRST; n <= LAST; ++n) {
            assertTrue(declared[n - FIRST] == selectors(n)[0], string.concat("hash of ", vm.toString(n)));
        }
        assertTrue(IPoseidonT8Aliases.hash.selector == selectors(7)[1], "hash(uint256[7])");
        assertTrue(IPoseidonT17Aliases.hash.selector == selectors(16)[1], "hash(uint256[16])");
    }

    /// @dev circomlibjs's vectors (test/vectors/poseidon.json, each checked against poseidon-lite when written)
    /// under all four selectors of every width.
    function test_everyWidthEverySelectorMatchesCircomlibjsVectors() public view {
        for (uint256 n = FIRST; n <= LAST; ++n) {
            Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, string.concat(".t", vm.toString(n + 1)));
            assertTrue(vectors.length >= 5, "too few vectors");
            bytes4[4] memory shapes = selectors(n);
            for (uint256 i; i < vectors.length; ++i) {
                assertEq(vectors[i].inputs.length, n, "vector width");
                for (uint256 s; s < 4; ++s) {
                    assertEq(hashOf(n, wordsCall(shapes[s], vectors[i].inputs)), vectors[i].output, "vector");
                }
            }
        }
    }

    /// @dev circomlib's published poseidon([1 … 16]) (its test/poseidonjs.js, "Should check poseidon with 16
    /// inputs") under the four selectors (a Solidity caller cannot pass 16 separate arguments: too deep for its
    /// stack, so `hash(uint256 × 16)` is called with raw calldata, as a generated or Yul caller would).
    function test_circomlibsPublishedSixteenInputs() public view {
        uint256 want = 0x16159a551cbb66108281a48099fff949ae08afd7f1f2ec06de2ffb96b919b765;
        uint256[] memory x = new uint256[](16);
        uint256[16] memory inputs;
        for (uint256 i; i < 16; ++i) {
            (x[i], inputs[i]) = (i + 1, i + 1);
        }
        bytes4[4] memory shapes = selectors(16);
        for (uint256 s; s < 4; ++s) {
            assertEq(hashOf(16, wordsCall(shapes[s], x)), want, "poseidon([1 ... 16])");
        }
        assertEq(IPoseidonT17Aliases(programs[16]).poseidon(inputs), want, "typed poseidon(uint256[16])");
    }

    /// @dev Random inputs of a random width: the program equals poseidon-lite `poseidonN`.
    /// forge-config: default.fuzz.runs = 20
    /// forge-config: ci.fuzz.runs = 50
    function testFuzz_equalsPoseidonLite(uint256 seed) public {
        uint256 n = FIRST + seed % (LAST - FIRST + 1);
        uint256[] memory x = elements(seed, n);
        assertEq(hashOf(n, wordsCall(selectors(n)[0], x)), poseidonLite(x));
    }

    /// @dev Typed calls through the interfaces at the narrowest and widest width, against poseidon-lite (a
    /// Solidity caller passes 16 words as an array: 16 arguments are too deep for its stack).
    function test_typedCallsEqualPoseidonLite() public {
        uint256[] memory x = elements(8, 16);
        uint256[16] memory sixteen;
        for (uint256 i; i < 16; ++i) {
            sixteen[i] = x[i];
        }
        assertEq(IPoseidonT17Aliases(programs[16]).hash(sixteen), poseidonLite(x));
        uint256[] memory y = elements(7, 7);
        assertEq(
            IPoseidonT8Hasher(programs[7]).hash(y[0], y[1], y[2], y[3], y[4], y[5], y[6]), poseidonLite(y)
        );
        bytes32[7] memory words;
        for (uint256 i; i < 7; ++i) {
            words[i] = bytes32(y[i]);
        }
        assertEq(uint256(IPoseidonT8Aliases(programs[7]).poseidon(words)), poseidonLite(y));
    }

    /// @dev Every position of every width, at p and 2^256 - 1: `InputNotInField(position, value)`; with two
    /// bad inputs, the first.
    function test_inputNotInFieldNamesEveryPosition() public view {
        for (uint256 n = FIRST; n <= LAST; ++n) {
            bytes4 selector = selectors(n)[0];
            for (uint256 position; position < n; ++position) {
                uint256[] memory x = elements(n, n);
                x[position] = position % 2 == 0 ? P : type(uint256).max;
                expectRevertData(n, wordsCall(selector, x), notInField(position, x[position]));
            }
            uint256[] memory two = elements(n, n);
            (two[1], two[n - 1]) = (P + 1, P);
            expectRevertData(n, wordsCall(selectors(n)[3], two), notInField(1, P + 1));
        }
    }

    /// @dev Truncated arguments and the neighbouring width's selector: `InvalidCalldata(selector)`.
    function test_programsRefuseBadCalldata() public view {
        for (uint256 n = FIRST; n <= LAST; ++n) {
            bytes memory call = wordsCall(selectors(n)[1], elements(n, n));
            bytes memory truncated = new bytes(call.length - 1);
            for (uint256 j; j < truncated.length; ++j) {
                truncated[j] = call[j];
            }
            bytes4 other = selectors(n == LAST ? FIRST : n + 1)[0];
            expectRevertData(n, truncated, invalidCalldata(bytes4(call)));
            expectRevertData(n, wordsCall(other, elements(n, n)), invalidCalldata(other));
        }
    }

    function expectRevertData(uint256 n, bytes memory call, bytes memory expected) internal view {
        (bool ok, bytes memory data) = programs[n].staticcall(call);
        rethrowProxyFailure(data);
        assertTrue(!ok, "a bad call hashed");
        assertTrue(
            keccak256(data) == keccak256(expected), string.concat("revert data, ", vm.toString(n), " inputs")
        );
    }
}
