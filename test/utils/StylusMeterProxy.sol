// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";

/// @notice Stands in for a deployed Stylus program in forge tests: every call's calldata runs through the
/// real built WASM in the offline meter (`target/tools/stylus-meter call --json`, the same executor the gas
/// report uses) by `vm.tryFfi`, and the proxy returns the program's return data, or reverts with exactly
/// its revert data. A caller cannot tell it from the program deployed on Nitro, except that a trap (which
/// Nitro turns into a revert without data) fails the test loudly here instead of looking like a revert.
/// Needs ffi: `FOUNDRY_PROFILE=ci` (foundry.toml; scripts/test-evm.sh uses it) or `forge test --ffi`.
contract StylusMeterProxy {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @notice The meter, built by scripts/build-wasm.sh (or `cargo build --profile tools -p stylus-meter`).
    string public constant METER = "target/tools/stylus-meter";

    /// @notice The proxy itself could not run the program (ffi disabled, meter or WASM missing, the meter
    /// refused the call, or the program trapped). Distinct from any revert of the program, so a test that
    /// compares revert data cannot mistake it for one; `StylusMeter.t.sol` re-throws it as is.
    error StylusMeterProxyFailed(string reason);

    /// @notice The Stylus program this proxy runs, relative to the project root (forge's ffi cwd).
    string public wasm;

    constructor(string memory wasm_) {
        wasm = wasm_;
        string memory hint = " is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)";
        if (!vm.isFile(METER)) revert StylusMeterProxyFailed(string.concat(METER, hint));
        if (!vm.isFile(wasm_)) revert StylusMeterProxyFailed(string.concat(wasm_, hint));
    }

    fallback(bytes calldata input) external returns (bytes memory) {
        string[] memory command = new string[](7);
        command[0] = METER;
        command[1] = "call";
        command[2] = "--wasm";
        command[3] = wasm;
        command[4] = "--calldata";
        command[5] = vm.toString(input);
        command[6] = "--json";
        Vm.FfiResult memory run;
        try vm.tryFfi(command) returns (Vm.FfiResult memory result) {
            run = result;
        } catch (bytes memory reason) {
            // forge refuses ffi with a string error (e.g. "FFI is disabled").
            revert StylusMeterProxyFailed(string.concat(
                    "vm.tryFfi failed (",
                    _errorString(reason),
                    "): run with FOUNDRY_PROFILE=ci (scripts/test-evm.sh) or forge test --ffi"
                ));
        }
        if (run.exitCode != 0) {
            revert StylusMeterProxyFailed(string.concat(
                    METER,
                    run.exitCode < 0
                        ? " was killed"
                        : string.concat(" exited with ", vm.toString(uint256(uint32(run.exitCode)))),
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
        bytes32 outcome = keccak256(bytes(vm.parseJsonString(json, ".outcome")));
        if (outcome == keccak256("failure")) {
            revert StylusMeterProxyFailed(string.concat(
                    wasm, " trapped (meter outcome 'failure') on calldata ", vm.toString(input)
                ));
        }
        data = vm.parseJsonBytes(json, ".returndata");
        if (outcome == keccak256("success")) return data;
        if (outcome != keccak256("revert")) {
            revert StylusMeterProxyFailed(string.concat("unknown meter outcome in: ", json));
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
        return vm.toString(reason);
    }
}
