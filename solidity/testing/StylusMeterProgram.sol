// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @notice The forge cheatcodes StylusMeterProgram uses, as forge declares them (cheatcode address
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
    function toString(bytes calldata value) external pure returns (string memory);
    function toString(uint256 value) external pure returns (string memory);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function copyStorage(address from, address to) external;
}

/// @dev Forge's cheatcode contract.
IStylusMeterCheats constant STYLUS_METER_CHEATS =
    IStylusMeterCheats(address(uint160(uint256(keccak256("hevm cheat code")))));

/// @title A Stylus program inside a forge test, run by the offline meter
/// @notice Forge's EVM cannot run WASM. This contract stands in for a Stylus program: each call's
/// calldata goes to `stylus-meter call --wasm WASM --calldata ... --json` (ffi), which runs the
/// program's real WASM as Nitro would, and the contract returns the program's return data or reverts
/// with exactly its revert data. `StylusMeterPrograms.install` puts it at the program's address
/// (`PoseidonAddresses`), so the code under test calls the address it calls on chain.
/// Needs ffi (`forge test --ffi`, or `ffi = true`) and the meter: `cargo install stylus-meter`, or
/// a build of it (`cargo build --profile tools -p stylus-meter` in the stylus-poseidon repository).
contract StylusMeterProgram {
    /// @notice The meter could not run the program (ffi disabled, meter or WASM missing, the meter
    /// refused the call, or the program trapped): distinct from any revert of the program, so a test
    /// that compares revert data never mistakes it for one.
    error StylusMeterFailed(string reason);

    /// @notice The meter's command (a path, or a name on PATH) and the program's WASM file, relative
    /// to the project root (forge's ffi directory).
    string public meter;
    string public wasm;

    constructor(string memory meter_, string memory wasm_) {
        meter = meter_;
        wasm = wasm_;
    }

    fallback(bytes calldata input) external returns (bytes memory) {
        string[] memory command = new string[](7);
        (command[0], command[1], command[2], command[3]) = (meter, "call", "--wasm", wasm);
        (command[4], command[5], command[6]) = ("--calldata", STYLUS_METER_CHEATS.toString(input), "--json");
        IStylusMeterCheats.FfiResult memory run;
        try STYLUS_METER_CHEATS.tryFfi(command) returns (IStylusMeterCheats.FfiResult memory result) {
            run = result;
        } catch (bytes memory reason) {
            // forge refuses ffi with a string error (e.g. "FFI is disabled").
            revert StylusMeterFailed(string.concat(
                    "vm.tryFfi failed (", _errorString(reason), "): run forge test --ffi (or set ffi = true)"
                ));
        }
        if (run.exitCode != 0) {
            revert StylusMeterFailed(string.concat(
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
        return _outcome(string(run.stdout), input);
    }

    /// @dev The meter's JSON line -> the program's return data, or a revert with its revert data. The
    /// meter reports `outcome` as Nitro's UserOutcome: success, revert (return data = revert data) or
    /// failure (a trap: Nitro reverts without data; here it must not pass for an expected revert).
    function _outcome(string memory json, bytes calldata input) internal view returns (bytes memory data) {
        bytes32 outcome = keccak256(bytes(STYLUS_METER_CHEATS.parseJsonString(json, ".outcome")));
        if (outcome == keccak256("failure")) {
            revert StylusMeterFailed(string.concat(
                    wasm,
                    " trapped (meter outcome 'failure') on calldata ",
                    STYLUS_METER_CHEATS.toString(input)
                ));
        }
        data = STYLUS_METER_CHEATS.parseJsonBytes(json, ".returndata");
        if (outcome == keccak256("success")) return data;
        if (outcome != keccak256("revert")) {
            revert StylusMeterFailed(string.concat("unknown meter outcome in: ", json));
        }
        /// @solidity memory-safe-assembly
        assembly {
            revert(add(data, 0x20), mload(data))
        }
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
}

/// @title Puts a metered Stylus program at an address, in a forge test
library StylusMeterPrograms {
    /// @notice Makes `at` answer as the Stylus program `wasm`, run by `meter`: the code and the
    /// storage (the two paths) of a new StylusMeterProgram are copied there.
    function install(address at, string memory meter, string memory wasm) internal {
        StylusMeterProgram program = new StylusMeterProgram(meter, wasm);
        STYLUS_METER_CHEATS.etch(at, address(program).code);
        STYLUS_METER_CHEATS.copyStorage(address(program), at);
    }
}
