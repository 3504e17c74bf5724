// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Test.sol";
import {PoseidonT3Solidity} from "../../solidity/PoseidonT3.sol";
import {PoseidonT3Yul} from "../../solidity/PoseidonT3Yul.sol";
import {IPoseidonErrors, IPoseidonT3Hasher, IStylusPoseidon} from "../../solidity/IStylusPoseidon.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";

/// @notice What the suites share: the field modulus, our hashers, the circomlibjs peer deployed from
/// its committed bytecode fixture, and the JSON vector loader.
abstract contract Fixtures is Test {
    uint256 internal constant P =
        21888242871839275222246405745257275088548364400416034343698204186575808495617;

    string internal constant POSEIDON_VECTORS = "test/vectors/poseidon.json";
    string internal constant POSEIDON2_VECTORS = "test/vectors/poseidon2.json";

    /// @notice One JSON test vector.
    struct Vector {
        uint256[] inputs;
        uint256 output;
    }

    /// @dev `count` field elements derived from `seed` (keccak256(seed, i) mod p): the fuzz tests' inputs.
    function elements(uint256 seed, uint256 count) internal pure returns (uint256[] memory out) {
        out = new uint256[](count);
        for (uint256 i; i < count; ++i) {
            out[i] = uint256(keccak256(abi.encode(seed, i))) % P;
        }
    }

    /// @dev The revert data of our hashers for an input >= p.
    function notInField(uint256 position, uint256 value) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, position, value);
    }

    /// @dev The revert data of a Stylus program for calldata that does not decode (a Solidity contract
    /// reverts without data).
    function invalidCalldata(bytes4 selector) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IStylusPoseidon.InvalidCalldata.selector, selector);
    }

    /// @dev `selector` followed by the words of `x`: the calldata of `f(uint256[n])` and `f(uint256, ...)`.
    function wordsCall(bytes4 selector, uint256[] memory x) internal pure returns (bytes memory out) {
        out = abi.encodePacked(selector);
        for (uint256 i; i < x.length; ++i) {
            out = bytes.concat(out, bytes32(x[i]));
        }
    }

    /// @dev The Stylus stand-in could not run the program (no ffi, no build, a trap): that failure, not a diff.
    function rethrowProxyFailure(bytes memory data) internal pure {
        if (data.length >= 4 && bytes4(data) == StylusMeterProgram.StylusMeterFailed.selector) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(data, 0x20), mload(data))
            }
        }
    }

    /// @dev Deploys the creation code circomlibjs `poseidonContract.createCode(2)` generated.
    function deployCircomlibT3() internal returns (address deployed) {
        return deployCircomlib(2);
    }

    /// @dev Deploys the creation code circomlibjs `poseidonContract.createCode(inputs)` generated (inputs
    /// 1 to 5, test/vectors/circomlib-poseidon-t{inputs + 1}.bytecode from scripts/gen/gen-vectors.mjs).
    function deployCircomlib(uint256 inputs) internal returns (address deployed) {
        string memory file =
            string.concat("test/vectors/circomlib-poseidon-t", vm.toString(inputs + 1), ".bytecode");
        bytes memory code = vm.parseBytes(vm.readFile(file));
        /// @solidity memory-safe-assembly
        assembly {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        assertTrue(deployed != address(0) && deployed.code.length != 0, "circomlib bytecode did not deploy");
    }

    /// @dev circomlibjs contracts expose `poseidon(uint256[2])`.
    function circomlibHash(address circomlib, uint256 a, uint256 b) internal view returns (uint256) {
        (bool ok, bytes memory ret) =
            circomlib.staticcall(abi.encodeWithSignature("poseidon(uint256[2])", [a, b]));
        assertTrue(ok && ret.length == 32, "circomlib call failed");
        return abi.decode(ret, (uint256));
    }

    /// @dev All vectors under `key` (e.g. ".t3") of a vector file.
    function loadVectors(string memory path, string memory key)
        internal
        view
        returns (Vector[] memory vectors)
    {
        string memory json = vm.readFile(path);
        uint256 count;
        while (vm.keyExistsJson(json, string.concat(key, "[", vm.toString(count), "]"))) ++count;
        assertTrue(count > 0, "no vectors");
        vectors = new Vector[](count);
        for (uint256 i; i < count; ++i) {
            string memory at = string.concat(key, "[", vm.toString(i), "]");
            vectors[i].inputs = vm.parseJsonUintArray(json, string.concat(at, ".inputs"));
            vectors[i].output = vm.parseJsonUint(json, string.concat(at, ".output"));
        }
    }
}
