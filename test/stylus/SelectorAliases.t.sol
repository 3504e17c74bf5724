// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {IPoseidonT3Hasher} from "../../solidity/IStylusPoseidon.sol";
import {PoseidonT3Yul} from "../../solidity/PoseidonT3Yul.sol";
import {PoseidonT3Solidity} from "../../solidity/PoseidonT3.sol";
import {NoirPoseidon2Yul} from "../../solidity/NoirPoseidon2Yul.sol";
import {NoirPoseidon2Solidity} from "../../solidity/NoirPoseidon2.sol";
import {PoseidonT2} from "poseidon-solidity/PoseidonT2.sol";
import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {PoseidonT4} from "poseidon-solidity/PoseidonT4.sol";
import {PoseidonT5} from "poseidon-solidity/PoseidonT5.sol";
import {PoseidonT6} from "poseidon-solidity/PoseidonT6.sol";

/// @notice Runs one calldata against a target with CALL, STATICCALL and DELEGATECALL (as a linked library
/// is called), so a test can see that all three answer alike.
contract CallKinds {
    function run(address target, bytes calldata data)
        external
        returns (bool[3] memory ok, bytes[3] memory out)
    {
        (ok[0], out[0]) = target.call(data);
        (ok[1], out[1]) = target.staticcall(data);
        (ok[2], out[2]) = target.delegatecall(data);
    }
}

/// @notice A consumer compiled against poseidon-solidity's `PoseidonT3` exactly as zk-kit's LeanIMT and
/// Semaphore are: `PoseidonT3.hash([a, b])`, a public library function, so the compiler DELEGATECALLs the
/// linked address with `hash(uint256[2])`.
contract LinkedPoseidonT3User {
    function hash(uint256 a, uint256 b) external pure returns (uint256) {
        return PoseidonT3.hash([a, b]);
    }
}

/// @notice What both suites share: the peers' selectors, calldata of words, the expected errors.
abstract contract AliasFixtures is Fixtures {
    string internal constant NOIR_VECTORS = "test/vectors/poseidon2-instances.json";

    /// @notice `call` gave other bytes than expected.
    error Unexpected(bytes call, bool ok, bytes data, bytes expected);

    /// @dev The three selectors of the other projects' interfaces for `n` inputs (contracts/selectors.json).
    function peerSelectors(uint256 n) internal pure returns (bytes4[3] memory) {
        string memory count = n == 1 ? "1" : n == 2 ? "2" : n == 3 ? "3" : n == 4 ? "4" : "5";
        return [
            bytes4(keccak256(bytes(string.concat("hash(uint256[", count, "])")))),
            bytes4(keccak256(bytes(string.concat("poseidon(uint256[", count, "])")))),
            bytes4(keccak256(bytes(string.concat("poseidon(bytes32[", count, "])"))))
        ];
    }

    /// @dev poseidon2-evm's `hash_1`, `hash_2`, `hash_3` for `n` inputs.
    function poseidon2EvmSelector(uint256 n) internal pure returns (bytes4) {
        if (n == 1) return bytes4(keccak256("hash_1(uint256)"));
        if (n == 2) return bytes4(keccak256("hash_2(uint256,uint256)"));
        return bytes4(keccak256("hash_3(uint256,uint256,uint256)"));
    }

    /// @dev poseidon-solidity's `PoseidonT{n+1}.hash` (its stock, linked library) of 1 to 5 inputs.
    function poseidonSolidity(uint256[] memory x) internal pure returns (uint256) {
        if (x.length == 1) return PoseidonT2.hash([x[0]]);
        if (x.length == 2) return PoseidonT3.hash([x[0], x[1]]);
        if (x.length == 3) return PoseidonT4.hash([x[0], x[1], x[2]]);
        if (x.length == 4) return PoseidonT5.hash([x[0], x[1], x[2], x[3]]);
        return PoseidonT6.hash([x[0], x[1], x[2], x[3], x[4]]);
    }

    /// @dev circomlibjs's contract answering `selector` (poseidon(uint256[n]) or poseidon(bytes32[n])).
    function circomlib(address peer, bytes4 selector, uint256[] memory x) internal view returns (uint256) {
        (bool ok, bytes memory out) = peer.staticcall(wordsCall(selector, x));
        assertTrue(ok && out.length == 32, "circomlibjs call failed");
        return abi.decode(out, (uint256));
    }

    /// @dev Noir's hash of 1 to 3 inputs from the vector file (equal to @zkpassport/poseidon2's poseidon2Hash).
    function noirVectors(uint256 n)
        internal
        view
        returns (uint256[][] memory inputs, uint256[] memory outputs)
    {
        Vector[] memory all = loadVectors(NOIR_VECTORS, ".noir");
        uint256 count;
        for (uint256 i; i < all.length; ++i) {
            if (all[i].inputs.length == n) ++count;
        }
        assertTrue(count > 0, "no Noir vector of this length");
        (inputs, outputs) = (new uint256[][](count), new uint256[](count));
        count = 0;
        for (uint256 i; i < all.length; ++i) {
            if (all[i].inputs.length == n) {
                (inputs[count], outputs[count++]) = (all[i].inputs, all[i].output);
            }
        }
    }
}

