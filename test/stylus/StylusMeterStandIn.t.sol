// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {Vm} from "../utils/Vm.sol";
import {
    StylusMeterProgram,
    StylusMeterPrograms,
    StylusMeterRunner
} from "../../solidity/testing/StylusMeterProgram.sol";
import {IPoseidonErrors, IPoseidonT3Hasher} from "../../solidity/IStylusPoseidon.sol";
import {PoseidonAddresses} from "../../solidity/PoseidonAddresses.sol";

/// @notice Measures the gas a callee's frame uses, as a caller sees it, for CALL, STATICCALL and
/// DELEGATECALL: the gas before the call minus the gas after, less this contract's own constant
/// overhead, which `StylusMeterStandInTest.frameGas` removes by measuring a callee of known cost the
/// same way. Its storage holds what a Solidity caller's might (slot 0 reads as a corrupt string), so a
/// stand-in that read storage under DELEGATECALL would fail here.
contract FrameGauge {
    uint8 internal constant CALL = 0;
    uint8 internal constant STATICCALL = 1;
    uint8 internal constant DELEGATECALL = 2;

    constructor() {
        /// @solidity memory-safe-assembly
        assembly {
            sstore(0, 3) // a "long string" of length 1: "storage byte array incorrectly encoded"
            sstore(1, 0x4142)
        }
    }

    /// @notice `kind` call to `target` with `data` and at most `gasLimit` (0: all it can pass): the gas
    /// it took including this function's fixed overhead, whether it succeeded, and its return data.
    function measure(uint8 kind, address target, bytes memory data, uint256 gasLimit)
        external
        returns (uint256 used, bool ok, bytes memory ret)
    {
        /// @solidity memory-safe-assembly
        assembly {
            // Warm the target (a call with no gas does nothing else): the access cost is the caller's.
            pop(staticcall(0, target, 0, 0, 0, 0))
            let input := add(data, 0x20)
            let size := mload(data)
            if iszero(gasLimit) { gasLimit := not(0) }
            let before := gas()
            switch kind
            case 0 { ok := call(gasLimit, target, 0, input, size, 0, 0) }
            case 1 { ok := staticcall(gasLimit, target, input, size, 0, 0) }
            default { ok := delegatecall(gasLimit, target, input, size, 0, 0) }
            used := sub(before, gas())
            ret := mload(0x40)
            mstore(ret, returndatasize())
            returndatacopy(add(ret, 0x20), 0, returndatasize())
            mstore(0x40, add(add(ret, 0x20), returndatasize()))
        }
    }
}

