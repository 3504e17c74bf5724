// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "./utils/Fixtures.sol";
import {NoirPoseidon2Yul} from "../solidity/NoirPoseidon2Yul.sol";
import {NoirPoseidon2Solidity} from "../solidity/NoirPoseidon2.sol";
import {INoirPoseidon2Hasher, IPoseidonErrors} from "../solidity/IStylusPoseidon.sol";
import {PoseidonHasher} from "../solidity/PoseidonHasher.sol";

/// @notice Noir's Poseidon2 hash and the t = 4 permutation: the Yul and the plain Solidity contracts against
/// test/vectors/poseidon2-instances.json (Noir hashes of lengths 0..20 equal to the npm package zkpassport/poseidon2,
/// permutation KATs of taceo-poseidon2 and TaceoLabs, TaceoLabs' compress vectors), against each other on
/// random inputs, and every error.
contract NoirPoseidon2Test is Fixtures {
    using PoseidonHasher for INoirPoseidon2Hasher;

    string internal constant VECTORS = "test/vectors/poseidon2-instances.json";

    INoirPoseidon2Hasher internal yul;
    INoirPoseidon2Hasher internal plain;
    string internal json;

    function setUp() public {
        yul = new NoirPoseidon2Yul();
        plain = new NoirPoseidon2Solidity();
        json = vm.readFile(VECTORS);
    }

    function count(string memory key) internal view returns (uint256 n) {
        while (vm.keyExistsJson(json, string.concat(key, "[", vm.toString(n), "]"))) ++n;
        assertTrue(n > 4, key);
    }

    function at(string memory key, uint256 i, string memory field) internal pure returns (string memory) {
        return string.concat(key, "[", vm.toString(i), "].", field);
    }

    function four(uint256[] memory x) internal pure returns (uint256[4] memory out) {
        assertEq(x.length, 4, "width");
        out = [x[0], x[1], x[2], x[3]];
    }

    function test_noirHash_vectors() public view {
        uint256 n = count(".noir");
        for (uint256 i; i < n; ++i) {
            uint256[] memory inputs = vm.parseJsonUintArray(json, at(".noir", i, "inputs"));
            uint256 want = vm.parseJsonUint(json, at(".noir", i, "output"));
            assertEq(yul.noirHash(inputs), want, "yul noirHash");
            assertEq(plain.noirHash(inputs), want, "solidity noirHash");
            assertEq(yul.hashNoir(inputs), want, "PoseidonHasher.hashNoir");
            if (inputs.length == 2) {
                assertEq(yul.noirHash2(inputs[0], inputs[1]), want, "yul noirHash2");
                assertEq(plain.noirHash2(inputs[0], inputs[1]), want, "solidity noirHash2");
                assertEq(yul.hashNoir2(inputs[0], inputs[1]), want, "PoseidonHasher.hashNoir2");
            }
        }
        // Noir's hash of [1, 2], as quoted by Noir and barretenberg users.
        assertEq(yul.noirHash2(1, 2), 0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383);
    }

    function test_permutation_and_compress_vectors() public view {
        string memory key = ".permutations.barretenberg-t4";
        uint256 n = count(key);
        for (uint256 i; i < n; ++i) {
            uint256[4] memory input = four(vm.parseJsonUintArray(json, at(key, i, "input")));
            uint256[4] memory want = four(vm.parseJsonUintArray(json, at(key, i, "output")));
            uint256[4] memory got = yul.poseidon2PermuteT4(input);
            uint256[4] memory gotPlain = plain.poseidon2PermuteT4(input);
            for (uint256 j; j < 4; ++j) {
                assertEq(got[j], want[j], "yul permutation");
                assertEq(gotPlain[j], want[j], "solidity permutation");
            }
        }
        key = ".compress.t4";
        n = count(key);
        for (uint256 i; i < n; ++i) {
            uint256[4] memory inputs = four(vm.parseJsonUintArray(json, at(key, i, "inputs")));
            uint256 want = vm.parseJsonUint(json, at(key, i, "output"));
            assertEq(yul.poseidon2CompressT4(inputs), want, "yul compress");
            assertEq(plain.poseidon2CompressT4(inputs), want, "solidity compress");
        }
    }

    function elements(uint256 seed, uint256 n, bool nearP) internal pure returns (uint256[] memory out) {
        out = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            uint256 r = uint256(keccak256(abi.encode(seed, i)));
            out[i] = nearP ? P - 1 - (r % 1000) : r % P;
        }
    }

    /// @dev The unrolled, lazily reduced Yul against the plain Solidity permutation; near-p inputs stress
    /// the reductions. Each run hashes up to 12 inputs with the plain permutation (~0.9 M gas): 1,000 runs.
    /// forge-config: ci.fuzz.runs = 1000
    function testFuzz_yul_equals_solidity(uint256 seed, uint8 length, bool nearP) public view {
        uint256[] memory inputs = elements(seed, length % 13, nearP);
        assertEq(yul.noirHash(inputs), plain.noirHash(inputs), "noirHash");
        uint256[] memory s = elements(seed ^ 1, 4, nearP);
        uint256[4] memory state = [s[0], s[1], s[2], s[3]];
        uint256[4] memory a = yul.poseidon2PermuteT4(state);
        uint256[4] memory b = plain.poseidon2PermuteT4(state);
        for (uint256 j; j < 4; ++j) {
            assertEq(a[j], b[j], "permutation");
        }
        assertEq(yul.noirHash2(s[0], s[1]), plain.noirHash2(s[0], s[1]), "noirHash2");
        assertEq(yul.poseidon2CompressT4(state), plain.poseidon2CompressT4(state), "compress");
    }

    function expectBoth(bytes memory call, bytes memory revertData) internal {
        for (uint256 k; k < 2; ++k) {
            (bool ok, bytes memory data) = address(k == 0 ? yul : plain).staticcall(call);
            assertTrue(!ok, "must revert");
            assertTrue(keccak256(data) == keccak256(revertData), "revert data");
        }
    }

    function test_every_error() public {
        for (uint256 b; b < 2; ++b) {
            uint256 bad = b == 0 ? P : type(uint256).max;
            for (uint256 pos; pos < 4; ++pos) {
                uint256[4] memory state = [uint256(1), 2, 3, 4];
                state[pos] = bad;
                bytes memory err = abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, pos, bad);
                expectBoth(abi.encodeCall(INoirPoseidon2Hasher.poseidon2PermuteT4, (state)), err);
                expectBoth(abi.encodeCall(INoirPoseidon2Hasher.poseidon2CompressT4, (state)), err);
                uint256[] memory inputs = elements(pos, 7, false);
                inputs[pos] = bad;
                inputs[6] = bad;
                expectBoth(abi.encodeCall(INoirPoseidon2Hasher.noirHash, (inputs)), err);
            }
            expectBoth(
                abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (bad, 1)),
                abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 0, bad)
            );
            expectBoth(
                abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (1, bad)),
                abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, bad)
            );
        }
        uint256[] memory tooMany = new uint256[](1025);
        tooMany[1024] = P; // the length is checked before the elements
        expectBoth(
            abi.encodeCall(INoirPoseidon2Hasher.noirHash, (tooMany)),
            abi.encodeWithSelector(IPoseidonErrors.TooManyInputs.selector, 1025, 1024)
        );
        // Bad calldata: Solidity reverts without data (the Stylus program says InvalidCalldata).
        bytes memory truncated = abi.encodeWithSelector(INoirPoseidon2Hasher.noirHash2.selector, uint256(1));
        expectBoth(truncated, "");
    }

    function test_maximum_length_is_accepted() public view {
        uint256[] memory inputs = elements(7, 1024, false);
        assertEq(yul.noirHash(inputs), plain.noirHash(inputs), "1,024 inputs");
    }
}
