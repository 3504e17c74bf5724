// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {PoseidonT3Solidity} from "../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "../solidity/Poseidon2Yul.sol";
import {PoseidonT2} from "poseidon-solidity/PoseidonT2.sol";
import {PoseidonT3 as PeerPoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {PoseidonT4} from "poseidon-solidity/PoseidonT4.sol";
import {PoseidonT5} from "poseidon-solidity/PoseidonT5.sol";
import {PoseidonT6} from "poseidon-solidity/PoseidonT6.sol";

/// @notice Every implementation against the shared vectors (test/vectors, from circomlibjs and the
/// openzeppelin-crypto Poseidon2 reference). The peers are checked too: it proves the vectors.
contract VectorsTest is Fixtures {
    PoseidonT3Solidity internal solidityHasher;
    PoseidonT3Yul internal yulHasher;
    Poseidon2Yul internal poseidon2Hasher;
    address internal circomlib;

    function setUp() public {
        solidityHasher = new PoseidonT3Solidity();
        yulHasher = new PoseidonT3Yul();
        poseidon2Hasher = new Poseidon2Yul();
        circomlib = deployCircomlibT3();
    }

    function test_t3Vectors_allImplementations() public view {
        Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, ".t3");
        assertTrue(vectors.length >= 20, "too few t3 vectors");
        for (uint256 i; i < vectors.length; ++i) {
            (uint256 a, uint256 b) = (vectors[i].inputs[0], vectors[i].inputs[1]);
            uint256 want = vectors[i].output;
            assertEq(solidityHasher.hash(a, b), want, "PoseidonT3Solidity");
            assertEq(yulHasher.hash(a, b), want, "PoseidonT3Yul");
            assertEq(PeerPoseidonT3.hash([a, b]), want, "poseidon-solidity PoseidonT3");
            assertEq(circomlibHash(circomlib, a, b), want, "circomlibjs bytecode");
        }
    }

    function test_t3Vector_oneTwo() public view {
        uint256 want = 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a;
        assertEq(solidityHasher.hash(1, 2), want, "PoseidonT3Solidity");
        assertEq(yulHasher.hash(1, 2), want, "PoseidonT3Yul");
    }

    /// @dev The other widths have no implementation of ours in EVM code; poseidon-solidity checks the
    /// vectors the Stylus contract is tested with.
    function test_otherWidthVectors_matchPoseidonSolidity() public view {
        Vector[] memory t2 = loadVectors(POSEIDON_VECTORS, ".t2");
        for (uint256 i; i < t2.length; ++i) {
            assertEq(PoseidonT2.hash([t2[i].inputs[0]]), t2[i].output, "t2");
        }
        Vector[] memory t4 = loadVectors(POSEIDON_VECTORS, ".t4");
        for (uint256 i; i < t4.length; ++i) {
            uint256[] memory x = t4[i].inputs;
            assertEq(PoseidonT4.hash([x[0], x[1], x[2]]), t4[i].output, "t4");
        }
        Vector[] memory t5 = loadVectors(POSEIDON_VECTORS, ".t5");
        for (uint256 i; i < t5.length; ++i) {
            uint256[] memory x = t5[i].inputs;
            assertEq(PoseidonT5.hash([x[0], x[1], x[2], x[3]]), t5[i].output, "t5");
        }
        Vector[] memory t6 = loadVectors(POSEIDON_VECTORS, ".t6");
        for (uint256 i; i < t6.length; ++i) {
            uint256[] memory x = t6[i].inputs;
            assertEq(PoseidonT6.hash([x[0], x[1], x[2], x[3], x[4]]), t6[i].output, "t6");
        }
    }

    function test_poseidon2Vectors() public view {
        Vector[] memory vectors = loadVectors(POSEIDON2_VECTORS, ".t3");
        assertTrue(vectors.length >= 20, "too few poseidon2 vectors");
        for (uint256 i; i < vectors.length; ++i) {
            assertEq(
                poseidon2Hasher.poseidon2(vectors[i].inputs[0], vectors[i].inputs[1]),
                vectors[i].output,
                "poseidon2"
            );
        }
    }

    /// @dev The published openzeppelin-crypto vector, independent of the vector file.
    function test_poseidon2PublishedVector() public view {
        assertEq(
            poseidon2Hasher.poseidon2(123, 123456),
            0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de,
            "poseidon2"
        );
    }

    /// @dev The committed fixture is the code circomlibjs generates (the script's --check proves
    /// it is current); here: it is a real Poseidon and answers both of its selectors.
    function test_circomlibFixture_answersBothSelectors() public view {
        (bool ok, bytes memory ret) = circomlib.staticcall(
            abi.encodeWithSignature("poseidon(bytes32[2])", [bytes32(uint256(1)), bytes32(uint256(2))])
        );
        assertTrue(ok, "bytes32 selector");
        assertEq(abi.decode(ret, (uint256)), circomlibHash(circomlib, 1, 2), "selectors agree");
    }
}