/// @notice Our EVM references answer the selectors apps already call, as the Stylus programs do:
/// `PoseidonT3Yul` and the plain `PoseidonT3Solidity` (`POSEIDON_T3_SOLIDITY`; both inherit
/// `PoseidonT3Aliases`) poseidon-solidity's `hash(uint256[2])` and circomlibjs's `poseidon(uint256[2])` /
/// `poseidon(bytes32[2])`, `NoirPoseidon2Yul` and the plain `NoirPoseidon2Solidity` (`NoirPoseidon2Aliases`)
/// poseidon2-evm's `hash_1`/`hash_2`/`hash_3`; each under CALL, STATICCALL and DELEGATECALL alike; a consumer
/// compiled against poseidon-solidity keeps its values when its linked `PoseidonT3` is one of ours; where the
/// peers reduce an input >= p silently, ours reverts `InputNotInField(position, value)`.
contract SelectorAliasesEvmTest is AliasFixtures {
    PoseidonT3Yul internal t3;
    PoseidonT3Solidity internal t3Solidity;
    NoirPoseidon2Yul internal noir;
    NoirPoseidon2Solidity internal noirSolidity;
    CallKinds internal kinds;
    LinkedPoseidonT3User internal user;
    address internal circomlibT3;

    function setUp() public {
        t3 = new PoseidonT3Yul();
        t3Solidity = new PoseidonT3Solidity();
        noir = new NoirPoseidon2Yul();
        noirSolidity = new NoirPoseidon2Solidity();
        kinds = new CallKinds();
        user = new LinkedPoseidonT3User();
        circomlibT3 = deployCircomlib(2);
    }

    /// @dev `call` on `target` under the three call kinds: all must give `ok` and exactly `expected`.
    function allKinds(address target, bytes memory call, bool ok, bytes memory expected) internal {
        (bool[3] memory oks, bytes[3] memory outs) = kinds.run(target, call);
        for (uint256 k; k < 3; ++k) {
            if (oks[k] != ok || keccak256(outs[k]) != keccak256(expected)) {
                revert Unexpected(call, oks[k], outs[k], expected);
            }
        }
    }

    /// @dev Every T3 selector of `target` on `a`, `b` (made canonical), then `bad` (made >= p) at one
    /// position: poseidon-solidity's value, then the same revert under every selector and call kind.
    function checkT3(address target, uint256 a, uint256 b, uint256 bad, bool second) internal {
        uint256[] memory x = new uint256[](2);
        (x[0], x[1]) = (bound(a, 0, P - 1), bound(b, 0, P - 1));
        bytes memory want = abi.encode(PoseidonT3.hash([x[0], x[1]]));
        bytes4[3] memory peers = peerSelectors(2);
        for (uint256 s; s < 3; ++s) {
            allKinds(target, wordsCall(peers[s], x), true, want);
        }
        allKinds(target, wordsCall(IPoseidonT3Hasher.hash.selector, x), true, want);
        uint256 position = second ? 1 : 0;
        x[position] = bound(bad, P, type(uint256).max);
        for (uint256 s; s < 3; ++s) {
            allKinds(target, wordsCall(peers[s], x), false, notInField(position, x[position]));
        }
    }

    /// forge-config: ci.fuzz.runs = 2000
    function testFuzz_t3_everySelectorUnderEveryCallKind(uint256 a, uint256 b, uint256 bad, bool second)
        public
    {
        checkT3(address(t3), a, b, bad, second);
    }

    /// @dev The plain Solidity reference (`POSEIDON_T3_SOLIDITY`) inherits the same aliases; ~16 times
    /// the Yul's gas per hash, so fewer runs.
    /// forge-config: default.fuzz.runs = 100
    /// forge-config: ci.fuzz.runs = 200
    function testFuzz_t3Solidity_everySelectorUnderEveryCallKind(
        uint256 a,
        uint256 b,
        uint256 bad,
        bool second
    ) public {
        checkT3(address(t3Solidity), a, b, bad, second);
    }

    /// forge-config: ci.fuzz.runs = 2000
    function testFuzz_t3_circomlibjsSelectorsGiveCircomlibjsValues(uint256 a, uint256 b) public view {
        uint256[] memory x = new uint256[](2);
        (x[0], x[1]) = (bound(a, 0, P - 1), bound(b, 0, P - 1));
        bytes4[3] memory peers = peerSelectors(2);
        for (uint256 s = 1; s < 3; ++s) {
            assertEq(
                circomlib(address(t3), peers[s], x), circomlib(circomlibT3, peers[s], x), "vs circomlibjs"
            );
        }
    }

    /// @dev circomlibjs's contract reduces p + a to a (its `addmod`); the Yul and the plain Solidity refuse it.
    function test_t3_refusesWhatCircomlibjsReduces() public {
        uint256[] memory x = new uint256[](2);
        (x[0], x[1]) = (P + 1, 2);
        uint256[] memory reduced = new uint256[](2);
        (reduced[0], reduced[1]) = (1, 2);
        bytes4[3] memory peers = peerSelectors(2);
        for (uint256 s = 1; s < 3; ++s) {
            assertEq(
                circomlib(circomlibT3, peers[s], x), circomlib(circomlibT3, peers[s], reduced), "reduces"
            );
            allKinds(address(t3), wordsCall(peers[s], x), false, notInField(0, P + 1));
            allKinds(address(t3Solidity), wordsCall(peers[s], x), false, notInField(0, P + 1));
        }
    }

    /// @dev The linked-library path as Semaphore and LeanIMT take it: the consumer keeps its bytecode, its
    /// library address now holds the Yul (as a deployer would link it), and every hash is the same.
    /// forge-config: ci.fuzz.runs = 2000
    function testFuzz_linkedPoseidonT3_answeredByTheYul(uint256 a, uint256 b) public {
        (a, b) = (bound(a, 0, P - 1), bound(b, 0, P - 1));
        uint256 stock = user.hash(a, b);
        vm.etch(address(PoseidonT3), address(t3).code);
        assertEq(user.hash(a, b), stock, "linked Yul vs stock PoseidonT3");
    }

    /// @dev The same link to the plain Solidity reference (fixed inputs: it costs ~16 times the Yul).
    function test_linkedPoseidonT3_answeredByThePlainSolidity() public {
        uint256[3] memory a = [uint256(1), 0, P - 1];
        uint256[3] memory b = [uint256(2), P - 1, 12345];
        uint256[3] memory stock;
        for (uint256 i; i < 3; ++i) {
            stock[i] = user.hash(a[i], b[i]);
        }
        vm.etch(address(PoseidonT3), address(t3Solidity).code);
        for (uint256 i; i < 3; ++i) {
            assertEq(user.hash(a[i], b[i]), stock[i], "linked PoseidonT3Solidity vs stock PoseidonT3");
        }
        (bool ok, bytes memory data) = address(user).call(abi.encodeCall(user.hash, (1, P)));
        if (ok || keccak256(data) != keccak256(notInField(1, P))) {
            revert Unexpected(abi.encodeCall(user.hash, (1, P)), ok, data, notInField(1, P));
        }
    }

    /// @dev poseidon-solidity reduces an input >= p silently (`mod(mload(0x80), F)`); linked to the Yul,
    /// the same consumer call reverts with the Yul's error, bubbled by the consumer.
    function test_linkedPoseidonT3_refusesWhatStockReduces() public {
        assertEq(user.hash(P + 1, 2), user.hash(1, 2), "stock PoseidonT3 reduces p + 1 to 1");
        vm.etch(address(PoseidonT3), address(t3).code);
        (bool ok, bytes memory data) = address(user).call(abi.encodeCall(user.hash, (P + 1, 2)));
        if (ok || keccak256(data) != keccak256(notInField(0, P + 1))) {
            revert Unexpected(abi.encodeCall(user.hash, (P + 1, 2)), ok, data, notInField(0, P + 1));
        }
        assertEq(
            user.hash(1, 2), 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a, "[1, 2]"
        );
    }

    function test_noir_poseidon2EvmSelectorsGiveNoirVectors() public {
        address[2] memory hashers = [address(noir), address(noirSolidity)];
        for (uint256 n = 1; n <= 3; ++n) {
            (uint256[][] memory inputs, uint256[] memory outputs) = noirVectors(n);
            for (uint256 i; i < inputs.length; ++i) {
                for (uint256 h; h < 2; ++h) {
                    allKinds(
                        hashers[h],
                        wordsCall(poseidon2EvmSelector(n), inputs[i]),
                        true,
                        abi.encode(outputs[i])
                    );
                }
            }
        }
    }

    /// @dev Each `hash_N` of `target` equals the Yul's `noirHash` of the same inputs, and refuses an input
    /// >= p where poseidon2-evm reduces it ("reduced mod PRIME on-chain", its IPoseidon2).
    function checkNoir(address target, uint256 seed, uint256 bad) internal {
        for (uint256 n = 1; n <= 3; ++n) {
            uint256[] memory x = elements(seed, n);
            bytes memory want = abi.encode(noir.noirHash(x));
            allKinds(target, wordsCall(poseidon2EvmSelector(n), x), true, want);
            uint256 position = seed % n;
            x[position] = bound(bad, P, type(uint256).max);
            allKinds(target, wordsCall(poseidon2EvmSelector(n), x), false, notInField(position, x[position]));
        }
    }

    /// forge-config: ci.fuzz.runs = 2000
    function testFuzz_noir_hashNEqualsNoirHash(uint256 seed, uint256 bad) public {
        checkNoir(address(noir), seed, bad);
    }

    /// @dev The plain Solidity Noir reference inherits the same aliases (~10 times the Yul's gas).
    /// forge-config: default.fuzz.runs = 100
    /// forge-config: ci.fuzz.runs = 200
    function testFuzz_noirSolidity_hashNEqualsNoirHash(uint256 seed, uint256 bad) public {
        checkNoir(address(noirSolidity), seed, bad);
    }
}

