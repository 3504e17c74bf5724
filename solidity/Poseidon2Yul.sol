// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Compile with the repository's settings (foundry.toml): solc 0.8.30, optimizer 200 runs, constantOptimizer
// off, EVM cancun, no metadata. They give the code at PoseidonAddresses' address and the measured gas;
// other settings give other code (dearer with the constant optimizer on, which loads each constant with
// CODECOPY) at another address. To use the documented contract, deploy or etch its code instead:
// solidity/deploy/Poseidon2YulDeployment.sol.

import {IPoseidonErrors} from "./IStylusPoseidon.sol";
import {Poseidon2T3Permutation} from "./generated/Poseidon2T3Permutation.sol";

/// @title Poseidon2 t = 3 two-input hash over BN254 in unrolled Yul
/// @notice `poseidon2(a, b)` equals openzeppelin-crypto 0.3 `Poseidon2::<BN256Params, FpBN256>` with
/// absorb(a), absorb(b), squeeze (source: openzeppelin-crypto 0.3 src/poseidon2/{mod.rs,
/// instance/bn256.rs}; parameters extracted to test/vectors/poseidon2-bn254-t3-params.json). Same
/// selector, checks and errors as the Stylus contract's `poseidon2`.
contract Poseidon2Yul is IPoseidonErrors {
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;

    /// @notice Poseidon2 sponge hash of (a, b); reverts `InputNotInField(position, value)` for an input >= p.
    function poseidon2(uint256 a, uint256 b) external pure returns (uint256) {
        if (a >= P) revert InputNotInField(0, a);
        if (b >= P) revert InputNotInField(1, b);
        return Poseidon2T3Permutation.hash(a, b);
    }
}
