// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {IPoseidonT3Hasher, INoirPoseidon2Hasher, IStylusPoseidon} from "../solidity/IStylusPoseidon.sol";
import {IPoseidonT3Aliases, INoirPoseidon2Aliases} from "../solidity/generated/IPoseidonAliases.sol";
import {PoseidonAddresses} from "../solidity/PoseidonAddresses.sol";
import {Create2Deployment} from "../solidity/deploy/Create2Deployment.sol";
import {PoseidonT3YulDeployment} from "../solidity/deploy/PoseidonT3YulDeployment.sol";
import {NoirPoseidon2YulDeployment} from "../solidity/deploy/NoirPoseidon2YulDeployment.sol";
import {Poseidon2YulDeployment} from "../solidity/deploy/Poseidon2YulDeployment.sol";
import {GoldilocksPoseidonYulDeployment} from "../solidity/deploy/GoldilocksPoseidonYulDeployment.sol";

/// @notice The packaged code of the Yul references (solidity/deploy/, generated from the deployed build and
/// checked against a fresh one by `node scripts/gen/gen-evm-code.mjs --check`): `deploy()` puts each at its
/// documented address through the CREATE2 factory, `runtimeCode()` is the code there, and the deployed code
/// answers as documented. One suite per reference: each embeds its code (up to 19 KB).
abstract contract DeploymentFixtures is Fixtures {
    /// @dev The deterministic-deployment proxy's runtime code (contracts/deployables.json
    /// `create2.factoryRuntimeCode`), put at its address when the test chain lacks it.
    bytes internal constant FACTORY_CODE =
        hex"7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";
    address internal constant FACTORY = 0x4e59b44847b379578588920cA78FbF26c0B4956C;

    function setUp() public virtual {
        if (FACTORY.code.length == 0) vm.etch(FACTORY, FACTORY_CODE);
    }
}

contract PoseidonT3YulDeploymentTest is DeploymentFixtures {
    function test_deploy_putsTheCodeAtItsAddress() public {
        address deployed = PoseidonT3YulDeployment.deploy();
        assertTrue(deployed == PoseidonAddresses.POSEIDON_T3_YUL, "documented address");
        assertTrue(deployed.codehash == PoseidonT3YulDeployment.CODE_HASH, "code hash");
        assertTrue(keccak256(PoseidonT3YulDeployment.runtimeCode()) == deployed.codehash, "runtimeCode()");
        assertTrue(PoseidonT3YulDeployment.deploy() == deployed, "a second deploy() finds it");
        uint256 want = 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a;
        assertEq(IPoseidonT3Hasher(deployed).hash(1, 2), want, "hash(1, 2)");
        assertEq(IPoseidonT3Aliases(deployed).hash([uint256(1), 2]), want, "hash([1, 2])");
        assertEq(
            uint256(IPoseidonT3Aliases(deployed).poseidon([bytes32(uint256(1)), bytes32(uint256(2))])), want
        );
    }

    function test_etchedRuntimeCode_isTheDeployedCode() public {
        vm.etch(PoseidonT3YulDeployment.ADDRESS, PoseidonT3YulDeployment.runtimeCode());
        assertTrue(PoseidonT3YulDeployment.ADDRESS.codehash == PoseidonT3YulDeployment.CODE_HASH, "code hash");
        assertTrue(PoseidonT3YulDeployment.deploy() == PoseidonT3YulDeployment.ADDRESS, "deploy() accepts it");
    }

    function test_deploy_refusesOtherCodeAtTheAddress() public {
        vm.etch(PoseidonT3YulDeployment.ADDRESS, hex"00");
        (bool ok, bytes memory data) = address(new Deployer()).call(abi.encodeCall(Deployer.t3, ()));
        bytes memory expected = abi.encodeWithSelector(
            Create2Deployment.NotDeployedAtItsAddress.selector, PoseidonT3YulDeployment.ADDRESS, address(0)
        );
        assertTrue(!ok && keccak256(data) == keccak256(expected), "NotDeployedAtItsAddress");
    }
}

contract NoirPoseidon2YulDeploymentTest is DeploymentFixtures {
    function test_deploy_putsTheCodeAtItsAddress() public {
        address deployed = NoirPoseidon2YulDeployment.deploy();
        assertTrue(deployed == PoseidonAddresses.NOIR_POSEIDON2_YUL, "documented address");
        assertTrue(deployed.codehash == NoirPoseidon2YulDeployment.CODE_HASH, "code hash");
        assertTrue(keccak256(NoirPoseidon2YulDeployment.runtimeCode()) == deployed.codehash, "runtimeCode()");
        uint256 want = 0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383;
        assertEq(INoirPoseidon2Hasher(deployed).noirHash2(1, 2), want, "noirHash2(1, 2)");
        assertEq(INoirPoseidon2Aliases(deployed).hash_2(1, 2), want, "hash_2(1, 2)");
    }
}

contract Poseidon2YulDeploymentTest is DeploymentFixtures {
    function test_deploy_putsTheCodeAtItsAddress() public {
        address deployed = Poseidon2YulDeployment.deploy();
        assertTrue(deployed == PoseidonAddresses.POSEIDON2_YUL, "documented address");
        assertTrue(keccak256(Poseidon2YulDeployment.runtimeCode()) == deployed.codehash, "runtimeCode()");
        assertEq(
            IStylusPoseidon(deployed).poseidon2(1, 2),
            0x303b6f7c86d043bfcbcc80214f26a30277a15d3f74ca654992defe7ff8d03570,
            "poseidon2(1, 2)"
        );
    }
}

contract GoldilocksPoseidonYulDeploymentTest is DeploymentFixtures {
    function test_deploy_putsTheCodeAtItsAddress() public {
        address deployed = GoldilocksPoseidonYulDeployment.deploy();
        assertTrue(deployed == PoseidonAddresses.GOLDILOCKS_POSEIDON_YUL, "documented address");
        assertTrue(
            keccak256(GoldilocksPoseidonYulDeployment.runtimeCode()) == deployed.codehash, "runtimeCode()"
        );
    }
}

/// @notice Runs `deploy()` in its own frame, so a test sees its revert data.
contract Deployer {
    function t3() external returns (address) {
        return PoseidonT3YulDeployment.deploy();
    }
}
