// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @notice The forge cheatcodes the stand-in uses, as forge declares them (cheatcode address
/// 0x7109709ECfa91a80626fF3989D68f67F5b1DD12D); declared here so a project needs no forge-std.
interface IStylusMeterCheats {
    /// @notice What `tryFfi` returns: exit code, stdout (hex-decoded when it is 0x-hex), stderr.
    struct FfiResult {
        int32 exitCode;
        bytes stdout;
        bytes stderr;
    }

    function tryFfi(string[] calldata commandInput) external returns (FfiResult memory result);
    function parseJsonString(string calldata json, string calldata key) external pure returns (string memory);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function parseJsonUint(string calldata json, string calldata key) external pure returns (uint256);
    function keyExistsJson(string calldata json, string calldata key) external view returns (bool);
    function toString(bytes calldata value) external pure returns (string memory);
    function toString(uint256 value) external pure returns (string memory);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function store(address target, bytes32 slot, bytes32 value) external;
}

/// @dev Forge's cheatcode contract.
IStylusMeterCheats constant STYLUS_METER_CHEATS =
    IStylusMeterCheats(address(uint160(uint256(keccak256("hevm cheat code")))));

/// @title A Stylus program inside a forge test, run by the offline meter, charging what Arbitrum charges
/// @notice Forge's EVM cannot run WASM. A stand-in answers for the program: each call's calldata goes
/// to `stylus-meter call --wasm WASM --calldata ... --json` (ffi), which runs the program's real WASM as
/// Nitro would; the stand-in returns the program's return data, or reverts with exactly its revert data.
/// `StylusMeterPrograms.install` puts a stand-in at the program's address (`PoseidonAddresses`), so the
/// code under test calls (or links, as a library) the address it uses on chain.
///
/// It works under CALL, STATICCALL and DELEGATECALL (a linked library such as poseidon-solidity's
/// `PoseidonT3` is DELEGATECALLed): the stand-in's code is a fixed 253-byte front (`StylusMeterPrograms.code`)
/// that keeps nothing in storage; it CALLs a `StylusMeterRunner`, whose own storage holds the meter and
/// WASM paths and which runs the meter.
///
/// Gas: the call's frame costs exactly the meter's figure for a call from a contract (the program's
/// in-frame cost, no transaction calldata: `gas.frame_cached`, the gas report's in-frame figures;
/// uncached programs add `init` to their first call in the test, as ArbOS 60+ charges a program called
/// earlier in the block as cached). The front pauses forge's gas metering for its own work, then has
/// forge reset the frame's gas and burns exactly the figure (less its last 242 gas of opcodes) in a
/// failing precompile call. `vm.lastCallGas()`, gas snapshots and `--gas-report` see Arbitrum's
/// in-frame figure; the caller's CALL/DELEGATECALL cost (cold or warm account) stays the caller's, as
/// on chain. A caller that paused gas metering itself stays paused (the front notices and burns
/// nothing). One difference: a call given less than the figure plus ~1/32 of it fails as out of gas.
///
/// Needs ffi (`forge test --ffi`, or `ffi = true`) and the meter, which is not on crates.io: from a
/// clone of stylus-poseidon, `cargo build --profile tools -p stylus-meter` (target/tools/stylus-meter) or
/// `cargo install --locked --path crates/stylus-meter` (on PATH as `stylus-meter`), or
/// `cargo install --locked --git https://github.com/stylus-poseidon/stylus-poseidon stylus-meter`. Without
/// it, a call reverts `StylusMeterFailed` saying the binary is missing or not executable at its path.
contract StylusMeterProgram {
    /// @notice The meter could not run the program (ffi disabled, meter or WASM missing, the meter
    /// refused the call, or the program trapped): distinct from any revert of the program, so a test
    /// that compares revert data never mistakes it for one.
    error StylusMeterFailed(string reason);

    /// @notice Deploys a stand-in for the (cached) program `wasm` run by `meter` (a path relative to the
    /// project root, forge's ffi directory, or a command on PATH): this contract's code is the front.
    constructor(string memory meter, string memory wasm) {
        bytes memory code = StylusMeterPrograms.code(new StylusMeterRunner(meter, wasm, false));
        /// @solidity memory-safe-assembly
        assembly {
            return(add(code, 0x20), mload(code))
        }
    }
}

