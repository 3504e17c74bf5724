// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {GoldilocksVectors} from "../utils/GoldilocksVectors.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {StylusMeterProgram} from "../../solidity/testing/StylusMeterProgram.sol";
import {MidenPoseidon2Yul, RpoYul, RpxYul} from "../../solidity/MidenYul.sol";
import {IPoseidonErrors} from "../../solidity/IStylusPoseidon.sol";

/// @notice A Stylus program of one of Miden's hashes (the built WASM, run by the offline meter behind
/// `StylusMeterProxy`) and its Yul reference answer the same calls with byte-identical return or revert data:
/// miden-crypto's merge of the gas report's inputs, fuzzed inputs and every error. Every family has the same
/// functions under its own prefix, called here by name. Needs the built meter and WASM (scripts/build-wasm.sh)
/// and ffi (FOUNDRY_PROFILE=ci, as scripts/test-evm.sh runs it).
abstract contract StylusMeterMidenTest is GoldilocksVectors {
    /// @notice The two sides disagree on `call`.
    error Differs(bytes call, bool stylusOk, bytes stylusData, bool yulOk, bytes yulData);

    address internal stylus;
    address internal yul;

    /// @dev The family's function-name prefix, and its vectors file.
    function prefix() internal pure virtual returns (string memory);

    /// @dev The calldata of the family's `name(types)` with `args`.
    function encode(string memory name, string memory types, bytes memory args)
        internal
        pure
        returns (bytes memory)
    {
        return bytes.concat(bytes4(keccak256(bytes(string.concat(prefix(), name, "(", types, ")")))), args);
    }

    /// @dev Runs `call` on both; they must agree on success and on every byte. Returns what they agreed on.
    function same(bytes memory call) internal returns (bool ok, bytes memory data) {
        (bool stylusOk, bytes memory stylusData) = stylus.call(call);
        if (stylusData.length >= 4 && bytes4(stylusData) == StylusMeterProgram.StylusMeterFailed.selector) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(stylusData, 0x20), mload(stylusData))
            }
        }
        (bool yulOk, bytes memory yulData) = yul.call(call);
        if (stylusOk != yulOk || keccak256(stylusData) != keccak256(yulData)) {
            revert Differs(call, stylusOk, stylusData, yulOk, yulData);
        }
        return (stylusOk, stylusData);
    }

    function sameSuccess(bytes memory call) internal returns (bytes memory data) {
        bool ok;
        (ok, data) = same(call);
        assertTrue(ok, "both sides must succeed");
    }

    function sameRevert(bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = same(call);
        assertTrue(!ok && keccak256(data) == keccak256(expected), "both sides must revert with the error");
    }

    /// @dev miden-crypto's merge([1, 2, 3, 4], [5, 6, 7, 8]) from the family's vectors.
    function test_mergeOfTheGasReportInputs() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, 7, 8];
        bytes memory out = sameSuccess(encode("Merge", "uint64[4],uint64[4]", abi.encode(left, right)));
        uint256 n = count(".merge");
        bool found;
        for (uint256 v; v < n; ++v) {
            string memory at = string.concat(".merge[", vm.toString(v), "]");
            if (keccak256(abi.encode(digest(string.concat(at, ".left")))) != keccak256(abi.encode(left))) {
                continue;
            }
            assertTrue(keccak256(out) == keccak256(abi.encode(digest(string.concat(at, ".output")))), at);
            found = true;
        }
        assertTrue(found, "the vectors hold merge([1,2,3,4],[5,6,7,8])");
    }

    /// @dev The body of each family's `testFuzz_sameResults` (forge reads a fuzz test's inline run count from
    /// the contract that declares it, so each concrete contract declares its own).
    function sameResults(uint64[12] memory state, uint8 length, bytes memory data) internal {
        for (uint256 i; i < 12; ++i) {
            state[i] = state[i] >= P ? state[i] - P : state[i];
        }
        sameSuccess(encode("Permute", "uint64[12]", abi.encode(state)));
        uint64[4] memory left = [state[0], state[1], state[2], state[3]];
        uint64[4] memory right = [state[4], state[5], state[6], state[7]];
        sameSuccess(encode("Merge", "uint64[4],uint64[4]", abi.encode(left, right)));
        sameSuccess(encode("MergeInDomain", "uint64[4],uint64[4],uint64", abi.encode(left, right, state[8])));
        uint64[] memory elements = new uint64[](length % 20);
        for (uint256 i; i < elements.length; ++i) {
            elements[i] = state[i % 12];
        }
        sameSuccess(encode("HashElements", "uint64[]", abi.encode(elements)));
        sameSuccess(encode("HashBytes", "bytes", abi.encode(data)));
        uint64[4][] memory siblings = new uint64[4][](length % 5);
        for (uint256 j; j < siblings.length; ++j) {
            siblings[j] = [state[j], state[j + 1], state[j + 2], state[j + 3]];
        }
        uint256 index = uint256(keccak256(abi.encode(state))) % (1 << siblings.length);
        sameSuccess(
            encode("RootFromPath", "uint64[4],uint64[4][],uint256", abi.encode(left, siblings, index))
        );
    }

    function test_sameErrors() public {
        uint64[4] memory left = [uint64(1), 2, 3, 4];
        uint64[4] memory right = [uint64(5), 6, P, 8];
        sameRevert(
            encode("Merge", "uint64[4],uint64[4]", abi.encode(left, right)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 6, P)
        );
        sameRevert(
            encode("MergeInDomain", "uint64[4],uint64[4],uint64", abi.encode(left, left, type(uint64).max)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 8, type(uint64).max)
        );
        uint64[12] memory state;
        state[11] = type(uint64).max;
        sameRevert(
            encode("Permute", "uint64[12]", abi.encode(state)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 11, type(uint64).max)
        );
        uint64[] memory elements = new uint64[](10);
        elements[9] = P;
        sameRevert(
            encode("HashElements", "uint64[]", abi.encode(elements)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 9, P)
        );
        string memory path = "uint64[4],uint64[4][],uint256";
        sameRevert(
            encode("RootFromPath", path, abi.encode(right, new uint64[4][](65), 0)),
            abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 65, 64)
        );
        sameRevert(
            encode("RootFromPath", path, abi.encode(right, new uint64[4][](64), type(uint256).max)),
            abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, type(uint256).max, 64)
        );
        sameRevert(
            encode("RootFromPath", path, abi.encode(right, new uint64[4][](2), 3)),
            abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 2, P)
        );
    }
}

