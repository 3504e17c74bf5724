// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
// The package as published (npm, unmodified), by path: forge mangles a remapping whose folder ends in `.sol`.
import {InternalLeanIMT, LeanIMTData} from "../node_modules/@zk-kit/lean-imt.sol/InternalLeanIMT.sol";

/// @notice zk-kit's LeanIMT as published, behind the functions the Rust Stylus LeanIMT
/// (contracts/examples/lean-imt) has.
contract LeanImtHarness {
    LeanIMTData internal tree;

    function insert(uint256 leaf) external returns (uint256) {
        return InternalLeanIMT._insert(tree, leaf);
    }

    function insertMany(uint256[] calldata leaves) external returns (uint256) {
        return InternalLeanIMT._insertMany(tree, leaves);
    }

    function update(uint256 oldLeaf, uint256 newLeaf, uint256[] calldata siblingNodes)
        external
        returns (uint256)
    {
        return InternalLeanIMT._update(tree, oldLeaf, newLeaf, siblingNodes);
    }

    function remove(uint256 oldLeaf, uint256[] calldata siblingNodes) external returns (uint256) {
        return InternalLeanIMT._remove(tree, oldLeaf, siblingNodes);
    }

    function indexOf(uint256 leaf) external view returns (uint256) {
        return InternalLeanIMT._indexOf(tree, leaf);
    }

    function root() external view returns (uint256) {
        return InternalLeanIMT._root(tree);
    }

    function size() external view returns (uint256) {
        return tree.size;
    }

    function depth() external view returns (uint256) {
        return tree.depth;
    }
}

/// @notice test/vectors/lean-imt.json, whose roots come from zk-kit's JS tree and whose reverts from
/// reading InternalLeanIMT.sol, replayed on the Solidity library itself: every root, size and depth,
/// and every revert's data (the error, or the Panic code) byte for byte. The Rust contract passes the
/// same vectors natively and through the meter, so the three agree.
contract LeanImtVectorsTest is Test {
    string internal constant VECTORS = "test/vectors/lean-imt.json";

    function test_sequencesOnTheSolidityLibrary() public {
        string memory json = vm.readFile(VECTORS);
        uint256 sequences;
        while (vm.keyExistsJson(json, string.concat(".sequences[", vm.toString(sequences), "]"))) ++sequences;
        assertTrue(sequences > 0, "no sequences");
        for (uint256 s; s < sequences; ++s) {
            replay(json, string.concat(".sequences[", vm.toString(s), "]"));
        }
    }

    function replay(string memory json, string memory sequence) internal {
        LeanImtHarness tree = new LeanImtHarness();
        uint256 count;
        while (vm.keyExistsJson(json, string.concat(sequence, ".operations[", vm.toString(count), "]"))) {
            ++count;
        }
        assertTrue(count >= 20, "a sequence has at least 20 operations");
        for (uint256 i; i < count; ++i) {
            string memory at = string.concat(sequence, ".operations[", vm.toString(i), "]");
            (bool ok, bytes memory returned) = address(tree).call(calldataOf(json, at));
            if (vm.keyExistsJson(json, string.concat(at, ".expect.revert"))) {
                assertTrue(!ok, string.concat(at, ": must revert"));
                bytes memory expected =
                    revertData(vm.parseJsonString(json, string.concat(at, ".expect.revert")));
                assertTrue(keccak256(returned) == keccak256(expected), string.concat(at, ": revert data"));
            } else {
                assertTrue(ok, string.concat(at, ": must succeed"));
                uint256 root = vm.parseJsonUint(json, string.concat(at, ".expect.root"));
                assertEq(abi.decode(returned, (uint256)), root, string.concat(at, ": returned root"));
                assertEq(tree.root(), root, string.concat(at, ": root()"));
                assertEq(
                    tree.size(),
                    vm.parseJsonUint(json, string.concat(at, ".expect.size")),
                    string.concat(at, ": size")
                );
                assertEq(
                    tree.depth(),
                    vm.parseJsonUint(json, string.concat(at, ".expect.depth")),
                    string.concat(at, ": depth")
                );
            }
        }
        assertEq(tree.root(), vm.parseJsonUint(json, string.concat(sequence, ".final.root")), "final root");
    }

    /// @dev The call an operation of the vectors makes.
    function calldataOf(string memory json, string memory at) internal pure returns (bytes memory) {
        bytes32 op = keccak256(bytes(vm.parseJsonString(json, string.concat(at, ".op"))));
        if (op == keccak256("insert")) {
            return abi.encodeCall(LeanImtHarness.insert, (vm.parseJsonUint(json, string.concat(at, ".leaf"))));
        }
        if (op == keccak256("insertMany")) {
            return abi.encodeCall(
                LeanImtHarness.insertMany, (vm.parseJsonUintArray(json, string.concat(at, ".leaves")))
            );
        }
        if (op == keccak256("update")) {
            return abi.encodeCall(
                LeanImtHarness.update,
                (
                    vm.parseJsonUint(json, string.concat(at, ".oldLeaf")),
                    vm.parseJsonUint(json, string.concat(at, ".newLeaf")),
                    vm.parseJsonUintArray(json, string.concat(at, ".siblings"))
                )
            );
        }
        if (op == keccak256("remove")) {
            return abi.encodeCall(
                LeanImtHarness.remove,
                (
                    vm.parseJsonUint(json, string.concat(at, ".oldLeaf")),
                    vm.parseJsonUintArray(json, string.concat(at, ".siblings"))
                )
            );
        }
        if (op == keccak256("indexOf")) {
            return
                abi.encodeCall(LeanImtHarness.indexOf, (vm.parseJsonUint(json, string.concat(at, ".leaf"))));
        }
        revert(string.concat(at, ": unknown operation"));
    }

    /// @dev What Solidity reverts with for a vector's revert: `Name()`'s selector, or Panic(code).
    function revertData(string memory revert_) internal pure returns (bytes memory) {
        bytes memory text = bytes(revert_);
        if (text.length > 6 && keccak256(slice(text, 0, 6)) == keccak256("Panic(")) {
            return abi.encodeWithSignature("Panic(uint256)", parseHex(slice(text, 8, text.length - 1)));
        }
        return abi.encodeWithSelector(bytes4(keccak256(bytes(string.concat(revert_, "()")))));
    }

    /// @dev Hex digits (the code of `Panic(0x..)`, after its `0x`) as a number.
    function parseHex(bytes memory digits) internal pure returns (uint256 value) {
        for (uint256 i; i < digits.length; ++i) {
            uint8 c = uint8(digits[i]);
            uint8 nibble = c >= 0x61 ? c - 0x61 + 10 : c - 0x30;
            require(nibble < 16, "not a hex digit");
            value = value * 16 + nibble;
        }
    }

    function slice(bytes memory text, uint256 from, uint256 to) internal pure returns (bytes memory out) {
        out = new bytes(to - from);
        for (uint256 i = from; i < to; ++i) {
            out[i - from] = text[i];
        }
    }
}
