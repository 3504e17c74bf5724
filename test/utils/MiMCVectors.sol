// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./Fixtures.sol";
import {IHasher, IMiMCHasher} from "../../solidity/IStylusPoseidon.sol";

/// @dev circomlibjs's generated contracts' functions (their ABI in circomlibjs 0.1.7).
interface ICircomlibMiMC {
    function MiMCSponge(uint256 xL_in, uint256 xR_in, uint256 k)
        external
        view
        returns (uint256 xL, uint256 xR);
    function MiMCpe7(uint256 in_x, uint256 in_k) external view returns (uint256 out_x);
}

/// @notice What the MiMC suites share: test/vectors/mimc.json (circomlibjs 0.1.7's JS hashes, from
/// scripts/gen/gen-mimc-vectors.mjs) read from `json`, and the EVM peers deployed from their committed
/// bytecode: circomlibjs's generated MiMCSponge and MiMCpe7 contracts, our Tornado-shaped two-argument
/// hasher and one-call hashLeftRight contract.
abstract contract MiMCVectors is Fixtures {
    string internal constant MIMC_VECTORS = "test/vectors/mimc.json";

    ICircomlibMiMC internal sponge;
    ICircomlibMiMC internal mimc7;
    IHasher internal tornado;
    IMiMCHasher internal oneCall;
    /// @dev The vector file; `deployPeers` reads it.
    string internal json;

    /// @dev Each suite's `setUp` calls it.
    function deployPeers() internal {
        sponge = ICircomlibMiMC(deployFile("test/vectors/circomlib-mimcsponge.bytecode"));
        mimc7 = ICircomlibMiMC(deployFile("test/vectors/circomlib-mimc7.bytecode"));
        tornado = IHasher(deployFile("test/vectors/tornado-mimcsponge.bytecode"));
        oneCall = IMiMCHasher(deployFile("test/vectors/mimcsponge-hashleftright.bytecode"));
        json = vm.readFile(MIMC_VECTORS);
    }

    function deployFile(string memory file) internal returns (address deployed) {
        bytes memory code = vm.parseBytes(vm.readFile(file));
        /// @solidity memory-safe-assembly
        assembly {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        assertTrue(
            deployed != address(0) && deployed.code.length != 0, string.concat(file, " did not deploy")
        );
    }

    /// @dev How many rows the array at `key` has (at least one).
    function count(string memory key) internal view returns (uint256 n) {
        while (vm.keyExistsJson(json, string.concat(key, "[", vm.toString(n), "]"))) ++n;
        assertTrue(n > 0, string.concat("no vectors at ", key));
    }

    /// @dev The JSON path of `field` in row `i` of the array at `key`.
    function at(string memory key, uint256 i, string memory field) internal pure returns (string memory) {
        return string.concat(key, "[", vm.toString(i), "].", field);
    }
}
