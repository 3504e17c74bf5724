// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AppLinks} from "./AppLinks.sol";
import {StylusMeterPrograms} from "../../solidity/testing/StylusMeterProgram.sol";
import {NoirPoseidon2Yul} from "../../solidity/NoirPoseidon2Yul.sol";

/// @notice iden3's linked library, as iden3's contracts declare it: a body-less `poseidon(uint256[2])`
/// whose address is linked at deployment to a contract answering that selector (a circomlibjs
/// `createCode(2)` contract on chain).
library PoseidonUnit2L {
    function poseidon(uint256[2] calldata) public pure returns (uint256) {}
}

/// @notice poseidon2-evm v2.0.0's interface (zemse/poseidon2-evm src/IPoseidon2.sol): Noir's Poseidon2
/// hash of 1, 2 and 3 field elements.
interface IPoseidon2 {
    function hash_1(uint256 x) external pure returns (uint256);
    function hash_2(uint256 x, uint256 y) external pure returns (uint256);
    function hash_3(uint256 x, uint256 y, uint256 z) external pure returns (uint256);
}

/// @notice An iden3-style consumer: hashes through the linked `PoseidonUnit2L`.
contract Iden3StyleConsumer {
    function hash2(uint256 a, uint256 b) external pure returns (uint256) {
        return PoseidonUnit2L.poseidon([a, b]);
    }
}

/// @notice A Noir app's consumer: hashes through `IPoseidon2` at the address it was given.
contract NoirAppConsumer {
    IPoseidon2 internal immutable poseidon2;

    constructor(IPoseidon2 poseidon2_) {
        poseidon2 = poseidon2_;
    }

    function hashes(uint256[] calldata x) external view returns (uint256) {
        if (x.length == 1) return poseidon2.hash_1(x[0]);
        if (x.length == 2) return poseidon2.hash_2(x[0], x[1]);
        return poseidon2.hash_3(x[0], x[1], x[2]);
    }
}

/// @notice The iden3-style library linked to our T3 program and to circomlibjs's contract, and the
/// `IPoseidon2` consumer pointed at our Noir program and at `NoirPoseidon2Yul`: every value equals
/// circomlibjs's (test/vectors/poseidon.json) or the zkpassport poseidon2 package's (apps.json).
contract Iden3AndNoirConsumersTest is AppLinks {
    string internal constant NOIR_WASM = "target/stylus/poseidon_stylus_noir.wasm";

    function setUp() public {
        loadApps();
    }

    function checkIden3(Iden3StyleConsumer consumer) internal view {
        Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, ".t3");
        for (uint256 i; i < vectors.length; ++i) {
            assertEq(
                consumer.hash2(vectors[i].inputs[0], vectors[i].inputs[1]),
                vectors[i].output,
                "poseidon(uint256[2])"
            );
        }
    }

    function test_iden3_linkedToCircomlibjs() public {
        vm.etch(address(PoseidonUnit2L), deployCircomlibT3().code);
        Iden3StyleConsumer consumer = new Iden3StyleConsumer();
        assertTrue(
            linkedIn(address(consumer).code, address(PoseidonUnit2L)), "linked address in the bytecode"
        );
        checkIden3(consumer);
    }

    function test_iden3_linkedToStylusT3() public {
        StylusMeterPrograms.install(address(PoseidonUnit2L), METER, T3_WASM);
        checkIden3(new Iden3StyleConsumer());
    }

    function checkNoir(IPoseidon2 poseidon2) internal {
        NoirAppConsumer consumer = new NoirAppConsumer(poseidon2);
        string[3] memory tables = [".noirHash.hash_1", ".noirHash.hash_2", ".noirHash.hash_3"];
        for (uint256 t; t < 3; ++t) {
            for (uint256 i; i < count(tables[t]); ++i) {
                uint256[] memory inputs = vm.parseJsonUintArray(apps, entry(tables[t], i, "inputs"));
                assertEq(
                    consumer.hashes(inputs), vm.parseJsonUint(apps, entry(tables[t], i, "output")), tables[t]
                );
            }
        }
    }

    function test_poseidon2_stylusNoirProgram() public {
        address program = address(0x2015);
        StylusMeterPrograms.install(program, METER, NOIR_WASM);
        checkNoir(IPoseidon2(program));
    }

    function test_poseidon2_noirPoseidon2Yul() public {
        checkNoir(IPoseidon2(address(new NoirPoseidon2Yul())));
    }
}
