// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ICircomlibMiMC, MiMCVectors} from "../utils/MiMCVectors.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {IHasher, IMiMCHasher, IPoseidonErrors} from "../../solidity/IStylusPoseidon.sol";
import {MiMCHashLeftRight} from "../../solidity/examples/MiMCMerkleTree.sol";

/// @notice The Stylus MiMC program (the built WASM, run by the offline meter behind `StylusMeterProxy`)
/// against the EVM peers: byte-identical return data to circomlibjs's generated MiMCSponge and MiMCpe7
/// contracts and to Tornado's hasher on test/vectors/mimc.json and fuzzed inputs; `hashLeftRight` equal to
/// Tornado's two-call form; the multiHash functions equal to circomlibjs's rows and to its formulas over
/// the peers; and every error, which only the program raises (the peers reduce an input >= p silently).
/// Needs the built meter and WASM (scripts/build-wasm.sh) and ffi (FOUNDRY_PROFILE=ci, as
/// scripts/test-evm.sh runs it). Each Stylus call is one meter process (~20 ms for this program), so the
/// fuzz run counts are small.
contract StylusMeterMiMCTest is MiMCVectors {
    using MiMCHashLeftRight for IHasher;

    string internal constant WASM = "target/stylus/poseidon_stylus_mimc.wasm";
    /// @dev `mimcSpongeMultiHash`'s largest output count (IMiMCHasher).
    uint256 internal constant MAX_OUTPUTS = 256;

    /// @notice The program's answer to `call` is not the EVM peer's (or the expected one).
    error Differs(bytes call, bool stylusOk, bytes stylusData, bool wantOk, bytes wantData);

    IMiMCHasher internal stylus;

    function setUp() public {
        stylus = IMiMCHasher(address(new StylusMeterProxy(WASM)));
        deployPeers();
    }

    // ---------------------------------------------------------------- helpers

    /// @dev The program's answer to `call` (a meter failure fails the test as itself).
    function onStylus(bytes memory call) internal returns (bool ok, bytes memory data) {
        (ok, data) = address(stylus).call(call);
        rethrowProxyFailure(data);
    }

    /// @dev The program and `peer` both succeed on `call` with the same bytes.
    function sameAs(address peer, bytes memory call) internal returns (bytes memory data) {
        (bool stylusOk, bytes memory stylusData) = onStylus(call);
        (bool peerOk, bytes memory peerData) = peer.staticcall(call);
        if (!stylusOk || !peerOk || keccak256(stylusData) != keccak256(peerData)) {
            revert Differs(call, stylusOk, stylusData, peerOk, peerData);
        }
        return stylusData;
    }

    function expectStylusReturn(bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = onStylus(call);
        if (!ok || keccak256(data) != keccak256(expected)) revert Differs(call, ok, data, true, expected);
    }

    function expectStylusRevert(bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = onStylus(call);
        if (ok || keccak256(data) != keccak256(expected)) revert Differs(call, ok, data, false, expected);
    }

    /// @dev Which combination of 0, 1 and p - 1 `x` is, as one of 3^x.length bits; 0 for other inputs.
    function combination(uint256[] memory x) internal pure returns (uint256) {
        uint256 index;
        for (uint256 i; i < x.length; ++i) {
            if (x[i] > 1 && x[i] != P - 1) return 0;
            index = index * 3 + (x[i] == P - 1 ? 2 : x[i]);
        }
        return 1 << index;
    }

    function callSponge(uint256 xL, uint256 xR, uint256 k) internal pure returns (bytes memory) {
        return abi.encodeCall(ICircomlibMiMC.MiMCSponge, (xL, xR, k));
    }

    function callMimc7(uint256 x, uint256 k) internal pure returns (bytes memory) {
        return abi.encodeCall(ICircomlibMiMC.MiMCpe7, (x, k));
    }

    function callTornado(uint256 xL, uint256 xR) internal pure returns (bytes memory) {
        return abi.encodeCall(IHasher.MiMCSponge, (xL, xR));
    }

    function callHashLeftRight(uint256 left, uint256 right) internal pure returns (bytes memory) {
        return abi.encodeCall(IMiMCHasher.hashLeftRight, (left, right));
    }

    function callSpongeMultiHash(uint256[] memory inputs, uint256 key, uint256 n)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encodeCall(IMiMCHasher.mimcSpongeMultiHash, (inputs, key, n));
    }

    function callMimc7MultiHash(uint256[] memory inputs, uint256 key) internal pure returns (bytes memory) {
        return abi.encodeCall(IMiMCHasher.mimc7MultiHash, (inputs, key));
    }

    /// @dev circomlibjs's `buildMimcSponge().multiHash(inputs, key, n)` over its generated contract: each
    /// input added to the rate before a sponge call, then n - 1 more calls, each output the rate.
    function peerSpongeMultiHash(uint256[] memory inputs, uint256 key, uint256 n)
        internal
        view
        returns (uint256[] memory out)
    {
        (uint256 r, uint256 c) = (0, 0);
        for (uint256 i; i < inputs.length; ++i) {
            (r, c) = sponge.MiMCSponge(addmod(r, inputs[i], P), c, key);
        }
        out = new uint256[](n);
        out[0] = r;
        for (uint256 i = 1; i < n; ++i) {
            (r, c) = sponge.MiMCSponge(r, c, key);
            out[i] = r;
        }
    }

    /// @dev circomlibjs's `buildMimc7().multiHash(inputs, key)` over its generated contract.
    function peerMimc7MultiHash(uint256[] memory inputs, uint256 key) internal view returns (uint256 r) {
        r = key;
        for (uint256 i; i < inputs.length; ++i) {
            r = addmod(addmod(r, inputs[i], P), mimc7.MiMCpe7(inputs[i], r), P);
        }
    }

    // ---------------------------------------------------------------- the peers' functions

    function test_MiMCSponge_circomlibjsContract() public {
        uint256 n = count(".sponge");
        uint256 extremes;
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".sponge", i, "inputs"));
            extremes |= combination(x);
            (uint256 xL, uint256 xR) =
                abi.decode(sameAs(address(sponge), callSponge(x[0], x[1], x[2])), (uint256, uint256));
            uint256[] memory want = vm.parseJsonUintArray(json, at(".sponge", i, "outputs"));
            assertEq(xL, want[0], "xL: circomlibjs");
            assertEq(xR, want[1], "xR: circomlibjs");
        }
        assertEq(extremes, (1 << 27) - 1, "every combination of 0, 1 and p - 1");
    }

    function test_MiMCpe7_circomlibjsContract() public {
        uint256 n = count(".mimc7");
        uint256 extremes;
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".mimc7", i, "inputs"));
            extremes |= combination(x);
            uint256 out = abi.decode(sameAs(address(mimc7), callMimc7(x[0], x[1])), (uint256));
            assertEq(out, vm.parseJsonUint(json, at(".mimc7", i, "output")), "circomlibjs");
        }
        assertEq(extremes, (1 << 9) - 1, "every combination of 0, 1 and p - 1");
    }

    /// @dev The (xL, xR) of every .sponge row: each pair of extremes three times, once per key.
    function test_MiMCSponge_tornadoHasher() public {
        uint256 n = count(".sponge");
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".sponge", i, "inputs"));
            sameAs(address(tornado), callTornado(x[0], x[1]));
        }
    }

    function test_hashLeftRight_tornadoTwoCalls() public {
        uint256 n = count(".hashLeftRight");
        uint256 extremes;
        for (uint256 i; i < n; ++i) {
            uint256[] memory x = vm.parseJsonUintArray(json, at(".hashLeftRight", i, "inputs"));
            extremes |= combination(x);
            uint256 twoCalls = tornado.hashLeftRight(x[0], x[1]);
            assertEq(twoCalls, vm.parseJsonUint(json, at(".hashLeftRight", i, "output")), "the vector");
            uint256 out = abi.decode(sameAs(address(oneCall), callHashLeftRight(x[0], x[1])), (uint256));
            assertEq(out, twoCalls, "Tornado's two MiMCSponge calls");
        }
        assertEq(extremes, (1 << 9) - 1, "every combination of 0, 1 and p - 1");
    }

    /// forge-config: ci.fuzz.runs = 64
    /// forge-config: default.fuzz.runs = 8
    function testFuzz_sameAsPeers(uint256 a, uint256 b, uint256 k) public {
        (a, b, k) = (a % P, b % P, k % P);
        sameAs(address(sponge), callSponge(a, b, k));
        sameAs(address(mimc7), callMimc7(a, k));
        sameAs(address(tornado), callTornado(a, b));
        uint256 out = abi.decode(sameAs(address(oneCall), callHashLeftRight(a, b)), (uint256));
        assertEq(out, tornado.hashLeftRight(a, b), "Tornado's two MiMCSponge calls");
    }

    // ---------------------------------------------------------------- multiHash

    function test_mimcSpongeMultiHash_circomlibjsRows() public {
        uint256 n = count(".spongeMultiHash");
        uint256 empty;
        for (uint256 i; i < n; ++i) {
            uint256[] memory inputs = vm.parseJsonUintArray(json, at(".spongeMultiHash", i, "inputs"));
            uint256 key = vm.parseJsonUint(json, at(".spongeMultiHash", i, "key"));
            uint256 outputs = vm.parseJsonUint(json, at(".spongeMultiHash", i, "numOutputs"));
            uint256[] memory want = vm.parseJsonUintArray(json, at(".spongeMultiHash", i, "outputs"));
            assertEq(
                peerSpongeMultiHash(inputs, key, outputs), want, "the formula over circomlibjs's contract"
            );
            expectStylusReturn(callSpongeMultiHash(inputs, key, outputs), abi.encode(want));
            if (inputs.length == 0) ++empty;
        }
        assertTrue(empty > 0, "rows without inputs");
    }

    function test_mimc7MultiHash_circomlibjsRows() public {
        uint256 n = count(".mimc7MultiHash");
        uint256 empty;
        for (uint256 i; i < n; ++i) {
            uint256[] memory inputs = vm.parseJsonUintArray(json, at(".mimc7MultiHash", i, "inputs"));
            uint256 key = vm.parseJsonUint(json, at(".mimc7MultiHash", i, "key"));
            uint256 want = vm.parseJsonUint(json, at(".mimc7MultiHash", i, "output"));
            assertEq(peerMimc7MultiHash(inputs, key), want, "the formula over circomlibjs's contract");
            expectStylusReturn(callMimc7MultiHash(inputs, key), abi.encode(want));
            if (inputs.length == 0) ++empty;
        }
        assertTrue(empty > 0, "rows without inputs");
    }

    function test_mimcSpongeMultiHash_mostOutputs() public {
        uint256[] memory inputs = elements(1, 2);
        expectStylusReturn(
            callSpongeMultiHash(inputs, 7, MAX_OUTPUTS),
            abi.encode(peerSpongeMultiHash(inputs, 7, MAX_OUTPUTS))
        );
    }

    /// forge-config: ci.fuzz.runs = 64
    /// forge-config: default.fuzz.runs = 8
    function testFuzz_multiHash_formulasOverPeers(uint256 seed, uint256 key, uint8 length, uint8 outputs)
        public
    {
        key %= P;
        uint256[] memory inputs = elements(seed, length % 7);
        uint256 n = 1 + outputs % 4;
        expectStylusReturn(
            callSpongeMultiHash(inputs, key, n), abi.encode(peerSpongeMultiHash(inputs, key, n))
        );
        expectStylusReturn(callMimc7MultiHash(inputs, key), abi.encode(peerMimc7MultiHash(inputs, key)));
    }

    // ---------------------------------------------------------------- errors (the program's only)

    /// @dev Each fixed-arity function, each position, both values: that position's `InputNotInField`;
    /// with two bad words, the first.
    function test_errors_inputNotInField_fixedArity() public {
        bytes4[4] memory selectors = [
            ICircomlibMiMC.MiMCSponge.selector,
            ICircomlibMiMC.MiMCpe7.selector,
            IHasher.MiMCSponge.selector,
            IMiMCHasher.hashLeftRight.selector
        ];
        uint8[4] memory arity = [3, 2, 2, 2];
        uint256[2] memory bad = [P, type(uint256).max];
        for (uint256 f; f < 4; ++f) {
            for (uint256 position; position < arity[f]; ++position) {
                for (uint256 v; v < 2; ++v) {
                    uint256[] memory x = elements(f, arity[f]);
                    x[position] = bad[v];
                    expectStylusRevert(wordsCall(selectors[f], x), notInField(position, bad[v]));
                }
            }
            uint256[] memory twoBad = elements(f, arity[f]);
            (twoBad[arity[f] - 2], twoBad[arity[f] - 1]) = (P, type(uint256).max);
            expectStylusRevert(wordsCall(selectors[f], twoBad), notInField(arity[f] - 2, P));
        }
    }

    /// @dev Input i is position i, the key position inputs.length; the first bad input wins over the key.
    function test_errors_inputNotInField_multiHash() public {
        uint256[2] memory bad = [P, type(uint256).max];
        for (uint256 v; v < 2; ++v) {
            for (uint256 i; i < 3; ++i) {
                uint256[] memory inputs = elements(v, 3);
                inputs[i] = bad[v];
                expectMultiHashRevert(inputs, 5, notInField(i, bad[v]));
            }
            expectMultiHashRevert(elements(v, 3), bad[v], notInField(3, bad[v]));
            expectMultiHashRevert(new uint256[](0), bad[v], notInField(0, bad[v]));
        }
        uint256[] memory twoBad = elements(2, 3);
        twoBad[1] = P;
        expectMultiHashRevert(twoBad, type(uint256).max, notInField(1, P));
        (twoBad[0], twoBad[2]) = (type(uint256).max, P);
        expectMultiHashRevert(twoBad, P, notInField(0, type(uint256).max));
    }

    function expectMultiHashRevert(uint256[] memory inputs, uint256 key, bytes memory expected) internal {
        expectStylusRevert(callSpongeMultiHash(inputs, key, 2), expected);
        expectStylusRevert(callMimc7MultiHash(inputs, key), expected);
    }

    /// @dev Checked before the inputs and the key, both bad here.
    function test_errors_outputCountOutOfRange() public {
        uint256[4] memory counts = [0, MAX_OUTPUTS + 1, 1 << 255, type(uint256).max];
        uint256[] memory inputs = elements(3, 2);
        inputs[0] = P;
        for (uint256 i; i < 4; ++i) {
            expectStylusRevert(
                callSpongeMultiHash(inputs, P, counts[i]),
                abi.encodeWithSelector(IPoseidonErrors.OutputCountOutOfRange.selector, counts[i], MAX_OUTPUTS)
            );
        }
    }

    /// @dev Each function's calldata short of its last byte, and its bare selector: `InvalidCalldata`,
    /// where the peers revert without data.
    function test_errors_invalidCalldata() public {
        uint256[] memory inputs = elements(4, 2);
        bytes[7] memory calls = [
            callSponge(1, 2, 3),
            callMimc7(1, 2),
            callTornado(1, 2),
            callHashLeftRight(1, 2),
            callSpongeMultiHash(inputs, 3, 2),
            callMimc7MultiHash(inputs, 3),
            callMimc7MultiHash(new uint256[](0), 3)
        ];
        for (uint256 i; i < calls.length; ++i) {
            bytes memory call = calls[i];
            bytes memory expected = invalidCalldata(bytes4(call));
            bytes memory truncated = new bytes(call.length - 1);
            for (uint256 j; j < truncated.length; ++j) {
                truncated[j] = call[j];
            }
            (bool ok,) = onStylus(call);
            assertTrue(ok, "the whole call succeeds");
            expectStylusRevert(truncated, expected);
            expectStylusRevert(abi.encodePacked(bytes4(call)), expected);
        }
    }
}
