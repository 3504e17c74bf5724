// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";
import {NoirPoseidon2Yul} from "../../solidity/NoirPoseidon2Yul.sol";
import {INoirPoseidon2Hasher, IPoseidonErrors} from "../../solidity/IStylusPoseidon.sol";
import {PoseidonHasher} from "../../solidity/PoseidonHasher.sol";

/// @notice A Solidity consumer gets the same bytes (values and revert data) from the Stylus program
/// `poseidon_stylus_noir.wasm` (the built WASM run by the offline meter behind `StylusMeterProxy`) as from
/// `NoirPoseidon2Yul`, for Noir's hash, the t = 4 permutation and compress, through the interface and the
/// `PoseidonHasher` helpers. Needs scripts/build-wasm.sh and ffi (FOUNDRY_PROFILE=ci), as StylusMeter.t.sol.
/// Each Stylus call is one meter process (~0.2 s): small fuzz run counts.
contract NoirStylusMeterTest is Fixtures {
    using PoseidonHasher for INoirPoseidon2Hasher;

    string internal constant NOIR_WASM = "target/stylus/poseidon_stylus_noir.wasm";
    string internal constant VECTORS = "test/vectors/poseidon2-instances.json";

    /// @notice The two sides disagree on `call`.
    error Differs(bytes call, bool stylusOk, bytes stylusData, bool yulOk, bytes yulData);

    INoirPoseidon2Hasher internal stylus;
    INoirPoseidon2Hasher internal yul;

    function setUp() public {
        stylus = INoirPoseidon2Hasher(address(new StylusMeterProxy(NOIR_WASM)));
        yul = new NoirPoseidon2Yul();
    }

    /// @dev `call` on both: same success, same bytes; returns them.
    function same(bytes memory call) internal returns (bool ok, bytes memory data) {
        (bool stylusOk, bytes memory stylusData) = address(stylus).call(call);
        if (stylusData.length >= 4 && bytes4(stylusData) == StylusMeterProgram.StylusMeterFailed.selector) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(stylusData, 0x20), mload(stylusData))
            }
        }
        (bool yulOk, bytes memory yulData) = address(yul).call(call);
        if (stylusOk != yulOk || keccak256(stylusData) != keccak256(yulData)) {
            revert Differs(call, stylusOk, stylusData, yulOk, yulData);
        }
        return (stylusOk, stylusData);
    }

    function sameWord(bytes memory call) internal returns (uint256) {
        (bool ok, bytes memory data) = same(call);
        assertTrue(ok, "call reverted");
        return abi.decode(data, (uint256));
    }

    function sameRevert(bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = same(call);
        assertTrue(!ok && keccak256(data) == keccak256(expected), "expected revert data");
    }

    function test_noirHash_vectors_through_interface_and_library() public {
        string memory json = vm.readFile(VECTORS);
        for (uint256 i; vm.keyExistsJson(json, string.concat(".noir[", vm.toString(i), "]")); ++i) {
            string memory at = string.concat(".noir[", vm.toString(i), "]");
            uint256[] memory inputs = vm.parseJsonUintArray(json, string.concat(at, ".inputs"));
            uint256 want = vm.parseJsonUint(json, string.concat(at, ".output"));
            assertEq(sameWord(abi.encodeCall(INoirPoseidon2Hasher.noirHash, (inputs))), want, "noirHash");
            if (inputs.length == 2) {
                assertEq(
                    sameWord(abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (inputs[0], inputs[1]))),
                    want,
                    "noirHash2"
                );
            }
        }
        // The one-line helpers, on the Stylus program.
        uint256[] memory three = new uint256[](3);
        (three[0], three[1], three[2]) = (1, 2, 3);
        assertEq(stylus.hashNoir(three), yul.hashNoir(three), "hashNoir");
        assertEq(stylus.hashNoir2(1, 2), 0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383);
    }

    function test_permutation_and_compress_vectors() public {
        string memory json = vm.readFile(VECTORS);
        for (uint256 i; i < 4; ++i) {
            string memory at = string.concat(".permutations.barretenberg-t4[", vm.toString(i), "]");
            uint256[] memory s = vm.parseJsonUintArray(json, string.concat(at, ".input"));
            uint256[] memory want = vm.parseJsonUintArray(json, string.concat(at, ".output"));
            uint256[4] memory state = [s[0], s[1], s[2], s[3]];
            (bool ok, bytes memory data) =
                same(abi.encodeCall(INoirPoseidon2Hasher.poseidon2PermuteT4, (state)));
            assertTrue(ok, "permutation reverted");
            uint256[4] memory got = abi.decode(data, (uint256[4]));
            for (uint256 j; j < 4; ++j) {
                assertEq(got[j], want[j], "permutation");
            }
            sameWord(abi.encodeCall(INoirPoseidon2Hasher.poseidon2CompressT4, (state)));
        }
    }

    /// @dev Random lengths 0..7 with about one element in eight >= p: values and revert data agree.
    /// forge-config: default.fuzz.runs = 24
    /// forge-config: ci.fuzz.runs = 24
    function testFuzz_noirHash_sameAsYul(uint256 seed, uint8 length) public {
        uint256[] memory inputs = new uint256[](length % 8);
        for (uint256 i; i < inputs.length; ++i) {
            uint256 r = uint256(keccak256(abi.encode(seed, i)));
            inputs[i] = r % 8 == 0 ? r : r % P;
        }
        same(abi.encodeCall(INoirPoseidon2Hasher.noirHash, (inputs)));
    }

    /// forge-config: default.fuzz.runs = 24
    /// forge-config: ci.fuzz.runs = 24
    function testFuzz_noirHash2_and_permutation_sameAsYul(uint256 a, uint256 b, uint8 shape) public {
        if (shape & 1 != 0) a %= P;
        if (shape & 2 != 0) b %= P;
        if (shape & 4 != 0) {
            same(abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (a, b)));
        } else {
            same(abi.encodeCall(INoirPoseidon2Hasher.poseidon2PermuteT4, ([a, b, a ^ b, 1])));
        }
    }

    function test_errors_are_the_same() public {
        uint256[4] memory state = [uint256(1), 2, P, 3];
        bytes memory at2 = abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P);
        sameRevert(abi.encodeCall(INoirPoseidon2Hasher.poseidon2PermuteT4, (state)), at2);
        sameRevert(abi.encodeCall(INoirPoseidon2Hasher.poseidon2CompressT4, (state)), at2);
        uint256[] memory inputs = new uint256[](5);
        inputs[2] = P;
        inputs[4] = type(uint256).max;
        sameRevert(abi.encodeCall(INoirPoseidon2Hasher.noirHash, (inputs)), at2);
        sameRevert(
            abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (1, type(uint256).max)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, type(uint256).max)
        );
        sameRevert(
            abi.encodeCall(INoirPoseidon2Hasher.noirHash, (new uint256[](1025))),
            abi.encodeWithSelector(IPoseidonErrors.TooManyInputs.selector, 1025, 1024)
        );
        // Calldata that does not decode: the Stylus program names the selector (Solidity reverts empty).
        bytes memory truncated = abi.encodeWithSelector(INoirPoseidon2Hasher.noirHash2.selector, uint256(1));
        (bool ok, bytes memory data) = address(stylus).call(truncated);
        assertTrue(
            !ok && keccak256(data) == keccak256(invalidCalldata(INoirPoseidon2Hasher.noirHash2.selector)),
            "InvalidCalldata"
        );
    }
}