/// @title Puts a metered Stylus program at an address, in a forge test
library StylusMeterPrograms {
    /// @notice `app`'s code does not push `program`'s address: a library link did not take (forge's
    /// `--libraries`, and `libraries` in foundry.toml, silently ignore a path they do not know, and the
    /// app then DELEGATECALLs the EVM library it was compiled against).
    error NotLinked(address app, address program);

    /// @notice Reverts `NotLinked(app, program)` unless `app`'s bytecode links `program`: a linked
    /// library's address is a PUSH20 operand in the caller's code.
    function assertLinked(address app, address program) internal view {
        if (!links(app, program)) revert NotLinked(app, program);
    }

    /// @notice Whether `app`'s code has a PUSH20 of `program`'s address.
    function links(address app, address program) internal view returns (bool found) {
        bytes memory bytecode = app.code;
        /// @solidity memory-safe-assembly
        assembly {
            let start := add(bytecode, 0x20)
            let end := add(start, mload(bytecode))
            // i: the PUSH20 opcode (0x73), followed by the 20 address bytes, within the code
            for { let i := start } lt(add(i, 20), end) { i := add(i, 1) } {
                if and(eq(byte(0, mload(i)), 0x73), eq(shr(96, mload(add(i, 1))), program)) {
                    found := 1
                    break
                }
            }
        }
    }

    /// @notice Makes `at` answer as the cached Stylus program `wasm`, run by `meter` (e.g.
    /// `"stylus-meter"` on PATH, or a path relative to the project root).
    function install(address at, string memory meter, string memory wasm) internal {
        STYLUS_METER_CHEATS.etch(at, code(new StylusMeterRunner(meter, wasm, false)));
    }

    /// @notice Like `install`, for a program that is not cached: its first call in the test also pays
    /// the program's init (`gas.init`), later calls are charged as cached (ArbOS 60+'s recent-program
    /// rule). forge keeps the state `setUp` leaves: a call there is the first.
    function installUncached(address at, string memory meter, string memory wasm) internal {
        STYLUS_METER_CHEATS.etch(at, code(new StylusMeterRunner(meter, wasm, true)));
    }

    // The front, by offset (stack bottom..top). u: the caller had paused gas metering (two GAS
    // readings agree); ok: the runner answered; n: the answer's length. The answer is a word
    // (gas << 1 | reverted) followed by the program's return or revert data. No PUSH0, so it runs
    // under any evm_version a project sets (from byzantium: STATICCALL, RETURNDATACOPY, SHR).
    bytes internal constant FRONT_HEAD = hex"5a5a14" // 00 GAS GAS EQ                                   [u]
        hex"63d1a5b36f600052" // 03 mem[28..32] = pauseGasMetering()
        hex"600060006004601c6000737109709ecfa91a80626ff3989d68f67f5b1dd12d5af150" // 0b CALL(gas, VM, 0, 28, 4, 0, 0) POP
        hex"366000600037" // 2d CALLDATACOPY(0, 0, calldatasize)
        hex"60006000366000600073"; // 33 CALL(.., RUNNER (the 20 bytes that follow), 0, 0, calldatasize, 0, 0)
    bytes internal constant FRONT_TAIL = hex"5af1" // 51 GAS CALL                                        [u ok]
        hex"3d600060203e3d" // 53 RETURNDATACOPY(32, 0, n) RETURNDATASIZE       [u ok n]
        hex"8260de57" // 5a DUP3 JUMPI(FINISH): the caller paused, leave metering alone
        hex"632bcd50e0600052" // 5e mem[28..32] = resumeGasMetering()
        hex"600060006004601c6000737109709ecfa91a80626ff3989d68f67f5b1dd12d5af150" // 66 CALL(..VM..) POP
        hex"811560de57" // 88 JUMPI(FINISH) if !ok: the runner failed, nothing to charge
        hex"63be367dd3600052" // 8d mem[28..32] = resetGasMetering()
        hex"600060006004601c6000737109709ecfa91a80626ff3989d68f67f5b1dd12d5af1" // 95 CALL(..VM..): the frame's gas is 0 from the next opcode
        // b6: the metered tail, 242 gas on both exits. B = N - 242, N the answer's gas.
        hex"5060f260205160011c03" // b6 POP PUSH1 242 MLOAD(32) >> 1 SUB           [u ok n B]
        hex"808060051c0161012c015a111560fb57" // c0 JUMPI(OOG) unless gas > B + B/32 + 300 (CALL passes 63/64)
        hex"6000600060016000600885fa5050" // d0 STATICCALL(B, 0x08, 0, 1, 0, 0) POP POP: ecPairing of 1 byte fails, burning all B
        hex"5b811560f757" // de FINISH: JUMPI(FAILED) if !ok
        hex"60208103604060205160011660f557" // e4 [u ok n n-32 64]; JUMPI(REVERTED) if the answer's bit 0
        hex"5bf3" // f3 JUMPDEST RETURN(64, n - 32)
        hex"5bfd" // f5 REVERTED: JUMPDEST REVERT(64, n - 32)
        hex"5b6020fd" // f7 FAILED: REVERT(32, n): the runner's error as it is
        hex"5bfe"; // fb OOG: INVALID, consuming all gas, as a program out of ink does

    /// @notice The stand-in's runtime code: the front, calling `runner`.
    function code(StylusMeterRunner runner) internal pure returns (bytes memory) {
        return abi.encodePacked(FRONT_HEAD, address(runner), FRONT_TAIL);
    }
}

