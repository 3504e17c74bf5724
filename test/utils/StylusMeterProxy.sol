// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";

/// @notice The packaged `StylusMeterProgram` with this repository's meter: stands in for a deployed
/// (cached) Stylus program in forge tests, every call's calldata run through the real built WASM by
/// `target/tools/stylus-meter call --json` (the same executor the gas report uses), its frame charged
/// the meter's in-frame figure. A caller cannot tell it from the program on Nitro, except that a trap
/// (which Nitro turns into a revert without data) fails the test loudly here. Needs ffi:
/// `FOUNDRY_PROFILE=ci` (foundry.toml; scripts/test-evm.sh uses it) or `forge test --ffi`.
contract StylusMeterProxy is StylusMeterProgram {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @notice The meter, built by scripts/build-wasm.sh (or `cargo build --profile tools -p stylus-meter`).
    string public constant METER = "target/tools/stylus-meter";

    /// @notice `wasm_` relative to the project root (forge's ffi directory); refuses a missing meter or
    /// WASM at once, with the command that builds both.
    constructor(string memory wasm_) StylusMeterProgram(METER, built(wasm_)) {}

    /// @dev `wasm` once it and the meter are there (the base constructor returns the stand-in's code,
    /// so the check runs while its arguments are evaluated).
    function built(string memory wasm) private view returns (string memory) {
        string memory hint = " is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)";
        if (!vm.isFile(METER)) revert StylusMeterFailed(string.concat(METER, hint));
        if (!vm.isFile(wasm)) revert StylusMeterFailed(string.concat(wasm, hint));
        return wasm;
    }
}
