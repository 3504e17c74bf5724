// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The forge cheatcodes this project's tests use, declared by hand: forge-std is not
/// published on the package registries we can reach, and we need only these few.
/// Signatures are forge's (cheatcode address 0x7109709ECfa91a80626fF3989D68f67F5b1DD12D).
interface Vm {
    /// @notice What `tryFfi` returns: the command's exit code, stdout (hex-decoded when it is 0x-hex)
    /// and stderr.
    struct FfiResult {
        int32 exitCode;
        bytes stdout;
        bytes stderr;
    }

    function assume(bool condition) external pure;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 revertSelector) external;
    /// @dev Exactly `count` calls (any kind, STATICCALL included) to `callee` whose calldata starts with `data`.
    function expectCall(address callee, bytes calldata data, uint64 count) external;
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonUint(string calldata json, string calldata key) external pure returns (uint256);
    function parseJsonUintArray(string calldata json, string calldata key)
        external
        pure
        returns (uint256[] memory);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function ffi(string[] calldata commandInput) external returns (bytes memory result);
    function tryFfi(string[] calldata commandInput) external returns (FfiResult memory result);
    function isFile(string calldata path) external view returns (bool result);
    function parseJsonString(string calldata json, string calldata key) external pure returns (string memory);
    function toString(bytes calldata value) external pure returns (string memory);
    function toString(uint256 value) external pure returns (string memory);
    function contains(string calldata subject, string calldata search) external returns (bool);
    function keyExistsJson(string calldata json, string calldata key) external view returns (bool);
    function parseBytes(string calldata stringifiedValue) external pure returns (bytes memory);
    function replace(string calldata input, string calldata from, string calldata to)
        external
        pure
        returns (string memory output);
    function pauseGasMetering() external;
    function resumeGasMetering() external;

    /// @notice The last call's gas, as its callee's frame used it.
    struct Gas {
        uint64 gasLimit;
        uint64 gasTotalUsed;
        uint64 gasMemoryUsed;
        int64 gasRefunded;
        uint64 gasRemaining;
    }

    function lastCallGas() external view returns (Gas memory gas);
    function store(address target, bytes32 slot, bytes32 value) external;
    function load(address target, bytes32 slot) external view returns (bytes32 data);
    function parseJsonAddress(string calldata json, string calldata key) external pure returns (address);
    /// @notice Records every storage read and write from now on (`accesses` returns them, one entry per access).
    function record() external;
    function accesses(address target)
        external
        returns (bytes32[] memory readSlots, bytes32[] memory writeSlots);
}
