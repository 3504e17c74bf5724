// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";

/// @notice The packaged `StylusMeterProgram` with this repository's meter: stands in for a deployed
/// Stylus program in forge tests, every call's calldata run through the real built WASM by
/// `target/tools/stylus-meter call --json` (the same executor the gas report uses). A caller cannot
/// tell it from the program on Nitro, except that a trap (which Nitro turns into a revert without
/// data) fails the test loudly here. Needs ffi: `FOUNDRY_PROFILE=ci` (foundry.toml; scripts/test-evm.sh
/// uses it) or `forge test --ffi`.
contract StylusMeterProxy is StylusMeterProgram {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @notice The meter, built by scripts/build-wasm.sh (or `cargo build --profile tools -p stylus-meter`).
    string public constant METER = "target/tools/stylus-meter";

    /// @notice `wasm_` relative to the project root (forge's ffi directory); refuses a missing meter or
    /// WASM at once, with the command that builds both.
    constructor(string memory wasm_) StylusMeterProgram(METER, wasm_) {
        string memory hint = " is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)";
        if (!vm.isFile(METER)) revert StylusMeterFailed(string.concat(METER, hint));
        if (!vm.isFile(wasm_)) revert StylusMeterFailed(string.concat(wasm_, hint));
    }
}