/// @notice The built Stylus programs (their WASM run by the offline meter behind `StylusMeterProxy`) answer the
/// same selectors with the peers' values: every circomlib width poseidon-solidity's `hash(uint256[N])` (against
/// its stock `PoseidonT{N+1}`) and circomlibjs's `poseidon(uint256[N])` / `poseidon(bytes32[N])` (against
/// `createCode(N)`'s contract), the Noir program poseidon2-evm's `hash_1`..`hash_3` (Noir's vectors and
/// `NoirPoseidon2Yul`), under CALL, STATICCALL and DELEGATECALL (as a linked library is called); an input the
/// peers reduce reverts `InputNotInField`. The DELEGATECALL runs the stand-in's front in this test contract's
/// context, whose storage holds strings (`wasm`): the front keeps nothing in storage and CALLs its runner,
/// which holds the meter and WASM paths (solidity/testing/StylusMeterProgram.sol). Needs
/// scripts/build-wasm.sh and ffi (FOUNDRY_PROFILE=ci).
contract SelectorAliasesStylusTest is AliasFixtures {
    string[5] internal wasm = [
        "target/stylus/poseidon_stylus_hash1.wasm",
        "target/stylus/poseidon_stylus.wasm",
        "target/stylus/poseidon_stylus_hash3.wasm",
        "target/stylus/poseidon_stylus_hash4.wasm",
        "target/stylus/poseidon_stylus_hash5.wasm"
    ];
    address[6] internal programs; // index n: the program of n inputs
    address[6] internal circomlibPeers;
    address internal noirProgram;
    NoirPoseidon2Yul internal noirYul;

    function setUp() public {
        for (uint256 n = 1; n <= 5; ++n) {
            programs[n] = address(new StylusMeterProxy(wasm[n - 1]));
            circomlibPeers[n] = deployCircomlib(n);
        }
        noirProgram = address(new StylusMeterProxy("target/stylus/poseidon_stylus_noir.wasm"));
        noirYul = new NoirPoseidon2Yul();
    }

    /// @dev `call` on the program by CALL, STATICCALL and DELEGATECALL: each `ok` with exactly `expected`.
    function everyKind(address program, bytes memory call, bool ok, bytes memory expected) internal {
        bool[3] memory oks;
        bytes[3] memory outs;
        (oks[0], outs[0]) = program.call(call);
        (oks[1], outs[1]) = program.staticcall(call);
        (oks[2], outs[2]) = program.delegatecall(call);
        for (uint256 k; k < 3; ++k) {
            rethrowProxyFailure(outs[k]);
            if (oks[k] != ok || keccak256(outs[k]) != keccak256(expected)) {
                revert Unexpected(call, oks[k], outs[k], expected);
            }
        }
    }

    /// @dev Every width, every peer selector: poseidon-solidity's and circomlibjs's values, and the refusal of
    /// p + 1, which both peers hash as 1.
    function checkWidths(uint256 seed) internal {
        for (uint256 n = 1; n <= 5; ++n) {
            uint256[] memory x = elements(seed, n);
            uint256 want = poseidonSolidity(x);
            bytes4[3] memory peers = peerSelectors(n);
            assertEq(circomlib(circomlibPeers[n], peers[1], x), want, "circomlibjs vs poseidon-solidity");
            for (uint256 s; s < 3; ++s) {
                everyKind(programs[n], wordsCall(peers[s], x), true, abi.encode(want));
            }
            uint256 last = x[n - 1];
            x[n - 1] = P + last;
            if (x[n - 1] >= P) {
                assertEq(poseidonSolidity(x), want, "poseidon-solidity reduces");
                assertEq(circomlib(circomlibPeers[n], peers[2], x), want, "circomlibjs reduces");
                for (uint256 s; s < 3; ++s) {
                    everyKind(programs[n], wordsCall(peers[s], x), false, notInField(n - 1, x[n - 1]));
                }
            }
        }
    }

    function test_everyWidth_peersSelectorsGivePeersValues() public {
        checkWidths(1);
        // circomlibjs's vectors too, through poseidon-solidity's selector.
        for (uint256 n = 1; n <= 5; ++n) {
            Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, string.concat(".t", vm.toString(n + 1)));
            for (uint256 i; i < vectors.length; i += 3) {
                everyKind(
                    programs[n],
                    wordsCall(peerSelectors(n)[0], vectors[i].inputs),
                    true,
                    abi.encode(vectors[i].output)
                );
            }
        }
    }

    /// forge-config: default.fuzz.runs = 3
    /// forge-config: ci.fuzz.runs = 3
    function testFuzz_everyWidth_peersSelectors(uint256 seed) public {
        checkWidths(seed);
    }

    function test_noir_poseidon2EvmSelectors() public {
        for (uint256 n = 1; n <= 3; ++n) {
            (uint256[][] memory inputs, uint256[] memory outputs) = noirVectors(n);
            for (uint256 i; i < inputs.length; ++i) {
                everyKind(
                    noirProgram, wordsCall(poseidon2EvmSelector(n), inputs[i]), true, abi.encode(outputs[i])
                );
            }
            uint256[] memory x = elements(n, n);
            everyKind(
                noirProgram, wordsCall(poseidon2EvmSelector(n), x), true, abi.encode(noirYul.noirHash(x))
            );
            x[n - 1] = P + 1;
            everyKind(noirProgram, wordsCall(poseidon2EvmSelector(n), x), false, notInField(n - 1, P + 1));
        }
    }
}
