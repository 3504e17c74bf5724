// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Test.sol";

/// @notice What the Goldilocks suites share: the field modulus and plonky2's vectors
/// (test/vectors/goldilocks-plonky2.json, written by crates/plonky2-reference) read from `json`.
abstract contract GoldilocksVectors is Test {
    string internal constant VECTORS = "test/vectors/goldilocks-plonky2.json";
    uint64 internal constant P = 0xffffffff00000001;

    /// @dev The vector file; each suite's `setUp` reads it.
    string internal json;

    /// @dev How many entries the array at `key` has.
    function count(string memory key) internal view returns (uint256 n) {
        while (vm.keyExistsJson(json, string.concat(key, "[", vm.toString(n), "]"))) ++n;
    }

    /// @dev The array of elements at `key`.
    function uints(string memory key) internal view returns (uint64[] memory out) {
        uint256[] memory raw = vm.parseJsonUintArray(json, key);
        out = new uint64[](raw.length);
        for (uint256 i; i < raw.length; ++i) {
            out[i] = uint64(raw[i]);
        }
    }

    /// @dev The digest (four elements) at `key`.
    function digest(string memory key) internal view returns (uint64[4] memory out) {
        uint64[] memory raw = uints(key);
        assertEq(raw.length, 4, "a digest has four elements");
        for (uint256 i; i < 4; ++i) {
            out[i] = raw[i];
        }
    }

    /// @dev The array of digests at `key`.
    function digests(string memory key) internal view returns (uint64[4][] memory out) {
        out = new uint64[4][](count(key));
        for (uint256 j; j < out.length; ++j) {
            out[j] = digest(string.concat(key, "[", vm.toString(j), "]"));
        }
    }
}
