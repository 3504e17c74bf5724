// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixtures} from "../utils/Fixtures.sol";
import {StylusMeterPrograms} from "../../solidity/testing/StylusMeterProgram.sol";
import {PoseidonT3YulDeployment} from "../../solidity/deploy/PoseidonT3YulDeployment.sol";

/// @notice What the app tests share: the hasher a linked library's address answers with, and the
/// vectors of scripts/gen/gen-app-vectors.mjs.
///
/// How the three links are made from one compile: forge links every library the tests use
/// (poseidon-solidity's `PoseidonT3`, iden3's `PoseidonUnit2L`) to an address it deploys itself, and
/// the app contracts (zk-kit's `InternalLeanIMT`, `Semaphore`) are compiled once with that address in
/// their bytecode (`linkedIn` checks it). Each test then sets the code at that address:
///  - `Stock`: the bytecode poseidon-solidity 0.0.5's npm package deploys at its CREATE2 address (its
///    transaction replayed through the deterministic-deployment proxy, here), as Semaphore links on chain;
///  - `Stylus`: our built T3 program, through the metered stand-in (`StylusMeterPrograms`);
///  - `Yul`: our `PoseidonT3Yul` as documented: `PoseidonT3YulDeployment.runtimeCode()`, the code at
///    `PoseidonAddresses.POSEIDON_T3_YUL` (the repository's solc settings, no metadata), not this build's
///    artifact (which ends in forge's CBOR metadata).
/// On chain the link is one line at deployment: `--libraries
/// node_modules/poseidon-solidity/PoseidonT3.sol:PoseidonT3:<address>` (README "Use it in an existing app").
abstract contract AppLinks is Fixtures {
    enum Hasher {
        Stock,
        Stylus,
        Yul
    }

    string internal constant APPS = "test/vectors/apps.json";
    string internal constant METER = "target/tools/stylus-meter";
    string internal constant T3_WASM = "target/stylus/poseidon_stylus.wasm";

    string internal apps;

    error StockDeployedElsewhere(address deployed, address documented);

    function loadApps() internal {
        apps = vm.readFile(APPS);
    }

    /// @dev Makes `at` answer as `hasher` (a T3 hasher answering poseidon-solidity's `hash(uint256[2])`).
    function setT3Code(address at, Hasher hasher) internal {
        if (hasher == Hasher.Stylus) {
            StylusMeterPrograms.install(at, METER, T3_WASM);
        } else if (hasher == Hasher.Yul) {
            vm.etch(at, PoseidonT3YulDeployment.runtimeCode());
            assertTrue(at.codehash == PoseidonT3YulDeployment.CODE_HASH, "the documented PoseidonT3Yul");
        } else {
            vm.etch(at, stockPoseidonT3().code);
        }
    }

    /// @dev poseidon-solidity's PoseidonT3 where its npm package deploys it: its deployment transaction's
    /// data sent to the deterministic-deployment proxy (forge has it at its usual address), which must
    /// yield the package's documented address.
    function stockPoseidonT3() internal returns (address deployed) {
        address documented = vm.parseJsonAddress(apps, ".poseidonT3.address");
        if (documented.code.length != 0) return documented;
        address proxy = vm.parseJsonAddress(apps, ".poseidonT3.proxy");
        (bool ok, bytes memory ret) = proxy.call(vm.parseJsonBytes(apps, ".poseidonT3.data"));
        assertTrue(ok && ret.length == 20, "the CREATE2 proxy deploys PoseidonT3");
        deployed = address(bytes20(ret));
        if (deployed != documented) revert StockDeployedElsewhere(deployed, documented);
    }

    /// @dev Whether `code` holds `lib` (the PUSH20 of a linked library's address).
    function linkedIn(bytes memory code, address lib) internal pure returns (bool) {
        bytes20 needle = bytes20(lib);
        for (uint256 i; i + 21 <= code.length; ++i) {
            if (code[i] == 0x73 && bytes20(slice20(code, i + 1)) == needle) return true;
        }
        return false;
    }

    function slice20(bytes memory code, uint256 from) private pure returns (bytes20 out) {
        /// @solidity memory-safe-assembly
        assembly {
            out := mload(add(add(code, 0x20), from))
        }
    }

    /// @dev Fails if `target` wrote a storage slot twice since `vm.record()`: then the refund of the
    /// transaction is 4,800 per cleared slot (EIP-3529), what the gas report's composition reads from
    /// the node's state diff (scripts/lib/traces.mjs clearedSlotsRefund).
    function assertEachSlotWrittenOnce(address target, string memory what) internal {
        (, bytes32[] memory writes) = vm.accesses(target);
        assertTrue(writes.length > 0, what);
        for (uint256 i; i < writes.length; ++i) {
            for (uint256 j = i + 1; j < writes.length; ++j) {
                assertTrue(writes[i] != writes[j], string.concat(what, ": a slot written twice"));
            }
        }
    }

    /// @dev The tests' leaf rule (scripts/lib/app-leaves.mjs `leaf`).
    function leaf(uint256 seed, uint256 i) internal pure returns (uint256 value) {
        value = uint256(sha256(abi.encode(seed, i))) % P;
        if (value == 0) value = 1;
    }

    function leaves(uint256 seed, uint256 from, uint256 to) internal pure returns (uint256[] memory out) {
        out = new uint256[](to - from);
        for (uint256 i; i < out.length; ++i) {
            out[i] = leaf(seed, from + i);
        }
    }

    /// @dev How many entries the JSON array at `key` has.
    function count(string memory key) internal view returns (uint256 n) {
        while (vm.keyExistsJson(apps, string.concat(key, "[", vm.toString(n), "]"))) ++n;
    }

    function entry(string memory key, uint256 i, string memory field) internal pure returns (string memory) {
        return string.concat(key, "[", vm.toString(i), "].", field);
    }

    /// @notice One recorded update or removal: the leaf before and after, the siblings it needs, the root after.
    struct Change {
        uint256 index;
        uint256 oldLeaf;
        uint256 newLeaf;
        uint256[] siblings;
        uint256 root;
    }

    function change(string memory key, uint256 i) internal view returns (Change memory c) {
        c.index = vm.parseJsonUint(apps, entry(key, i, "index"));
        c.oldLeaf = vm.parseJsonUint(apps, entry(key, i, "oldLeaf"));
        c.newLeaf = vm.parseJsonUint(apps, entry(key, i, "newLeaf"));
        c.siblings = vm.parseJsonUintArray(apps, entry(key, i, "siblings"));
        c.root = vm.parseJsonUint(apps, entry(key, i, "root"));
    }
}
