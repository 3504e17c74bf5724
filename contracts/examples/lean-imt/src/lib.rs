//! zk-kit's LeanIMT as a stylus-sdk contract: `insert`, `insertMany`, `update`, `remove`, `has`,
//! `indexOf`, `root`, `size`, `depth`, with `@zk-kit/lean-imt.sol` 2.0.1's semantics and errors,
//! hashing with circomlib Poseidon in-process (`poseidon_bn254::poseidon::hash2`, no call).
//!
//! The algorithm is [`tree`]; the contract is its storage ([`TreeStorage`] on stylus-sdk storage
//! types) and its ABI (`#[public]`). Storage: the size in slot 0 (the depth is derived from it),
//! zk-kit's `sideNodes` at fixed slots 1…256 (a `StorageArray`: no hashing to find a level's slot),
//! its `leaves` mapping (leaf → index + 1) at slot 257; built with `zk-kit-storage` (zk-kit's
//! storage writes, the gas report's like-for-like row), zk-kit's `depth` in slot 258.
#![cfg_attr(not(any(test, feature = "export-abi")), no_main)]
extern crate alloc;

pub mod errors;
pub mod slots;
pub mod tree;

#[cfg(test)]
mod tests;

use alloc::vec::Vec;

use alloy_primitives::U256;
use stylus_sdk::prelude::*;
use stylus_sdk::storage::{StorageArray, StorageMap, StorageU256};

pub use errors::LeanImtError;
pub use tree::TreeStorage;

/// Levels of `sideNodes` kept: a tree of fewer than 2^64 leaves has at most 64 levels and a root.
pub const SIDE_NODE_SLOTS: usize = 256;

/// The tree's storage.
#[storage]
#[entrypoint]
pub struct LeanImt {
    /// The number of leaves.
    size: StorageU256,
    /// zk-kit's `sideNodes[level]`; `side_nodes[depth]` is the root.
    side_nodes: StorageArray<StorageU256, SIDE_NODE_SLOTS>,
    /// zk-kit's `leaves[leaf]`: index + 1, 0 when absent.
    leaves: StorageMap<U256, StorageU256>,
    /// zk-kit's `depth`, used only by the `zk-kit-storage` build (the default derives it).
    #[cfg_attr(not(feature = "zk-kit-storage"), allow(dead_code))]
    depth: StorageU256,
}

/// Counts and positions are below 2^64 (each leaf costs gas), so their low limb is their value.
fn low_u64(word: U256) -> u64 {
    word.as_limbs()[0]
}

impl TreeStorage for LeanImt {
    fn size(&self) -> u64 {
        low_u64(self.size.get())
    }

    fn set_size(&mut self, size: u64) {
        self.size.set(U256::from(size));
    }

    fn side_node(&self, level: usize) -> U256 {
        self.side_nodes.get(level).unwrap_or_default()
    }

    fn set_side_node(&mut self, level: usize, node: U256) {
        // Levels stay below SIDE_NODE_SLOTS (see `TreeStorage::side_node`).
        if let Some(mut slot) = self.side_nodes.setter(level) {
            slot.set(node);
        }
    }

    #[cfg(feature = "zk-kit-storage")]
    fn depth(&self, _size: u64) -> usize {
        low_u64(self.depth.get()) as usize
    }

    #[cfg(feature = "zk-kit-storage")]
    fn set_depth(&mut self, depth: usize) {
        self.depth.set(U256::from(depth));
    }

    fn leaf_position(&self, leaf: U256) -> u64 {
        low_u64(self.leaves.get(leaf))
    }

    fn set_leaf_position(&mut self, leaf: U256, position: u64) {
        self.leaves.insert(leaf, U256::from(position));
    }
}

#[public]
impl LeanImt {
    /// Inserts `leaf` (≠ 0, < p, not in the tree) and returns the new root.
    pub fn insert(&mut self, leaf: U256) -> Result<U256, LeanImtError> {
        tree::insert(self, leaf)
    }

    /// Inserts `leaves` in order and returns the new root.
    pub fn insert_many(&mut self, leaves: Vec<U256>) -> Result<U256, LeanImtError> {
        tree::insert_many(self, &leaves)
    }

    /// Replaces `old_leaf` by `new_leaf`, given the siblings of `old_leaf`'s proof (zk-kit's
    /// `generateProof(index).siblings`), and returns the new root.
    pub fn update(
        &mut self,
        old_leaf: U256,
        new_leaf: U256,
        sibling_nodes: Vec<U256>,
    ) -> Result<U256, LeanImtError> {
        tree::update(self, old_leaf, new_leaf, &sibling_nodes)
    }

    /// Removes `old_leaf` (sets it to 0), given its siblings, and returns the new root.
    pub fn remove(
        &mut self,
        old_leaf: U256,
        sibling_nodes: Vec<U256>,
    ) -> Result<U256, LeanImtError> {
        tree::update(self, old_leaf, U256::ZERO, &sibling_nodes)
    }

    /// Whether `leaf` is in the tree.
    pub fn has(&self, leaf: U256) -> bool {
        tree::has(self, leaf)
    }

    /// The index of `leaf`, or `LeafDoesNotExist`.
    pub fn index_of(&self, leaf: U256) -> Result<U256, LeanImtError> {
        tree::index_of(self, leaf).map(U256::from)
    }

    /// The root (0 for an empty tree).
    pub fn root(&self) -> U256 {
        tree::root(self)
    }

    /// The number of leaves.
    pub fn size(&self) -> U256 {
        self.size.get()
    }

    /// The depth: ⌈log2(size)⌉.
    pub fn depth(&self) -> U256 {
        U256::from(TreeStorage::depth(self, TreeStorage::size(self)))
    }
}