contract StylusMeterMidenPoseidon2Test is StylusMeterMidenTest {
    function setUp() public {
        stylus = address(new StylusMeterProxy("target/stylus/poseidon_stylus_miden_poseidon2.wasm"));
        yul = address(new MidenPoseidon2Yul());
        json = vm.readFile("test/vectors/miden-poseidon2.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "midenPoseidon2";
    }

    /// forge-config: ci.fuzz.runs = 16
    /// forge-config: default.fuzz.runs = 6
    function testFuzz_sameResults(uint64[12] memory state, uint8 length, bytes memory data) public {
        sameResults(state, length, data);
    }
}

contract StylusMeterRpoTest is StylusMeterMidenTest {
    function setUp() public {
        stylus = address(new StylusMeterProxy("target/stylus/poseidon_stylus_rpo.wasm"));
        yul = address(new RpoYul());
        json = vm.readFile("test/vectors/miden-rpo.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "rpo";
    }

    /// forge-config: ci.fuzz.runs = 16
    /// forge-config: default.fuzz.runs = 6
    function testFuzz_sameResults(uint64[12] memory state, uint8 length, bytes memory data) public {
        sameResults(state, length, data);
    }
}

contract StylusMeterRpxTest is StylusMeterMidenTest {
    function setUp() public {
        stylus = address(new StylusMeterProxy("target/stylus/poseidon_stylus_rpx.wasm"));
        yul = address(new RpxYul());
        json = vm.readFile("test/vectors/miden-rpx.json");
    }

    function prefix() internal pure override returns (string memory) {
        return "rpx";
    }

    /// forge-config: ci.fuzz.runs = 16
    /// forge-config: default.fuzz.runs = 6
    function testFuzz_sameResults(uint64[12] memory state, uint8 length, bytes memory data) public {
        sameResults(state, length, data);
    }
}
