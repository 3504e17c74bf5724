// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterProxy} from "../utils/StylusMeterProxy.sol";
import {StylusMeterProgram, StylusMeterRunner} from "../../solidity/testing/StylusMeterProgram.sol";
import {PoseidonT3Yul} from "../../solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "../../solidity/Poseidon2Yul.sol";
import {IPoseidonErrors, IPoseidonT3Hasher, IStylusPoseidon} from "../../solidity/IStylusPoseidon.sol";
import {PoseidonHasher} from "../../solidity/PoseidonHasher.sol";
import {IncrementalMerkleTree} from "../../solidity/examples/IncrementalMerkleTree.sol";

/// @notice A Solidity consumer gets the same values and the same revert data from the Stylus programs
/// (the built WASM, run by the offline meter behind `StylusMeterProxy`: `hash` on the T3 program and on
/// the T3 Merkle program, the Merkle functions on the latter) as from the Yul contracts,
/// through the `IPoseidonT3Hasher`/`IStylusPoseidon` interface and through the `PoseidonHasher` library,
/// and the example tree built on either hasher has the same roots.
/// Needs the built meter and WASM (scripts/build-wasm.sh; scripts/test.sh runs it first) and ffi
/// (FOUNDRY_PROFILE=ci, as scripts/test-evm.sh runs it): without them every test fails, saying so.
/// Each call to the Stylus side is one meter process (~0.2 s), so the fuzz run counts are small.
contract StylusMeterTest is Fixtures {
    using PoseidonHasher for IPoseidonT3Hasher;
    using PoseidonHasher for IStylusPoseidon;

    string internal constant T3_WASM = "target/stylus/poseidon_stylus.wasm";
    string internal constant MERKLE_WASM = "target/stylus/poseidon_stylus_merkle.wasm";
    string internal constant POSEIDON2_WASM = "target/stylus/poseidon_stylus_poseidon2.wasm";

    /// @notice The two sides of a check disagree (`how`: "interface" or "library").
    error Differs(string how, bytes call, bool stylusOk, bytes stylusData, bool yulOk, bytes yulData);
    /// @notice The Stylus program answers `InvalidCalldata(selector)` to a function the Yul side has.
    error StylusProgramLacks(bytes4 selector, string hint);
    /// @notice Both sides agree, but not with what the interface documents.
    error Unexpected(bytes call, bool ok, bytes data, bytes expected);

    /// @dev The T3 program: `hash` and its aliases only.
    IPoseidonT3Hasher internal stylus;
    /// @dev The T3 Merkle program: the whole `IPoseidonT3Hasher`.
    IPoseidonT3Hasher internal stylusMerkle;
    IPoseidonT3Hasher internal yul;
    IStylusPoseidon internal stylusPoseidon2;
    /// @dev `Poseidon2Yul` implements the `poseidon2` part of `IStylusPoseidon`.
    IStylusPoseidon internal yulPoseidon2;

    function setUp() public {
        stylus = IPoseidonT3Hasher(address(new StylusMeterProxy(T3_WASM)));
        stylusMerkle = IPoseidonT3Hasher(address(new StylusMeterProxy(MERKLE_WASM)));
        yul = new PoseidonT3Yul();
        stylusPoseidon2 = IStylusPoseidon(address(new StylusMeterProxy(POSEIDON2_WASM)));
        yulPoseidon2 = IStylusPoseidon(address(new Poseidon2Yul()));
    }

    // ---------------------------------------------------------------- the consumer and the comparison

    /// @notice Makes the call `call` (calldata of an `IStylusPoseidon` function) on `hasher` the way a
    /// Solidity consumer does: a typed interface call, or the `PoseidonHasher` library. Returns the
    /// ABI-encoded result; a revert of the hasher comes out unchanged (both ways re-throw it as is).
    function consume(address hasher, bytes calldata call, bool viaLibrary)
        external
        view
        returns (bytes memory)
    {
        bytes4 selector = bytes4(call);
        IPoseidonT3Hasher h = IPoseidonT3Hasher(hasher);
        if (selector == IPoseidonT3Hasher.hash.selector) {
            (uint256 a, uint256 b) = abi.decode(call[4:], (uint256, uint256));
            return abi.encode(viaLibrary ? h.hashT3(a, b) : h.hash(a, b));
        }
        if (selector == IStylusPoseidon.poseidon2.selector) {
            (uint256 a, uint256 b) = abi.decode(call[4:], (uint256, uint256));
            IStylusPoseidon h2 = IStylusPoseidon(hasher);
            return abi.encode(viaLibrary ? h2.hashPoseidon2(a, b) : h2.poseidon2(a, b));
        }
        if (selector == IPoseidonT3Hasher.hashPairs.selector) {
            uint256[] memory flat = abi.decode(call[4:], (uint256[]));
            return abi.encode(viaLibrary ? h.hashT3Pairs(flat) : h.hashPairs(flat));
        }
        (uint256 leaf, uint256[] memory siblings, uint256 pathBits) =
            abi.decode(call[4:], (uint256, uint256[], uint256));
        if (selector == IPoseidonT3Hasher.rootFromPath.selector) {
            return abi.encode(
                viaLibrary
                    ? h.computeRoot(leaf, siblings, pathBits)
                    : h.rootFromPath(leaf, siblings, pathBits)
            );
        }
        if (selector == IPoseidonT3Hasher.nodesFromPath.selector) {
            return abi.encode(
                viaLibrary
                    ? h.computePathNodes(leaf, siblings, pathBits)
                    : h.nodesFromPath(leaf, siblings, pathBits)
            );
        }
        revert("consume: not a hasher function");
    }

    /// @dev The ways `same` makes a call (a bit mask).
    uint256 internal constant INTERFACE = 1;
    uint256 internal constant LIBRARY = 2;
    uint256 internal constant BOTH_WAYS = 3;

    /// @dev Runs `call` on both hashers, each of `ways` (through the interface, through the library):
    /// every run must agree on success and on the bytes (result or revert data). Returns what they
    /// agreed on (the result ABI-encoded, or the revert data).
    function same(address onStylus, address onYul, bytes memory call, uint256 ways)
        internal
        returns (bool ok, bytes memory data)
    {
        bool first = true;
        for (uint256 way = INTERFACE; way <= LIBRARY; way <<= 1) {
            if (ways & way == 0) continue;
            bool viaLibrary = way == LIBRARY;
            (bool stylusOk, bytes memory stylusData) =
                address(this).call(abi.encodeCall(this.consume, (onStylus, call, viaLibrary)));
            rethrowProxyFailure(stylusData);
            (bool yulOk, bytes memory yulData) =
                address(this).call(abi.encodeCall(this.consume, (onYul, call, viaLibrary)));
            bytes memory unknown = invalidCalldata(bytes4(call));
            if (keccak256(stylusData) == keccak256(unknown) && keccak256(yulData) != keccak256(unknown)) {
                revert StylusProgramLacks(
                    bytes4(call), "the built WASM predates this function: run scripts/build-wasm.sh"
                );
            }
            if (stylusOk != yulOk || keccak256(stylusData) != keccak256(yulData)) {
                revert Differs(
                    viaLibrary ? "library" : "interface", call, stylusOk, stylusData, yulOk, yulData
                );
            }
            if (!first && (ok != stylusOk || keccak256(data) != keccak256(stylusData))) {
                revert Differs("interface vs library", call, ok, data, stylusOk, stylusData);
            }
            (ok, data, first) = (stylusOk, stylusData, false);
        }
        if (ok) data = abi.decode(data, (bytes));
    }

    function sameT3Value(bytes memory call) internal returns (bytes memory data) {
        bool ok;
        (ok, data) = same(address(stylus), address(yul), call, BOTH_WAYS);
        if (!ok) revert Unexpected(call, ok, data, "");
    }

    function sameRevert(address onStylus, address onYul, bytes memory call, bytes memory expected) internal {
        (bool ok, bytes memory data) = same(onStylus, onYul, call, BOTH_WAYS);
        if (ok || keccak256(data) != keccak256(expected)) revert Unexpected(call, ok, data, expected);
    }

    function sameT3Revert(bytes memory call, bytes memory expected) internal {
        sameRevert(address(stylus), address(yul), call, expected);
    }

    function sameMerkleValue(bytes memory call) internal returns (bytes memory data) {
        bool ok;
        (ok, data) = same(address(stylusMerkle), address(yul), call, BOTH_WAYS);
        if (!ok) revert Unexpected(call, ok, data, "");
    }

    function sameMerkleRevert(bytes memory call, bytes memory expected) internal {
        sameRevert(address(stylusMerkle), address(yul), call, expected);
    }

    // ---------------------------------------------------------------- hash

    function test_hash_vectors() public {
        Vector[] memory vectors = loadVectors(POSEIDON_VECTORS, ".t3");
        for (uint256 i; i < vectors.length; ++i) {
            (uint256 a, uint256 b) = (vectors[i].inputs[0], vectors[i].inputs[1]);
            bytes memory data = sameT3Value(abi.encodeCall(IPoseidonT3Hasher.hash, (a, b)));
            assertEq(abi.decode(data, (uint256)), vectors[i].output, "t3 vector");
            data = sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.hash, (a, b)));
            assertEq(abi.decode(data, (uint256)), vectors[i].output, "t3 vector on the Merkle program");
        }
    }

    /// forge-config: default.fuzz.runs = 64
    /// forge-config: ci.fuzz.runs = 64
    function testFuzz_hash_sameAsYul(uint256 a, uint256 b, uint8 shape) public {
        sameTwoInputs(address(stylus), address(yul), IPoseidonT3Hasher.hash.selector, a, b, shape);
    }

    /// @dev A two-input function (hash, poseidon2). `shape` bits 0 and 1 reduce a and b into the field
    /// (so about a third of the runs hash and the others revert: a raw uint256 is >= p four times out of
    /// five); bit 2 picks the library over the interface (one meter run per fuzz run).
    function sameTwoInputs(
        address onStylus,
        address onYul,
        bytes4 selector,
        uint256 a,
        uint256 b,
        uint8 shape
    ) internal {
        if (shape & 1 != 0) a %= P;
        if (shape & 2 != 0) b %= P;
        bytes memory call = abi.encodeWithSelector(selector, a, b);
        (bool ok, bytes memory data) = same(onStylus, onYul, call, shape & 4 != 0 ? LIBRARY : INTERFACE);
        bytes memory expected = a >= P ? notInField(0, a) : b >= P ? notInField(1, b) : bytes("");
        if (ok != (expected.length == 0) || (!ok && keccak256(data) != keccak256(expected))) {
            revert Unexpected(call, ok, data, expected);
        }
    }

    function test_hash_errors() public {
        sameT3Revert(abi.encodeCall(IPoseidonT3Hasher.hash, (P, 1)), notInField(0, P));
        sameT3Revert(
            abi.encodeCall(IPoseidonT3Hasher.hash, (1, type(uint256).max)), notInField(1, type(uint256).max)
        );
        sameT3Revert(abi.encodeCall(IPoseidonT3Hasher.hash, (P + 1, P + 2)), notInField(0, P + 1));
    }

    // ---------------------------------------------------------------- rootFromPath, nodesFromPath

    /// @dev The gas report's path (scripts/gas-report/calls.mjs), depth 1, and the deepest path.
    function test_rootFromPath_fixedPaths() public {
        uint256[] memory siblings = new uint256[](20);
        for (uint256 i; i < 20; ++i) {
            siblings[i] = i + 2;
        }
        sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (1, siblings, 0xAAAAA)));
        sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (P - 1, elements(1, 1), 1)));
        sameMerkleValue(
            abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (7, elements(2, 256), type(uint256).max))
        );
    }

    /// forge-config: default.fuzz.runs = 32
    /// forge-config: ci.fuzz.runs = 32
    /// @dev The low bit of `seed` picks the library over the interface (one meter run per fuzz run).
    function testFuzz_rootFromPath_sameAsYul(uint256 leaf, uint256 seed, uint256 depth, uint256 pathBits)
        public
    {
        depth = bound(depth, 1, 32);
        bytes memory call = abi.encodeCall(
            IPoseidonT3Hasher.rootFromPath, (leaf % P, elements(seed, depth), pathBits % 2 ** depth)
        );
        (bool ok, bytes memory data) =
            same(address(stylusMerkle), address(yul), call, seed & 1 == 0 ? INTERFACE : LIBRARY);
        if (!ok) revert Unexpected(call, ok, data, "");
    }

    /// @dev test/vectors/merkle-t3.json: paths at the extremes (p - 1 everywhere, zeros, 0, 1 and p - 1
    /// in turn, depths 1 to 256) and the proofs of a LeanIMT of extreme leaves, from circomlibjs,
    /// poseidon-lite and zk-kit's lean-imt; each path's nodes and root on the program and on `PoseidonT3Yul`.
    function test_merkleFunctions_extremeVectors() public {
        string memory json = vm.readFile("test/vectors/merkle-t3.json");
        uint256 count;
        for (; vm.keyExistsJson(json, string.concat(".paths[", vm.toString(count), "]")); ++count) {
            string memory at = string.concat(".paths[", vm.toString(count), "]");
            uint256 leaf = vm.parseJsonUint(json, string.concat(at, ".leaf"));
            uint256[] memory siblings = vm.parseJsonUintArray(json, string.concat(at, ".siblings"));
            uint256 pathBits = vm.parseJsonUint(json, string.concat(at, ".pathBits"));
            uint256[] memory nodes = vm.parseJsonUintArray(json, string.concat(at, ".nodes"));
            bytes memory data = sameMerkleInterfaceValue(
                abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (leaf, siblings, pathBits))
            );
            assertEq(abi.decode(data, (uint256[])), nodes, string.concat("nodesFromPath", at));
            data = sameMerkleInterfaceValue(
                abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (leaf, siblings, pathBits))
            );
            assertEq(abi.decode(data, (uint256)), nodes[nodes.length - 1], string.concat("rootFromPath", at));
        }
        assertTrue(count > 20, "paths");
        uint256[] memory inputs = vm.parseJsonUintArray(json, ".pairs.inputs");
        bytes memory pairs = sameMerkleInterfaceValue(abi.encodeCall(IPoseidonT3Hasher.hashPairs, (inputs)));
        assertEq(abi.decode(pairs, (uint256[])), vm.parseJsonUintArray(json, ".pairs.outputs"), "hashPairs");
    }

    /// @dev `sameMerkleValue` through the interface only (one meter run a call).
    function sameMerkleInterfaceValue(bytes memory call) internal returns (bytes memory data) {
        bool ok;
        (ok, data) = same(address(stylusMerkle), address(yul), call, INTERFACE);
        if (!ok) revert Unexpected(call, ok, data, "");
    }

    /// @dev Every error, in the documented order of checks.
    function test_rootFromPath_errors() public {
        pathErrors(IPoseidonT3Hasher.rootFromPath.selector);
    }

    function test_nodesFromPath_sameAsYulAndRootIsLast() public {
        uint256[] memory siblings = elements(3, 20);
        bytes memory data =
            sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (5, siblings, 0x5A5A5)));
        uint256[] memory nodes = abi.decode(data, (uint256[]));
        assertEq(nodes.length, 20, "one node per level");
        bytes memory root =
            sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (5, siblings, 0x5A5A5)));
        assertEq(nodes[19], abi.decode(root, (uint256)), "last node is the root");
        sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (P - 1, elements(4, 1), 1)));
    }

    function test_nodesFromPath_errors() public {
        pathErrors(IPoseidonT3Hasher.nodesFromPath.selector);
    }

    function pathErrors(bytes4 selector) internal {
        sameMerkleRevert(
            abi.encodeWithSelector(selector, 1, new uint256[](0), 0),
            abi.encodeWithSelector(IPoseidonErrors.EmptyInput.selector)
        );
        sameMerkleRevert(
            abi.encodeWithSelector(selector, P, new uint256[](257), 0),
            abi.encodeWithSelector(IPoseidonErrors.TooManySiblings.selector, 257, 256)
        );
        uint256[] memory bad = elements(5, 3);
        bad[0] = P;
        sameMerkleRevert(
            abi.encodeWithSelector(selector, P, bad, 8),
            abi.encodeWithSelector(IPoseidonErrors.PathBitsOutOfRange.selector, 8, 3)
        );
        sameMerkleRevert(abi.encodeWithSelector(selector, P, bad, 7), notInField(0, P));
        bad[2] = type(uint256).max;
        sameMerkleRevert(abi.encodeWithSelector(selector, 1, bad, 7), notInField(1, P));
        bad[0] = 0;
        sameMerkleRevert(abi.encodeWithSelector(selector, 1, bad, 7), notInField(3, type(uint256).max));
    }

    // ---------------------------------------------------------------- hashPairs

    function test_hashPairs_sameAsYulAndAsHash() public {
        uint256[] memory flat = elements(6, 16);
        bytes memory data = sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.hashPairs, (flat)));
        uint256[] memory out = abi.decode(data, (uint256[]));
        assertEq(out.length, 8, "one hash per pair");
        assertEq(out[3], yul.hash(flat[6], flat[7]), "pair 3");
        sameMerkleValue(abi.encodeCall(IPoseidonT3Hasher.hashPairs, (elements(7, 2))));
    }

    function test_hashPairs_errors() public {
        sameMerkleRevert(
            abi.encodeCall(IPoseidonT3Hasher.hashPairs, (new uint256[](0))),
            abi.encodeWithSelector(IPoseidonErrors.EmptyInput.selector)
        );
        uint256[] memory flat = elements(8, 3);
        flat[0] = P;
        sameMerkleRevert(
            abi.encodeCall(IPoseidonT3Hasher.hashPairs, (flat)),
            abi.encodeWithSelector(IPoseidonErrors.OddPairsLength.selector, 3)
        );
        flat = elements(9, 4);
        flat[2] = P + 5;
        flat[3] = P;
        sameMerkleRevert(abi.encodeCall(IPoseidonT3Hasher.hashPairs, (flat)), notInField(2, P + 5));
    }

    // ---------------------------------------------------------------- poseidon2

    function test_poseidon2_vectors() public {
        Vector[] memory vectors = loadVectors(POSEIDON2_VECTORS, ".t3");
        for (uint256 i; i < vectors.length; ++i) {
            bytes memory call =
                abi.encodeCall(IStylusPoseidon.poseidon2, (vectors[i].inputs[0], vectors[i].inputs[1]));
            (bool ok, bytes memory data) =
                same(address(stylusPoseidon2), address(yulPoseidon2), call, BOTH_WAYS);
            assertTrue(ok, "poseidon2 vector reverted");
            assertEq(abi.decode(data, (uint256)), vectors[i].output, "poseidon2 vector");
        }
    }

    /// forge-config: default.fuzz.runs = 64
    /// forge-config: ci.fuzz.runs = 64
    function testFuzz_poseidon2_sameAsYul(uint256 a, uint256 b, uint8 shape) public {
        sameTwoInputs(
            address(stylusPoseidon2), address(yulPoseidon2), IStylusPoseidon.poseidon2.selector, a, b, shape
        );
    }

    // ---------------------------------------------------------------- the example tree

    /// @dev Two trees, one per hasher, fed the same leaves: same indexes, same roots after each insert.
    function sameTrees(uint256 depth, bool batched, uint256 inserts, uint256 seed)
        internal
        returns (IncrementalMerkleTree onStylus, IncrementalMerkleTree onYul)
    {
        onStylus = new IncrementalMerkleTree(stylusMerkle, depth, batched);
        onYul = new IncrementalMerkleTree(yul, depth, batched);
        assertEq(onStylus.root(), onYul.root(), "empty root");
        uint256[] memory leaves = elements(seed, inserts);
        for (uint256 i; i < inserts; ++i) {
            assertEq(onStylus.insert(leaves[i]), i, "index");
            assertEq(onYul.insert(leaves[i]), i, "index");
            assertEq(onStylus.root(), onYul.root(), "root after insert");
        }
    }

    /// @dev Depth 20 as in the gas report; indexes 0..8 cover 0 to 3 trailing one bits.
    function test_tree_batched_sameRoots() public {
        sameTrees(20, true, 9, 10);
    }

    function test_tree_perLevel_sameRoots() public {
        sameTrees(5, false, 5, 11);
    }

    /// @dev The last leaf completes the whole tree; then both are full, and both reject a bad leaf alike.
    function test_tree_batched_fillsWholeTreeAndErrors() public {
        (IncrementalMerkleTree onStylus, IncrementalMerkleTree onYul) = sameTrees(3, true, 8, 12);
        (bool stylusOk, bytes memory stylusData) =
            address(onStylus).call(abi.encodeCall(onStylus.insert, (1)));
        (bool yulOk, bytes memory yulData) = address(onYul).call(abi.encodeCall(onYul.insert, (1)));
        assertTrue(!stylusOk && !yulOk, "full trees accept no leaf");
        bytes memory full = abi.encodeWithSelector(IncrementalMerkleTree.TreeFull.selector, 3);
        assertTrue(
            keccak256(stylusData) == keccak256(full) && keccak256(yulData) == keccak256(full), "TreeFull"
        );

        (onStylus, onYul) = sameTrees(4, true, 1, 13);
        (stylusOk, stylusData) = address(onStylus).call(abi.encodeCall(onStylus.insert, (P)));
        rethrowProxyFailure(stylusData);
        (yulOk, yulData) = address(onYul).call(abi.encodeCall(onYul.insert, (P)));
        assertTrue(!stylusOk && !yulOk, "a leaf >= p is rejected");
        assertTrue(keccak256(stylusData) == keccak256(yulData), "same revert data for a leaf >= p");
    }

    // ---------------------------------------------------------------- the proxy itself

    /// @dev Where a Solidity contract reverts without data, the Stylus program names the problem.
    function test_stylusOnly_badCalldataIsInvalidCalldata() public {
        bytes[2] memory calls =
            [bytes(hex"12345678"), abi.encodePacked(IPoseidonT3Hasher.hash.selector, uint256(1))];
        for (uint256 i; i < 2; ++i) {
            (bool ok, bytes memory data) = address(stylus).call(calls[i]);
            rethrowProxyFailure(data);
            bytes memory expected = invalidCalldata(bytes4(calls[i]));
            assertTrue(!ok && keccak256(data) == keccak256(expected), "InvalidCalldata(selector)");
            (ok, data) = address(yul).call(calls[i]);
            assertTrue(!ok && data.length == 0, "Solidity: revert without data");
        }
    }

    /// @dev The T3 program has no Merkle code: their selectors are not in its table.
    function test_stylusOnly_t3ProgramLacksMerkleFunctions() public {
        bytes[3] memory calls = [
            abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (1, elements(14, 2), 1)),
            abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (1, elements(15, 2), 1)),
            abi.encodeCall(IPoseidonT3Hasher.hashPairs, (elements(16, 2)))
        ];
        for (uint256 i; i < 3; ++i) {
            (bool ok, bytes memory data) = address(stylus).call(calls[i]);
            rethrowProxyFailure(data);
            bytes memory expected = invalidCalldata(bytes4(calls[i]));
            assertTrue(!ok && keccak256(data) == keccak256(expected), "InvalidCalldata(selector)");
            (ok,) = address(stylusMerkle).call(calls[i]);
            assertTrue(ok, "the Merkle program answers it");
        }
    }

    function test_proxy_missingWasmSaysBuild() public {
        vm.expectRevert(
            abi.encodeWithSelector(
                StylusMeterProgram.StylusMeterFailed.selector,
                "target/stylus/missing.wasm is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)"
            )
        );
        new StylusMeterProxy("target/stylus/missing.wasm");
    }

    /// @dev The meter refusing the program (here: not WASM at all) fails the call with its message.
    function test_proxy_meterRefusalFailsLoudly() public {
        address notWasm = address(new StylusMeterProxy(POSEIDON_VECTORS));
        (bool ok, bytes memory data) = notWasm.call(abi.encodeCall(IPoseidonT3Hasher.hash, (1, 2)));
        assertTrue(!ok && bytes4(data) == StylusMeterProgram.StylusMeterFailed.selector, "proxy failure");
        bytes memory message = bytes(abi.decode(slice(data, 4, data.length - 4), (string)));
        bytes memory prefix = "target/tools/stylus-meter exited with 2: stylus-meter: invalid wasm";
        assertTrue(message.length > prefix.length, "message names the meter's error");
        assertTrue(keccak256(slice(message, 0, prefix.length)) == keccak256(prefix), string(message));
    }

    /// @dev The meter's three outcomes (its JSON line, as `stylus-meter call --json` prints it): a trap
    /// must not pass for a revert without data; the frame's gas is the cached call without calldata gas.
    function test_proxy_meterOutcomes() public {
        StylusMeterRunnerHarness runner = new StylusMeterRunnerHarness(T3_WASM);
        (bool reverted, bytes memory data, uint256 gas) =
            runner.outcome(meterLine("success", "0x1234"), hex"00");
        assertTrue(!reverted && data.length == 2 && gas == 4396, "success: return data, in-frame gas");
        (reverted, data, gas) = runner.outcome(meterLine("revert", "0xabcd"), hex"00");
        assertTrue(reverted && keccak256(data) == keccak256(hex"abcd") && gas == 4396, "revert: revert data");
        // A meter before `frame_cached`: the cached transaction figure without its calldata gas.
        (,, gas) = runner.outcome(
            '{"gas":{"cached_call":4740,"calldata":344,"init":15124},"outcome":"success","returndata":"0x"}',
            hex"00"
        );
        assertEq(gas, 4396, "older meter: cached_call - calldata");
        vm.expectRevert(
            abi.encodeWithSelector(
                StylusMeterProgram.StylusMeterFailed.selector,
                "target/stylus/poseidon_stylus.wasm trapped (meter outcome 'failure') on calldata 0x0102"
            )
        );
        runner.outcome(meterLine("failure", "0x"), hex"0102");
    }

    function meterLine(string memory outcome, string memory returndata)
        internal
        pure
        returns (string memory)
    {
        return string.concat(
            '{"gas":{"frame_cached":4396,"frame_uncached":19520},"outcome":"',
            outcome,
            '","returndata":"',
            returndata,
            '","source":"model"}'
        );
    }

    function slice(bytes memory data, uint256 from, uint256 length) internal pure returns (bytes memory out) {
        out = new bytes(length);
        for (uint256 i; i < length; ++i) {
            out[i] = data[from + i];
        }
    }
}

/// @dev Exposes the runner's reading of one meter JSON line.
contract StylusMeterRunnerHarness is StylusMeterRunner {
    constructor(string memory wasm_) StylusMeterRunner("target/tools/stylus-meter", wasm_, false) {}

    function outcome(string calldata json, bytes calldata input)
        external
        view
        returns (bool reverted, bytes memory data, uint256 gas)
    {
        return _outcome(json, input);
    }
}
