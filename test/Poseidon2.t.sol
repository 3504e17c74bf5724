// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {Poseidon2Yul} from "../solidity/Poseidon2Yul.sol";

/// @notice Poseidon2Yul against a plain, loop-based Poseidon2 written here from the paper's round
/// structure, with constants read at setUp from test/vectors/poseidon2-bn254-t3-params.json (the
/// facts extracted from openzeppelin-crypto 0.3). The generated Yul uses the same facts but a
/// different code path (unrolled, lazily reduced), so the fuzz compares the two computations.
contract Poseidon2Test is Fixtures {
    string internal constant PARAMS = "test/vectors/poseidon2-bn254-t3-params.json";

    Poseidon2Yul internal hasher;
    uint256 internal roundsF;
    uint256 internal roundsP;
    uint256[3][] internal roundConstants;
    uint256[3] internal diag;

    function setUp() public {
        hasher = new Poseidon2Yul();
        string memory json = vm.readFile(PARAMS);
        assertEq(vm.parseJsonUint(json, ".t"), 3, "t");
        assertEq(vm.parseJsonUint(json, ".d"), 5, "d");
        assertEq(vm.parseJsonUint(json, ".capacity"), 1, "capacity");
        roundsF = vm.parseJsonUint(json, ".rounds_f");
        roundsP = vm.parseJsonUint(json, ".rounds_p");
        uint256[] memory d = vm.parseJsonUintArray(json, ".mat_internal_diag_m_1");
        diag = [d[0], d[1], d[2]];
        for (uint256 r; r < roundsF + roundsP; ++r) {
            uint256[] memory c =
                vm.parseJsonUintArray(json, string.concat(".round_constants[", vm.toString(r), "]"));
            roundConstants.push([c[0], c[1], c[2]]);
        }
    }

    function pow5(uint256 x) internal pure returns (uint256) {
        uint256 x2 = mulmod(x, x, P);
        return mulmod(mulmod(x2, x2, P), x, P);
    }

    /// @dev M_E = circ(2, 1, 1).
    function external_(uint256[3] memory s) internal pure {
        uint256 sum = addmod(addmod(s[0], s[1], P), s[2], P);
        for (uint256 i; i < 3; ++i) {
            s[i] = addmod(s[i], sum, P);
        }
    }

    /// @dev M_I = ones + diag(MAT_INTERNAL_DIAG_M_1): s_i * d_i + sum.
    function internal_(uint256[3] memory s) internal view {
        uint256 sum = addmod(addmod(s[0], s[1], P), s[2], P);
        for (uint256 i; i < 3; ++i) {
            s[i] = addmod(mulmod(s[i], diag[i], P), sum, P);
        }
    }

    /// @dev openzeppelin-crypto's sponge: permute [0, a, b] and squeeze state[1].
    function referenceHash(uint256 a, uint256 b) internal view returns (uint256) {
        uint256[3] memory s = [uint256(0), a, b];
        external_(s);
        for (uint256 r; r < roundsF + roundsP; ++r) {
            if (r < roundsF / 2 || r >= roundsF / 2 + roundsP) {
                for (uint256 i; i < 3; ++i) {
                    s[i] = pow5(addmod(s[i], roundConstants[r][i], P));
                }
                external_(s);
            } else {
                s[0] = pow5(addmod(s[0], roundConstants[r][0], P));
                internal_(s);
            }
        }
        return s[1];
    }

    function test_reference_matchesPublishedVector() public view {
        assertEq(
            referenceHash(123, 123456),
            0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de,
            "ref"
        );
    }

    function testFuzz_poseidon2_matchesReference(uint256 a, uint256 b) public view {
        a = bound(a, 0, P - 1);
        b = bound(b, 0, P - 1);
        assertEq(hasher.poseidon2(a, b), referenceHash(a, b), "Poseidon2Yul vs reference");
    }

    /// @dev Inputs near p stress the lazy reductions of the unrolled Yul.
    /// forge-config: ci.fuzz.runs = 2000
    function testFuzz_poseidon2_nearModulus(uint256 da, uint256 db) public view {
        uint256 a = P - 1 - bound(da, 0, 1000);
        uint256 b = P - 1 - bound(db, 0, 1000);
        assertEq(hasher.poseidon2(a, b), referenceHash(a, b), "near p");
    }
}
