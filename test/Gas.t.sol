// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Solidity} from "../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "../solidity/Poseidon2Yul.sol";
import {IPoseidonT3Hasher} from "../solidity/IStylusPoseidon.sol";
import {IPoseidonT3Aliases} from "../solidity/generated/IPoseidonAliases.sol";
import {IncrementalMerkleTree} from "../solidity/examples/IncrementalMerkleTree.sol";
import {PoseidonT3 as PeerPoseidonT3} from "poseidon-solidity/PoseidonT3.sol";

/// @notice One call per implementation, so the snapshot check of scripts/test-evm.sh
/// (test/.gas-snapshot) fails CI when one gets more expensive or cheaper without a new snapshot. These are in-test figures (warm test contract, cold callee); the
/// transaction-level figures of gas-report/evm.json come from scripts/gas-report/evm-gas.sh.
contract GasTest is Fixtures {
    PoseidonT3Solidity internal solidityHasher;
    PoseidonT3Yul internal yulHasher;
    Poseidon2Yul internal poseidon2Hasher;
    address internal circomlib;
    IncrementalMerkleTree internal yulTree;
    IncrementalMerkleTree internal yulTreePerLevel;

    function setUp() public {
        solidityHasher = new PoseidonT3Solidity();
        yulHasher = new PoseidonT3Yul();
        poseidon2Hasher = new Poseidon2Yul();
        circomlib = deployCircomlibT3();
        yulTree = new IncrementalMerkleTree(yulHasher, 20, true);
        yulTreePerLevel = new IncrementalMerkleTree(yulHasher, 20, false);
    }

    function test_gas_hash_PoseidonT3Solidity() public view {
        solidityHasher.hash(1, 2);
    }

    function test_gas_hash_PoseidonT3Yul() public view {
        yulHasher.hash(1, 2);
    }

    /// @dev poseidon-solidity's selector, `hash(uint256[2])`, on the same contract.
    function test_gas_hashArray_PoseidonT3Yul() public view {
        IPoseidonT3Aliases(address(yulHasher)).hash([uint256(1), 2]);
    }

    function test_gas_poseidon2_Poseidon2Yul() public view {
        poseidon2Hasher.poseidon2(1, 2);
    }

    function test_gas_hash_poseidonSolidity() public pure {
        PeerPoseidonT3.hash([uint256(1), 2]);
    }

    function test_gas_hash_circomlibjs() public view {
        circomlibHash(circomlib, 1, 2);
    }

    /// @dev The path of scripts/gas-report/evm-gas.sh: leaf 1, siblings 2..21, alternating children.
    function depth20Path() internal pure returns (uint256[] memory siblings, uint256 pathBits) {
        siblings = new uint256[](20);
        for (uint256 i; i < 20; ++i) {
            siblings[i] = i + 2;
        }
        pathBits = 0xAAAAA; // 0b1010_1010_1010_1010_1010
    }

    function test_gas_rootFromPath20_PoseidonT3Yul() public view {
        (uint256[] memory siblings, uint256 pathBits) = depth20Path();
        yulHasher.rootFromPath(1, siblings, pathBits);
    }

    function test_gas_nodesFromPath20_PoseidonT3Yul() public view {
        (uint256[] memory siblings, uint256 pathBits) = depth20Path();
        yulHasher.nodesFromPath(1, siblings, pathBits);
    }

    function test_gas_insert2_yulBatched() public {
        yulTree.insert(1);
        yulTree.insert(2);
    }

    function test_gas_insert2_yulPerLevel() public {
        yulTreePerLevel.insert(1);
        yulTreePerLevel.insert(2);
    }
}