/// @title Runs one Stylus program through the meter, for the stand-in's front
/// @notice Called (never DELEGATECALLed) by a stand-in with the program's calldata; answers a word
/// `gas << 1 | reverted` followed by the program's return or revert data, `gas` being what the
/// program's frame costs on Arbitrum. Reverts `StylusMeterFailed` when the program cannot be run.
/// It has no function besides the fallback, so any calldata reaches the program.
contract StylusMeterRunner {
    /// @dev The meter's command and the program's WASM path (project-relative).
    string internal meter;
    string internal wasm;
    /// @dev The program is uncached: its first call pays init.
    bool internal immutable uncached;
    /// @dev Nonzero once the program was called (set through the cheatcode, which works in a static
    /// context too).
    uint256 internal called;

    constructor(string memory meter_, string memory wasm_, bool uncached_) {
        (meter, wasm, uncached) = (meter_, wasm_, uncached_);
    }

    fallback(bytes calldata input) external returns (bytes memory) {
        (bool reverted, bytes memory data, uint256 gas) = _outcome(_run(input), input);
        if (uncached && called == 0) {
            bytes32 slot;
            /// @solidity memory-safe-assembly
            assembly {
                slot := called.slot
            }
            STYLUS_METER_CHEATS.store(address(this), slot, bytes32(uint256(1)));
        }
        return abi.encodePacked((gas << 1) | (reverted ? 1 : 0), data);
    }

    /// @dev The meter's JSON line for `input`, or a revert saying why there is none.
    function _run(bytes calldata input) internal returns (string memory) {
        string[] memory command = new string[](7);
        (command[0], command[1], command[2], command[3]) = (meter, "call", "--wasm", wasm);
        (command[4], command[5], command[6]) = ("--calldata", STYLUS_METER_CHEATS.toString(input), "--json");
        IStylusMeterCheats.FfiResult memory run;
        try STYLUS_METER_CHEATS.tryFfi(command) returns (IStylusMeterCheats.FfiResult memory result) {
            run = result;
        } catch (bytes memory reason) {
            string memory why = _errorString(reason);
            // forge refuses ffi with "FFI is disabled"; any other refusal is the OS's: the command could
            // not be started (no such file on the path or in the project, or not executable).
            revert StylusMeterProgram.StylusMeterFailed(_contains(why, "FFI is disabled")
                    ? string.concat("vm.tryFfi failed (", why, "): run forge test --ffi (or set ffi = true)")
                    : string.concat(
                        "the meter binary is missing or not executable at '",
                        meter,
                        "' (",
                        why,
                        "). Get it from a clone of stylus-poseidon (the meter is not on crates.io): ",
                        "`cargo build --profile tools -p stylus-meter` builds target/tools/stylus-meter (give ",
                        "that path), or `cargo install --locked --path crates/stylus-meter` puts stylus-meter ",
                        "on PATH (or, without a clone: `cargo install --locked --git ",
                        "https://github.com/stylus-poseidon/stylus-poseidon stylus-meter`)"
                    ));
        }
        if (run.exitCode != 0) {
            revert StylusMeterProgram.StylusMeterFailed(string.concat(
                    meter,
                    run.exitCode < 0
                        ? " was killed"
                        : string.concat(
                            " exited with ", STYLUS_METER_CHEATS.toString(uint256(uint32(run.exitCode)))
                        ),
                    ": ",
                    string(run.stderr)
                ));
        }
        return string(run.stdout);
    }

    /// @dev The meter's JSON line -> whether the program reverted, its return (or revert) data, and its
    /// frame's gas. The meter reports `outcome` as Nitro's UserOutcome: success, revert (return data =
    /// revert data) or failure (a trap: Nitro reverts without data; here it must not pass for an
    /// expected revert). The frame's gas is a call from a contract: the meter's `gas.frame_cached`, or
    /// `gas.frame_uncached` for an uncached program's first call (a meter older than those fields:
    /// the transaction's cached figure without its calldata gas, plus `gas.init`).
    function _outcome(string memory json, bytes calldata input)
        internal
        view
        returns (bool reverted, bytes memory data, uint256 gas)
    {
        bytes32 outcome = keccak256(bytes(STYLUS_METER_CHEATS.parseJsonString(json, ".outcome")));
        if (outcome == keccak256("failure")) {
            revert StylusMeterProgram.StylusMeterFailed(string.concat(
                    wasm,
                    " trapped (meter outcome 'failure') on calldata ",
                    STYLUS_METER_CHEATS.toString(input)
                ));
        }
        if (outcome != keccak256("success") && outcome != keccak256("revert")) {
            revert StylusMeterProgram.StylusMeterFailed(string.concat("unknown meter outcome in: ", json));
        }
        reverted = outcome == keccak256("revert");
        data = STYLUS_METER_CHEATS.parseJsonBytes(json, ".returndata");
        bool first = uncached && called == 0;
        if (STYLUS_METER_CHEATS.keyExistsJson(json, ".gas.frame_cached")) {
            return (reverted, data, _gas(json, first ? ".gas.frame_uncached" : ".gas.frame_cached"));
        }
        gas = _gas(json, ".gas.cached_call") - _gas(json, ".gas.calldata")
            + (first ? _gas(json, ".gas.init") : 0);
    }

    function _gas(string memory json, string memory key) private pure returns (uint256) {
        return STYLUS_METER_CHEATS.parseJsonUint(json, key);
    }

    /// @dev The message of an `Error(string)` or forge `CheatcodeError(string)` revert, else the data in hex.
    function _errorString(bytes memory reason) private pure returns (string memory) {
        bytes4 selector = reason.length >= 68 ? bytes4(reason) : bytes4(0);
        if (
            selector == bytes4(keccak256("Error(string)"))
                || selector == bytes4(keccak256("CheatcodeError(string)"))
        ) {
            bytes memory message = new bytes(reason.length - 4);
            for (uint256 i; i < message.length; ++i) {
                message[i] = reason[i + 4];
            }
            return abi.decode(message, (string));
        }
        return STYLUS_METER_CHEATS.toString(reason);
    }

    /// @dev Whether `text` contains `part`.
    function _contains(string memory text, string memory part) private pure returns (bool) {
        bytes memory t = bytes(text);
        bytes memory p = bytes(part);
        for (uint256 i; i + p.length <= t.length; ++i) {
            uint256 j;
            while (j < p.length && t[i + j] == p[j]) {
                ++j;
            }
            if (j == p.length) return true;
        }
        return false;
    }
}
