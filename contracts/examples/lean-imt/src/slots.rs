//! The contract's storage as slots, off chain: [`TreeStorage`] over a map of slot → value laid out
//! as the `#[storage]` struct lays it out (Solidity's rules, which stylus-sdk follows). The native
//! tests run the tree on it, and `examples/replay.rs` writes a meter state file with it, so a tree
//! of 2^16 leaves is preloaded instead of inserted through the meter. The meter test checks the
//! layout: the contract's storage after a sequence equals this after the same sequence.

use alloc::collections::BTreeMap;

use alloy_primitives::{keccak256, U256};

use crate::tree::TreeStorage;
use crate::SIDE_NODE_SLOTS;

/// Slot of `size`: the struct's first field.
pub const SIZE_SLOT: u64 = 0;
/// Slot of `side_nodes[0]`: a fixed array takes consecutive slots after `size`.
pub const SIDE_NODES_SLOT: u64 = 1;
/// Slot of the `leaves` mapping, after the array's slots; an entry is at keccak256(key ‖ slot).
pub const LEAVES_SLOT: u64 = SIDE_NODES_SLOT + SIDE_NODE_SLOTS as u64;

/// Slot of `depth`, the struct's last field (only the `zk-kit-storage` build uses it).
pub const DEPTH_SLOT: u64 = LEAVES_SLOT + 1;

/// The slot of `leaves[leaf]`.
pub fn leaf_slot(leaf: U256) -> U256 {
    let mut preimage = [0u8; 64];
    preimage[..32].copy_from_slice(&leaf.to_be_bytes::<32>());
    preimage[32..].copy_from_slice(&U256::from(LEAVES_SLOT).to_be_bytes::<32>());
    keccak256(preimage).into()
}

/// Storage slots (absent ones read as 0, as on chain; writing 0 removes a slot).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slots(pub BTreeMap<U256, U256>);

impl Slots {
    fn read(&self, slot: U256) -> U256 {
        self.0.get(&slot).copied().unwrap_or_default()
    }

    fn write(&mut self, slot: U256, value: U256) {
        if value.is_zero() {
            self.0.remove(&slot);
        } else {
            self.0.insert(slot, value);
        }
    }
}

impl TreeStorage for Slots {
    fn size(&self) -> u64 {
        crate::low_u64(self.read(U256::from(SIZE_SLOT)))
    }

    fn set_size(&mut self, size: u64) {
        self.write(U256::from(SIZE_SLOT), U256::from(size));
    }

    fn side_node(&self, level: usize) -> U256 {
        self.read(U256::from(SIDE_NODES_SLOT + level as u64))
    }

    fn set_side_node(&mut self, level: usize, node: U256) {
        assert!(
            level < SIDE_NODE_SLOTS,
            "level {level} beyond the contract's slots"
        );
        self.write(U256::from(SIDE_NODES_SLOT + level as u64), node);
    }

    #[cfg(feature = "zk-kit-storage")]
    fn depth(&self, _size: u64) -> usize {
        crate::low_u64(self.read(U256::from(DEPTH_SLOT))) as usize
    }

    #[cfg(feature = "zk-kit-storage")]
    fn set_depth(&mut self, depth: usize) {
        self.write(U256::from(DEPTH_SLOT), U256::from(depth));
    }

    fn leaf_position(&self, leaf: U256) -> u64 {
        crate::low_u64(self.read(leaf_slot(leaf)))
    }

    fn set_leaf_position(&mut self, leaf: U256, position: u64) {
        self.write(leaf_slot(leaf), U256::from(position));
    }
}
