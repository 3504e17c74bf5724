// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";

/// @notice Minimal test base: the cheatcode handle and the assertions our suites use.
/// forge treats any `test*` function that reverts as a failure, so an assertion is a revert
/// with a message that says what differed.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    error AssertionFailed(string what, uint256 left, uint256 right);

    function assertEq(uint256 left, uint256 right, string memory what) internal pure {
        if (left != right) revert AssertionFailed(what, left, right);
    }

    function assertEq(uint256 left, uint256 right) internal pure {
        assertEq(left, right, "values differ");
    }

    function assertEq(uint256[] memory left, uint256[] memory right, string memory what) internal pure {
        assertEq(left.length, right.length, what);
        for (uint256 i; i < left.length; ++i) {
            assertEq(left[i], right[i], what);
        }
    }

    function assertTrue(bool condition, string memory what) internal pure {
        if (!condition) revert AssertionFailed(what, 0, 1);
    }

    /// @dev Maps `x` into [min, max] without biasing small ranges much; for fuzz inputs.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (min == 0 && max == type(uint256).max) return x;
        return min + (x % (max - min + 1));
    }
}
