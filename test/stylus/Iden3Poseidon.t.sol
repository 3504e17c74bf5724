// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {IPoseidonErrors, IPoseidonT7Hasher} from "../../solidity/IStylusPoseidon.sol";

/// @notice iden3's `PoseidonUnit6L` (circomlibjs `createCode(6)`).
interface IPoseidonUnit6L {
    function poseidon(uint256[6] calldata inputs) external pure returns (uint256);
}

/// @notice iden3's `SpongePoseidon` library (a public function, callable directly).
interface ISpongePoseidon {
    function hash(uint256[] calldata values) external pure returns (uint256);
}

/// @notice The six-input program as deployed (`poseidon_stylus_hash6.wasm`, run by the offline meter behind
/// `StylusMeterProxy`) against iden3's contracts as published: `hash` of six inputs and circomlibjs's
/// `poseidon(uint256[6])` against circomlibjs `createCode(6)` (what `PoseidonUnit6L` links), and
/// `poseidonSponge` against iden3's contracts (npm, 3.4.0) `SpongePoseidon` (its compiled artifact, linked to that
/// contract). Needs scripts/build-wasm.sh and ffi (FOUNDRY_PROFILE=ci).
contract Iden3PoseidonStylusTest is Fixtures {
    string internal constant SPONGE_ARTIFACT =
        "node_modules/@iden3/contracts/build/contracts/SpongePoseidon.json";
    /// @dev The artifact's link reference (its `linkReferences`): solc's placeholder is the first 17 bytes of
    /// keccak256 of this fully qualified name.
    string internal constant UNIT6_NAME = "project/contracts/lib/Poseidon.sol:PoseidonUnit6L";

    IPoseidonT7Hasher internal program;
    IPoseidonUnit6L internal unit6;
    ISpongePoseidon internal sponge;

    function setUp() public {
        program = IPoseidonT7Hasher(address(new StylusMeterProxy("target/stylus/poseidon_stylus_hash6.wasm")));
        unit6 = IPoseidonUnit6L(deployCircomlib(6));
        string memory code = vm.parseJsonString(vm.readFile(SPONGE_ARTIFACT), ".bytecode");
        string memory placeholder =
            string.concat("__$", hexOf(abi.encodePacked(keccak256(bytes(UNIT6_NAME))), 17), "$__");
        assertTrue(vm.contains(code, placeholder), "SpongePoseidon links PoseidonUnit6L");
        code = vm.replace(code, placeholder, hexOf(abi.encodePacked(address(unit6)), 20));
        assertTrue(!vm.contains(code, "__$"), "every link resolved");
        bytes memory initCode = vm.parseBytes(code);
        address deployed;
        /// @solidity memory-safe-assembly
        assembly {
            deployed := create(0, add(initCode, 0x20), mload(initCode))
        }
        assertTrue(deployed != address(0) && deployed.code.length != 0, "SpongePoseidon did not deploy");
        sponge = ISpongePoseidon(deployed);
    }

    /// @dev The first `bytes_` bytes of `data` as lowercase hex, without 0x.
    function hexOf(bytes memory data, uint256 bytes_) internal pure returns (string memory) {
        bytes memory digits = "0123456789abcdef";
        bytes memory out = new bytes(2 * bytes_);
        for (uint256 i; i < bytes_; ++i) {
            out[2 * i] = digits[uint8(data[i]) >> 4];
            out[2 * i + 1] = digits[uint8(data[i]) & 15];
        }
        return string(out);
    }

    function test_hashOfOneToSixIsIden3sPoseidon6() public view {
        uint256 want = 0x2d1a03850084442813c8ebf094dea47538490a68b05f2239134a4cca2f6302e1;
        assertEq(program.hash(1, 2, 3, 4, 5, 6), want);
        assertEq(unit6.poseidon([uint256(1), 2, 3, 4, 5, 6]), want);
        assertEq(IPoseidonUnit6L(address(program)).poseidon([uint256(1), 2, 3, 4, 5, 6]), want);
    }

    /// forge-config: default.fuzz.runs = 20
    /// forge-config: ci.fuzz.runs = 50
    function testFuzz_hashAndPoseidonEqualCreateCode6(uint256 seed) public view {
        uint256[] memory x = elements(seed, 6);
        uint256[6] memory inputs = [x[0], x[1], x[2], x[3], x[4], x[5]];
        uint256 want = unit6.poseidon(inputs);
        assertEq(program.hash(x[0], x[1], x[2], x[3], x[4], x[5]), want);
        assertEq(IPoseidonUnit6L(address(program)).poseidon(inputs), want);
    }

    /// forge-config: default.fuzz.runs = 20
    /// forge-config: ci.fuzz.runs = 50
    function testFuzz_poseidonSpongeEqualsSpongePoseidon(uint256 seed, uint8 length) public view {
        uint256[] memory values = elements(seed, uint256(length) % 40);
        assertEq(program.poseidonSponge(values), sponge.hash(values));
    }

    function test_poseidonSpongeOfEveryLengthToThirtyTwo() public view {
        for (uint256 n; n <= 32; ++n) {
            uint256[] memory values = elements(n, n);
            assertEq(program.poseidonSponge(values), sponge.hash(values));
        }
    }

    /// @dev @iden3/js-crypto's vectors (test/vectors/iden3-sponge.json: 1 to 40 values and the extremes, all
    /// p - 1 across frames and mixed): the program and the published SpongePoseidon both give them.
    function test_poseidonSpongeOfIden3sVectors() public view {
        Vector[] memory vectors = loadVectors("test/vectors/iden3-sponge.json", ".cases");
        for (uint256 i; i < vectors.length; ++i) {
            assertEq(sponge.hash(vectors[i].inputs), vectors[i].output, "SpongePoseidon");
            assertEq(program.poseidonSponge(vectors[i].inputs), vectors[i].output, "program");
        }
    }

    /// @dev SpongePoseidon reduces a value >= p silently (circomlibjs's contract works mod p); the program
    /// names it.
    function test_poseidonSpongeRejectsAValueNotInField() public {
        uint256[] memory values = elements(1, 13);
        values[7] = P + 1;
        vm.expectRevert(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 7, P + 1));
        program.poseidonSponge(values);
    }
}
