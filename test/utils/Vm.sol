// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The forge cheatcodes this project's tests use, declared by hand: forge-std is not
/// published on the package registries we can reach, and we need only these few.
/// Signatures are forge's (cheatcode address 0x7109709ECfa91a80626fF3989D68f67F5b1DD12D).
interface Vm {
    function assume(bool condition) external pure;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 revertSelector) external;
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonUint(string calldata json, string calldata key) external pure returns (uint256);
    function parseJsonUintArray(string calldata json, string calldata key)
        external
        pure
        returns (uint256[] memory);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function ffi(string[] calldata commandInput) external returns (bytes memory result);
    function toString(uint256 value) external pure returns (string memory);
    function keyExistsJson(string calldata json, string calldata key) external view returns (bool);
    function parseBytes(string calldata stringifiedValue) external pure returns (bytes memory);
    function pauseGasMetering() external;
    function resumeGasMetering() external;
}