/// @notice The stand-in as users meet it: at the program's address under CALL, STATICCALL and
/// DELEGATECALL (the way a linked library is called), its frame costing exactly what the meter says a
/// call from a contract costs on Arbitrum (cached; uncached pays init once), a caller's paused metering
/// left alone, too little gas failing as on chain, and each way it cannot run named.
/// Needs the built meter and WASM (scripts/build-wasm.sh) and ffi (FOUNDRY_PROFILE=ci).
contract StylusMeterStandInTest is Fixtures {
    string internal constant METER = "target/tools/stylus-meter";
    string internal constant T3_WASM = "target/stylus/poseidon_stylus.wasm";
    address internal constant AT = PoseidonAddresses.POSEIDON_STYLUS;
    /// @dev The T3 Merkle program (`rootFromPath`: the longer call).
    string internal constant MERKLE_WASM = "target/stylus/poseidon_stylus_merkle.wasm";
    address internal constant MERKLE_AT = PoseidonAddresses.POSEIDON_STYLUS_MERKLE;
    /// @dev A callee whose frame costs exactly PAD_GAS: PAD_GAS JUMPDESTs (1 gas each), then STOP.
    address internal constant PAD = address(0x9AD);
    uint256 internal constant PAD_GAS = 1000;
    uint8 internal constant CALL = 0;
    uint8 internal constant STATICCALL = 1;
    uint8 internal constant DELEGATECALL = 2;

    FrameGauge internal gauge;

    function setUp() public {
        StylusMeterPrograms.install(AT, METER, T3_WASM);
        StylusMeterPrograms.install(MERKLE_AT, METER, MERKLE_WASM);
        gauge = new FrameGauge();
        bytes memory pad = new bytes(PAD_GAS + 1);
        for (uint256 i; i < PAD_GAS; ++i) {
            pad[i] = 0x5b;
        }
        vm.etch(PAD, pad);
    }

    /// @dev The meter's figures for `data` on the T3 program: the in-frame cost of a cached call from a
    /// contract (`frame_cached`: the transaction's cached figure without calldata gas) and the uncached
    /// init (`frame_uncached` − `frame_cached`).
    function meterFrame(bytes memory data) internal returns (uint256 frame, uint256 init) {
        return meterFrame(T3_WASM, data);
    }

    /// @dev The same figures on the program `wasm`.
    function meterFrame(string memory wasm, bytes memory data)
        internal
        returns (uint256 frame, uint256 init)
    {
        string[] memory command = new string[](7);
        (command[0], command[1], command[2], command[3]) = (METER, "call", "--wasm", wasm);
        (command[4], command[5], command[6]) = ("--calldata", vm.toString(data), "--json");
        string memory json = string(vm.ffi(command));
        frame = vm.parseJsonUint(json, ".gas.frame_cached");
        assertEq(
            frame,
            vm.parseJsonUint(json, ".gas.cached_call") - vm.parseJsonUint(json, ".gas.calldata"),
            "frame"
        );
        init = vm.parseJsonUint(json, ".gas.frame_uncached") - frame;
        assertEq(init, vm.parseJsonUint(json, ".gas.init"), "init");
    }

    /// @dev The gas of `target`'s frame for a `kind` call with `data`: the gauge's figure less its
    /// overhead, which is the gauge's figure for PAD less PAD_GAS.
    function frameGas(uint8 kind, address target, bytes memory data)
        internal
        returns (uint256 frame, bool ok, bytes memory ret)
    {
        (uint256 padUsed,,) = gauge.measure(kind, PAD, data, 0);
        uint256 used;
        (used, ok, ret) = gauge.measure(kind, target, data, 0);
        frame = used - (padUsed - PAD_GAS);
    }

    function checkExact(uint8 kind, bytes memory data, bool expectOk, bytes memory expected) internal {
        checkExact(kind, AT, T3_WASM, data, expectOk, expected);
    }

    /// @dev The same check of the program `wasm` installed at `at`.
    function checkExact(
        uint8 kind,
        address at,
        string memory wasm,
        bytes memory data,
        bool expectOk,
        bytes memory expected
    ) internal {
        (uint256 expectedFrame,) = meterFrame(wasm, data);
        (uint256 frame, bool ok, bytes memory ret) = frameGas(kind, at, data);
        assertTrue(ok == expectOk && keccak256(ret) == keccak256(expected), "the program's answer");
        assertEq(frame, expectedFrame, "the frame costs the meter's in-frame figure");
    }

    function hashCall(uint256 a, uint256 b) internal pure returns (bytes memory) {
        return abi.encodeCall(IPoseidonT3Hasher.hash, (a, b));
    }

    uint256 internal constant HASH_1_2 = 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a;

    // ---------------------------------------------------------------- exact gas, three ways in

    function test_call_exactGas() public {
        checkExact(CALL, hashCall(1, 2), true, abi.encode(HASH_1_2));
    }

    function test_staticcall_exactGas() public {
        checkExact(STATICCALL, hashCall(1, 2), true, abi.encode(HASH_1_2));
    }

    /// @dev A linked library is DELEGATECALLed: the stand-in runs in the gauge's context, whose
    /// storage it must not read.
    function test_delegatecall_exactGas() public {
        checkExact(DELEGATECALL, hashCall(1, 2), true, abi.encode(HASH_1_2));
    }

    /// @dev A revert charges the program's gas too, and its data comes back unchanged.
    function test_revert_exactGas() public {
        bytes memory notInField = abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 0, P);
        checkExact(DELEGATECALL, hashCall(P, 1), false, notInField);
        checkExact(STATICCALL, hashCall(P, 1), false, notInField);
    }

    /// @dev A longer call (20 hashes, a 640-byte path in, 32 bytes out) on the Merkle program, all three ways.
    function test_longerCall_exactGas() public {
        uint256[] memory siblings = new uint256[](20);
        for (uint256 i; i < 20; ++i) {
            siblings[i] = i + 2;
        }
        bytes memory data = abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (1, siblings, 0xAAAAA));
        bytes memory root = abi.encode(IPoseidonT3Hasher(MERKLE_AT).rootFromPath(1, siblings, 0xAAAAA));
        checkExact(CALL, MERKLE_AT, MERKLE_WASM, data, true, root);
        checkExact(STATICCALL, MERKLE_AT, MERKLE_WASM, data, true, root);
        checkExact(DELEGATECALL, MERKLE_AT, MERKLE_WASM, data, true, root);
    }

    /// @dev What forge reports for the call (`vm.lastCallGas`, and so snapshots and --gas-report).
    function test_lastCallGas_isTheMetersFigure() public {
        (uint256 expectedFrame,) = meterFrame(hashCall(1, 2));
        assertEq(IPoseidonT3Hasher(AT).hash(1, 2), HASH_1_2, "hash(1, 2)");
        assertEq(vm.lastCallGas().gasTotalUsed, expectedFrame, "forge's gas for the call");
    }

    // ---------------------------------------------------------------- uncached, paused, too little gas

    /// @dev An uncached program pays init on its first call in the test only (ArbOS 60+: a program
    /// called earlier in the block is charged as cached).
    function test_uncached_firstCallPaysInit() public {
        address uncached = address(0xC01D);
        StylusMeterPrograms.installUncached(uncached, METER, T3_WASM);
        (uint256 expectedFrame, uint256 init) = meterFrame(hashCall(1, 2));
        assertTrue(init > 0, "the meter prices init");
        // The first call is static: the runner still records it (through the cheatcode).
        (uint256 frame, bool ok,) = frameGas(STATICCALL, uncached, hashCall(1, 2));
        assertTrue(ok, "first call");
        assertEq(frame, expectedFrame + init, "first call: in-frame cached figure + init");
        (frame, ok,) = frameGas(DELEGATECALL, uncached, hashCall(1, 2));
        assertTrue(ok, "second call");
        assertEq(frame, expectedFrame, "second call: cached");
    }

    /// @dev A test that paused metering itself finds it still paused after the call.
    function test_callerPausedMetering_staysPaused() public {
        vm.pauseGasMetering();
        uint256 before = gasleft();
        assertEq(IPoseidonT3Hasher(AT).hash(1, 2), HASH_1_2, "hash(1, 2)");
        assertEq(before - gasleft(), 0, "nothing charged while paused");
        before = gasleft();
        uint256 work;
        for (uint256 i; i < 100; ++i) {
            work += i;
        }
        assertEq(before - gasleft(), 0, "still paused after the call");
        vm.resumeGasMetering();
    }

    /// @dev With less gas than the program's frame needs the call fails, as it runs out of ink on chain;
    /// with the figure plus the front's margin (1/32 + 300) it succeeds.
    function test_tooLittleGas_failsLikeOutOfInk() public {
        (uint256 expectedFrame,) = meterFrame(hashCall(1, 2));
        (, bool ok,) = gauge.measure(DELEGATECALL, AT, hashCall(1, 2), expectedFrame - 1);
        assertTrue(!ok, "fails below the figure");
        bytes memory ret;
        (, ok, ret) =
            gauge.measure(DELEGATECALL, AT, hashCall(1, 2), expectedFrame + expectedFrame / 32 + 600);
        assertTrue(ok && abi.decode(ret, (uint256)) == HASH_1_2, "succeeds with the margin");
    }

    // ---------------------------------------------------------------- why it cannot run

    function failure(bytes memory data) internal pure returns (string memory message) {
        assertTrue(
            data.length >= 4 && bytes4(data) == StylusMeterProgram.StylusMeterFailed.selector,
            "StylusMeterFailed"
        );
        bytes memory body = new bytes(data.length - 4);
        for (uint256 i; i < body.length; ++i) {
            body[i] = data[i + 4];
        }
        message = abi.decode(body, (string));
    }

    function startsWith(string memory text, string memory prefix) internal pure returns (bool) {
        bytes memory t = bytes(text);
        bytes memory p = bytes(prefix);
        if (t.length < p.length) return false;
        for (uint256 i; i < p.length; ++i) {
            if (t[i] != p[i]) return false;
        }
        return true;
    }

    function endsWith(string memory text, string memory suffix) internal pure returns (bool) {
        bytes memory t = bytes(text);
        bytes memory s = bytes(suffix);
        if (t.length < s.length) return false;
        for (uint256 i; i < s.length; ++i) {
            if (t[t.length - s.length + i] != s[i]) return false;
        }
        return true;
    }

    /// @dev ffi is on, the meter cannot be run: the message says the binary is missing or not executable at
    /// its path, and how to get it, under DELEGATECALL as under CALL. Once a command that does not exist,
    /// once a file that is not executable (foundry.toml).
    function test_missingMeter_saysHowToGetIt() public {
        string[2] memory meters = ["no-such-stylus-meter", "./foundry.toml"];
        string[2] memory osErrors = ["No such file", "Permission denied"];
        for (uint256 m; m < 2; ++m) {
            address missing = address(uint160(0xDEAD + m));
            StylusMeterPrograms.install(missing, meters[m], T3_WASM);
            for (uint8 kind = CALL; kind <= DELEGATECALL; ++kind) {
                (, bool ok, bytes memory ret) = gauge.measure(kind, missing, hashCall(1, 2), 0);
                assertTrue(!ok, "fails");
                string memory message = failure(ret);
                assertTrue(
                    startsWith(
                        message,
                        string.concat(
                            "the meter binary is missing or not executable at '",
                            meters[m],
                            "' (vm.tryFfi: failed to execute command"
                        )
                    ),
                    message
                );
                assertTrue(vm.contains(message, osErrors[m]), message);
                assertTrue(
                    endsWith(
                        message,
                        "). Get it from a clone of stylus-poseidon (the meter is not on crates.io): `cargo build --profile tools -p stylus-meter` builds target/tools/stylus-meter (give that path), or `cargo install --locked --path crates/stylus-meter` puts stylus-meter on PATH (or, without a clone: `cargo install --locked --git https://github.com/stylus-poseidon/stylus-poseidon stylus-meter`)"
                    ),
                    message
                );
            }
        }
    }
}
