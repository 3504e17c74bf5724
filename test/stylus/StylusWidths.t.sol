// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {
    IPoseidonT2Hasher,
    IPoseidonT3Hasher,
    IPoseidonT4Hasher,
    IPoseidonT5Hasher,
    IPoseidonT6Hasher
} from "../../solidity/IStylusPoseidon.sol";
import {PoseidonHasher} from "../../solidity/PoseidonHasher.sol";
import {MaciStyleHasher} from "../../solidity/examples/MaciStyleHasher.sol";
import {PoseidonT2} from "poseidon-solidity/PoseidonT2.sol";
import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {PoseidonT4} from "poseidon-solidity/PoseidonT4.sol";
import {PoseidonT5} from "poseidon-solidity/PoseidonT5.sol";
import {PoseidonT6} from "poseidon-solidity/PoseidonT6.sol";

/// @notice Every circomlib width from its own Stylus program (the built WASM, run by the offline meter
/// behind `StylusMeterProxy`): the MACI-style consumer `MaciStyleHasher` gets `hash2` … `hash5` from the
/// four programs for 2 to 5 inputs, and the `PoseidonHasher` library reaches all five widths; every value
/// equals poseidon-solidity's `PoseidonT2` … `PoseidonT6` (correct circomlib references) and circomlibjs's
/// vectors, and every bad input comes back as the program's `InputNotInField(position, value)`.
/// Needs the built meter and WASM (scripts/build-wasm.sh) and ffi (FOUNDRY_PROFILE=ci): without them every
/// test fails, saying so. Each Stylus call is one meter process, so fuzz run counts are small.
contract StylusWidthsTest is Fixtures {
    using PoseidonHasher for IPoseidonT2Hasher;
    using PoseidonHasher for IPoseidonT3Hasher;
    using PoseidonHasher for IPoseidonT4Hasher;
    using PoseidonHasher for IPoseidonT5Hasher;
    using PoseidonHasher for IPoseidonT6Hasher;

    IPoseidonT2Hasher internal t2;
    IPoseidonT3Hasher internal t3;
    IPoseidonT4Hasher internal t4;
    IPoseidonT5Hasher internal t5;
    IPoseidonT6Hasher internal t6;
    MaciStyleHasher internal maci;

    function setUp() public {
        t2 = IPoseidonT2Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus_hash1.wasm")));
        t3 = IPoseidonT3Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus.wasm")));
        t4 = IPoseidonT4Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus_hash3.wasm")));
        t5 = IPoseidonT5Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus_hash4.wasm")));
        t6 = IPoseidonT6Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus_hash5.wasm")));
        maci = new MaciStyleHasher(t3, t4, t5, t6);
    }

    /// @dev The consumer's hash of `x` (2 to 5 inputs) and poseidon-solidity's, which must agree.
    function consumerAndExpected(uint256[] memory x) internal view returns (uint256 ours, uint256 expected) {
        if (x.length == 2) {
            return (maci.hash2([x[0], x[1]]), PoseidonT3.hash([x[0], x[1]]));
        }
        if (x.length == 3) {
            return (maci.hash3([x[0], x[1], x[2]]), PoseidonT4.hash([x[0], x[1], x[2]]));
        }
        if (x.length == 4) {
            return (maci.hash4([x[0], x[1], x[2], x[3]]), PoseidonT5.hash([x[0], x[1], x[2], x[3]]));
        }
        return (maci.hash5([x[0], x[1], x[2], x[3], x[4]]), PoseidonT6.hash([x[0], x[1], x[2], x[3], x[4]]));
    }

    // ---------------------------------------------------------------- the MACI-style consumer

    /// @dev circomlibjs's vectors for 2 to 5 inputs: the consumer, poseidon-solidity and the vector agree.
    function test_maci_circomlibjsVectors() public view {
        string[4] memory tables = [".t3", ".t4", ".t5", ".t6"];
        for (uint256 k; k < 4; ++k) {
            Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, tables[k]);
            assertTrue(vectors.length >= 10, "too few vectors");
            for (uint256 i; i < vectors.length; ++i) {
                (uint256 ours, uint256 expected) = consumerAndExpected(vectors[i].inputs);
                assertEq(expected, vectors[i].output, "poseidon-solidity vs circomlibjs");
                assertEq(ours, vectors[i].output, tables[k]);
            }
        }
    }

    /// forge-config: default.fuzz.runs = 12
    /// forge-config: ci.fuzz.runs = 12
    function testFuzz_maci_sameAsPoseidonSolidity(uint256 seed) public view {
        for (uint256 n = 2; n <= 5; ++n) {
            (uint256 ours, uint256 expected) = consumerAndExpected(elements(seed, n));
            assertEq(ours, expected, "consumer vs poseidon-solidity");
        }
    }

    function test_maci_hashLeftRight() public view {
        assertEq(maci.hashLeftRight(1, 2), 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a);
        assertEq(maci.hashLeftRight(P - 1, 7), PoseidonT3.hash([P - 1, 7]));
    }

    /// @dev The composite leaves, rebuilt from poseidon-solidity.
    function test_maci_stateLeafAndMessage() public view {
        uint256[] memory x = elements(21, 14);
        assertEq(
            maci.hashStateLeaf(x[0], x[1], x[2], x[3]), PoseidonT5.hash([x[0], x[1], x[2], x[3]]), "state"
        );
        uint256[10] memory data;
        for (uint256 i; i < 10; ++i) {
            data[i] = x[i];
        }
        uint256 low = PoseidonT6.hash([x[0], x[1], x[2], x[3], x[4]]);
        uint256 high = PoseidonT6.hash([x[5], x[6], x[7], x[8], x[9]]);
        assertEq(maci.hashMessage(data, x[10], x[11]), PoseidonT5.hash([low, high, x[10], x[11]]), "message");
    }

    /// @dev Each position of each width: the program's error comes through the consumer unchanged.
    function test_maci_inputNotInField_namesEachPosition() public {
        for (uint256 n = 2; n <= 5; ++n) {
            for (uint256 position; position < n; ++position) {
                uint256[] memory x = elements(n, n);
                x[position] = position % 2 == 0 ? P : type(uint256).max;
                bytes memory call = n == 2
                    ? abi.encodeCall(maci.hash2, ([x[0], x[1]]))
                    : n == 3
                        ? abi.encodeCall(maci.hash3, ([x[0], x[1], x[2]]))
                        : n == 4
                            ? abi.encodeCall(maci.hash4, ([x[0], x[1], x[2], x[3]]))
                            : abi.encodeCall(maci.hash5, ([x[0], x[1], x[2], x[3], x[4]]));
                (bool ok, bytes memory data) = address(maci).call(call);
                rethrowProxyFailure(data);
                assertTrue(!ok, "a bad input hashed");
                assertTrue(
                    keccak256(data) == keccak256(notInField(position, x[position])),
                    "InputNotInField(position, value)"
                );
            }
        }
    }

    // ---------------------------------------------------------------- the library at every width

    function test_library_everyWidth() public view {
        uint256[] memory x = elements(7, 5);
        assertEq(t2.hashT2(x[0]), PoseidonT2.hash([x[0]]), "T2");
        assertEq(t3.hashT3(x[0], x[1]), PoseidonT3.hash([x[0], x[1]]), "T3");
        assertEq(t4.hashT4(x[0], x[1], x[2]), PoseidonT4.hash([x[0], x[1], x[2]]), "T4");
        assertEq(t5.hashT5(x[0], x[1], x[2], x[3]), PoseidonT5.hash([x[0], x[1], x[2], x[3]]), "T5");
        assertEq(
            t6.hashT6(x[0], x[1], x[2], x[3], x[4]), PoseidonT6.hash([x[0], x[1], x[2], x[3], x[4]]), "T6"
        );
        Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, ".t2");
        for (uint256 i; i < vectors.length; ++i) {
            assertEq(t2.hashT2(vectors[i].inputs[0]), vectors[i].output, "T2 vector");
        }
    }

    /// @dev The library leaves the free memory pointer where it was (it writes calldata above it).
    function test_library_allocatesNothing() public view {
        uint256 before;
        uint256 afterCall;
        /// @solidity memory-safe-assembly
        assembly {
            before := mload(0x40)
        }
        t6.hashT6(1, 2, 3, 4, 5);
        /// @solidity memory-safe-assembly
        assembly {
            afterCall := mload(0x40)
        }
        assertEq(afterCall, before, "free memory pointer moved");
    }

    function test_library_bubblesInputNotInField() public {
        LibraryCaller caller = new LibraryCaller();
        (bool ok, bytes memory data) = address(caller).call(abi.encodeCall(caller.t2, (t2, P)));
        rethrowProxyFailure(data);
        assertTrue(!ok && keccak256(data) == keccak256(notInField(0, P)), "T2");
        (ok, data) = address(caller).call(abi.encodeCall(caller.t4, (t4, [uint256(1), P + 1, 3])));
        rethrowProxyFailure(data);
        assertTrue(!ok && keccak256(data) == keccak256(notInField(1, P + 1)), "T4");
        (ok, data) = address(caller).call(abi.encodeCall(caller.t5, (t5, [uint256(1), 2, 3, P])));
        rethrowProxyFailure(data);
        assertTrue(!ok && keccak256(data) == keccak256(notInField(3, P)), "T5");
        (ok, data) = address(caller).call(abi.encodeCall(caller.t6, (t6, [uint256(1), 2, P, 4, P])));
        rethrowProxyFailure(data);
        assertTrue(!ok && keccak256(data) == keccak256(notInField(2, P)), "T6: the first bad input");
    }

    function test_library_noCodeIsNotAHasher() public {
        LibraryCaller caller = new LibraryCaller();
        address nobody = address(0xdead);
        (bool ok, bytes memory data) = address(caller)
            .call(abi.encodeCall(caller.t6, (IPoseidonT6Hasher(nobody), [uint256(1), 2, 3, 4, 5])));
        bytes memory notAHasher = abi.encodeWithSelector(PoseidonHasher.NotAPoseidonHasher.selector, nobody);
        assertTrue(!ok && keccak256(data) == keccak256(notAHasher), "T6: NotAPoseidonHasher");
        (ok, data) = address(caller).call(abi.encodeCall(caller.t2, (IPoseidonT2Hasher(nobody), 1)));
        assertTrue(!ok && keccak256(data) == keccak256(notAHasher), "T2: NotAPoseidonHasher");
    }

    // ---------------------------------------------------------------- calldata the programs refuse

    /// @dev Truncated arguments and another width's selector: `InvalidCalldata(selector)`, where a
    /// Solidity contract would revert without data.
    function test_programs_refuseBadCalldata() public {
        address[5] memory programs = [address(t2), address(t3), address(t4), address(t5), address(t6)];
        bytes[5] memory calls = [
            abi.encodeCall(IPoseidonT2Hasher.hash, (1)),
            abi.encodeCall(IPoseidonT3Hasher.hash, (1, 2)),
            abi.encodeCall(IPoseidonT4Hasher.hash, (1, 2, 3)),
            abi.encodeCall(IPoseidonT5Hasher.hash, (1, 2, 3, 4)),
            abi.encodeCall(IPoseidonT6Hasher.hash, (1, 2, 3, 4, 5))
        ];
        for (uint256 i; i < 5; ++i) {
            bytes memory call = calls[i];
            bytes memory truncated = new bytes(call.length - 1);
            for (uint256 j; j < truncated.length; ++j) {
                truncated[j] = call[j];
            }
            expectInvalidCalldata(programs[i], truncated);
            expectInvalidCalldata(programs[i], calls[(i + 1) % 5]);
        }
    }

    function expectInvalidCalldata(address program, bytes memory call) internal {
        (bool ok, bytes memory data) = program.call(call);
        rethrowProxyFailure(data);
        bytes memory expected = invalidCalldata(bytes4(call));
        assertTrue(!ok && keccak256(data) == keccak256(expected), "InvalidCalldata(selector)");
    }
}

/// @notice Calls the library from its own frame, so a test sees the revert data it re-throws.
contract LibraryCaller {
    using PoseidonHasher for IPoseidonT2Hasher;
    using PoseidonHasher for IPoseidonT4Hasher;
    using PoseidonHasher for IPoseidonT5Hasher;
    using PoseidonHasher for IPoseidonT6Hasher;

    function t2(IPoseidonT2Hasher hasher, uint256 a) external view returns (uint256) {
        return hasher.hashT2(a);
    }

    function t4(IPoseidonT4Hasher hasher, uint256[3] calldata x) external view returns (uint256) {
        return hasher.hashT4(x[0], x[1], x[2]);
    }

    function t5(IPoseidonT5Hasher hasher, uint256[4] calldata x) external view returns (uint256) {
        return hasher.hashT5(x[0], x[1], x[2], x[3]);
    }

    function t6(IPoseidonT6Hasher hasher, uint256[5] calldata x) external view returns (uint256) {
        return hasher.hashT6(x[0], x[1], x[2], x[3], x[4]);
    }
}
