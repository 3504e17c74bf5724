// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InternalLeanIMT, LeanIMTData} from "@zk-kit/lean-imt.sol/InternalLeanIMT.sol";

/// @notice A contract keeping one zk-kit LeanIMT (`@zk-kit/lean-imt.sol` 2.0.1 from npm, unmodified), as
/// an app does: every operation of `InternalLeanIMT`, whose hashes are poseidon-solidity's `PoseidonT3`
/// at the address forge links (test/apps/AppLinks.sol).
contract LeanIMTHarness {
    using InternalLeanIMT for LeanIMTData;

    LeanIMTData internal tree;

    function insert(uint256 leaf) external returns (uint256) {
        return tree._insert(leaf);
    }

    function insertMany(uint256[] calldata leaves) external returns (uint256) {
        return tree._insertMany(leaves);
    }

    function update(uint256 oldLeaf, uint256 newLeaf, uint256[] calldata siblingNodes)
        external
        returns (uint256)
    {
        return tree._update(oldLeaf, newLeaf, siblingNodes);
    }

    function remove(uint256 oldLeaf, uint256[] calldata siblingNodes) external returns (uint256) {
        return tree._remove(oldLeaf, siblingNodes);
    }

    function has(uint256 leaf) external view returns (bool) {
        return tree._has(leaf);
    }

    function indexOf(uint256 leaf) external view returns (uint256) {
        return tree._indexOf(leaf);
    }

    function root() external view returns (uint256) {
        return tree._root();
    }

    function size() external view returns (uint256) {
        return tree.size;
    }

    function depth() external view returns (uint256) {
        return tree.depth;
    }
}
