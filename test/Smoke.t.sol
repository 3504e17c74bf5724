// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {Test} from "./utils/Test.sol";
import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
contract SmokeTest is Test {
    function test_smoke() public pure {
        assertEq(PoseidonT3.hash([uint256(1), 2]), 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a);
    }
}
