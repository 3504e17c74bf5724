//! The LeanIMT algorithm of `@zk-kit/lean-imt.sol` 2.0.1 (`InternalLeanIMT.sol`): the same checks
//! in the same order and the same errors, with circomlib Poseidon t = 3 computed in-process
//! (`poseidon_bn254::poseidon::hash2`, as its `PoseidonT3.hash`).
//!
//! It reads and writes the tree through [`TreeStorage`], so the contract's storage types are one
//! implementation and the native tests' slots another. Three things differ from the Solidity, none
//! visible to a caller (roots, return values, errors and views are zk-kit's), only in storage and
//! gas: the depth is not stored but derived from the size (zk-kit's depth is always ⌈log2(size)⌉:
//! only `insert` and `insertMany` change either, and both set the depth to that), which saves a
//! slot; `insert` skips the side nodes no later operation reads (see [`insert`]); and nodes stay
//! field elements between hashes. The `zk-kit-storage` feature restores zk-kit's storage writes
//! (every side node, a stored depth read and written where zk-kit does), for the gas report's
//! like-for-like row.

use alloc::vec::Vec;

use alloy_primitives::U256;
use alloy_sol_types::Panic;
use poseidon_bn254::{poseidon, Fr};

use crate::errors::{
    LeafAlreadyExists, LeafCannotBeZero, LeafDoesNotExist, LeafGreaterThanSnarkScalarField,
    LeanImtError, WrongSiblingNodes,
};

/// The tree's state, zk-kit's `LeanIMTData` (its `depth` derived from the size unless the storage
/// keeps it; see the module docs).
pub trait TreeStorage {
    /// The number of leaves.
    fn size(&self) -> u64;
    /// Sets the number of leaves.
    fn set_size(&mut self, size: u64);
    /// zk-kit's `sideNodes[level]`: the last node written at that level; `sideNodes[depth]` is
    /// the root. Levels never exceed 64 (sizes are below 2^64).
    fn side_node(&self, level: usize) -> U256;
    /// Sets `sideNodes[level]`.
    fn set_side_node(&mut self, level: usize, node: U256);
    /// zk-kit's `depth` of the tree of `size` leaves: derived from the size unless the storage
    /// keeps it (`zk-kit-storage`, which reads its slot instead).
    fn depth(&self, size: u64) -> usize {
        depth_of(size)
    }
    /// Sets zk-kit's `depth`: nothing to do where it is derived from the size.
    fn set_depth(&mut self, _depth: usize) {}
    /// zk-kit's `leaves[leaf]`: the leaf's index plus one, 0 when it is not in the tree.
    fn leaf_position(&self, leaf: U256) -> u64;
    /// Sets `leaves[leaf]`.
    fn set_leaf_position(&mut self, leaf: U256, position: u64);
}

/// Whether `insert` writes a side node at every 0 bit of the index, as zk-kit does, or only where
/// a later operation reads one (the default; see [`insert`]).
const WRITES_EVERY_SIDE_NODE: bool = cfg!(feature = "zk-kit-storage");

/// Solidity's panic codes, for the two places zk-kit's code reverts with a `Panic` rather than
/// an error: an arithmetic underflow and an array index out of bounds.
const UNDERFLOW: u64 = 0x11;
const OUT_OF_BOUNDS: u64 = 0x32;

fn panic(code: u64) -> LeanImtError {
    LeanImtError::Panic(Panic {
        code: U256::from(code),
    })
}

/// zk-kit's depth for `size` leaves: the least d with 2^d ≥ size (0 for 0 or 1 leaf).
pub fn depth_of(size: u64) -> usize {
    match size {
        0 | 1 => 0,
        _ => (u64::BITS - (size - 1).leading_zeros()) as usize,
    }
}

/// Whether a tree `depth` levels deep holds `size` leaves: 2^depth ≥ size.
fn holds(depth: usize, size: u64) -> bool {
    u32::try_from(depth)
        .ok()
        .and_then(|depth| 1u64.checked_shl(depth))
        .is_none_or(|capacity| capacity >= size)
}

/// zk-kit's depth once the tree holds `size` leaves: `depth` grown a level at a time until 2^depth
/// holds them (one insert grows it by one level at most).
fn grown_depth(mut depth: usize, size: u64) -> usize {
    while !holds(depth, size) {
        depth += 1;
    }
    depth
}

/// The root: `sideNodes[depth]` (0 for an empty tree).
pub fn root<S: TreeStorage>(tree: &S) -> U256 {
    tree.side_node(tree.depth(tree.size()))
}

/// Whether `leaf` is in the tree.
pub fn has<S: TreeStorage>(tree: &S, leaf: U256) -> bool {
    tree.leaf_position(leaf) != 0
}

/// The index of `leaf`, or `LeafDoesNotExist`.
pub fn index_of<S: TreeStorage>(tree: &S, leaf: U256) -> Result<u64, LeanImtError> {
    match tree.leaf_position(leaf) {
        0 => Err(LeafDoesNotExist {}.into()),
        position => Ok(position - 1),
    }
}

/// A value read from this tree's storage as a field element. Everything the tree stores is one
/// (checked leaves and Poseidon outputs); a word ≥ p cannot be there.
fn stored(word: U256) -> Fr {
    Fr::from_limbs(*word.as_limbs()).unwrap_or(Fr::ZERO)
}

/// A caller's leaf or sibling as a field element, or `LeafGreaterThanSnarkScalarField`.
fn checked(word: U256) -> Result<Fr, LeanImtError> {
    Fr::from_limbs(*word.as_limbs()).ok_or(LeafGreaterThanSnarkScalarField {}.into())
}

fn hash(left: Fr, right: Fr) -> Fr {
    poseidon::hash2(&[left, right])
}

/// The checks `insert` and `insertMany` make on each new leaf, in zk-kit's order.
fn check_new_leaf<S: TreeStorage>(tree: &S, leaf: U256) -> Result<Fr, LeanImtError> {
    let element = checked(leaf)?;
    if leaf.is_zero() {
        return Err(LeafCannotBeZero {}.into());
    }
    if has(tree, leaf) {
        return Err(LeafAlreadyExists {}.into());
    }
    Ok(element)
}

/// `_insert`: adds `leaf` at index `size` and returns the new root.
///
/// zk-kit writes `sideNodes[level]` at every level where the index has a 0 bit; this writes it
/// only at the lowest such level, where the node is a complete subtree, and the root. The others
/// hold a subtree still growing, which no insert reads: a later insert reads `sideNodes[level]`
/// only where its index has a 1 bit, and by then the insert that completed that subtree (its index
/// ending in `level` ones) has written it. `update` and `insertMany` read only those values and the
/// root too, so every root, check and error is zk-kit's, for about one SSTORE (5,000 gas) fewer per
/// 0 bit above the lowest. `tests::side_nodes_a_later_insert_reads_are_zk_kits` checks it. Built
/// with `zk-kit-storage`, it writes them all, as zk-kit does.
pub fn insert<S: TreeStorage>(tree: &mut S, leaf: U256) -> Result<U256, LeanImtError> {
    let mut node = check_new_leaf(tree, leaf)?;
    let index = tree.size();
    // zk-kit reads its depth and writes it back, one level deeper when the new leaf needs it.
    let depth = grown_depth(tree.depth(index), index + 1);
    tree.set_depth(depth);
    // The lowest level where the index has a 0 bit: the complete subtree the next inserts read.
    let complete = index.trailing_ones() as usize;
    for level in 0..depth {
        if (index >> level) & 1 == 1 {
            node = hash(stored(tree.side_node(level)), node);
        } else if WRITES_EVERY_SIDE_NODE || level == complete {
            tree.set_side_node(level, node.to_word());
        }
    }
    let root = node.to_word();
    tree.set_size(index + 1);
    tree.set_side_node(depth, root);
    tree.set_leaf_position(leaf, index + 1);
    Ok(root)
}

/// `_insertMany`: adds `leaves` at indices `size…` and returns the new root, hashing each new
/// node once, level by level.
pub fn insert_many<S: TreeStorage>(tree: &mut S, leaves: &[U256]) -> Result<U256, LeanImtError> {
    let size = tree.size();
    let mut current = Vec::with_capacity(leaves.len());
    for (i, &leaf) in leaves.iter().enumerate() {
        current.push(check_new_leaf(tree, leaf)?);
        tree.set_leaf_position(leaf, size + 1 + i as u64);
    }
    if current.is_empty() {
        return Err(empty_insert_many_panic(size));
    }
    let new_size = size + leaves.len() as u64;
    let depth = grown_depth(tree.depth(size), new_size);
    tree.set_depth(depth);
    // Level `level` holds `level_size` nodes, of which those from `start` on are new (`current`).
    let (mut start, mut level_size) = (size, new_size);
    for level in 0..depth {
        let (next_start, next_size) = (start >> 1, (level_size - 1) / 2 + 1);
        let mut next = Vec::with_capacity((next_size - next_start) as usize);
        for parent in next_start..next_size {
            let (left, right) = (2 * parent, 2 * parent + 1);
            let left = if left < start {
                stored(tree.side_node(level))
            } else {
                current[(left - start) as usize]
            };
            next.push(if right < level_size {
                hash(left, current[(right - start) as usize])
            } else {
                left
            });
        }
        // zk-kit keeps the last node of an odd level, or the one before the last of an even
        // level when more than one is new (otherwise that node is already there).
        if level_size & 1 == 1 {
            tree.set_side_node(level, current[current.len() - 1].to_word());
        } else if current.len() > 1 {
            tree.set_side_node(level, current[current.len() - 2].to_word());
        }
        (start, level_size, current) = (next_start, next_size, next);
    }
    let root = current[0].to_word();
    tree.set_size(new_size);
    tree.set_side_node(depth, root);
    Ok(root)
}

/// What `_insertMany([])` reverts with on a tree of `size` leaves: its loop reads the last new
/// node of the first level (below the depth) with an odd number of nodes, `length − 1` on an empty
/// array, an underflow; without such a level it reads the root from the empty array at the end.
fn empty_insert_many_panic(size: u64) -> LeanImtError {
    let odd_level = (0..depth_of(size)).any(|level| {
        let level_size = (size + (1 << level) - 1) >> level;
        level_size & 1 == 1
    });
    panic(if odd_level { UNDERFLOW } else { OUT_OF_BOUNDS })
}

/// `_update`: replaces `old_leaf` by `new_leaf` (0 removes it), proving the old root with
/// `siblings` (those of zk-kit's proof: one per level that has a sibling), and returns the new root.
pub fn update<S: TreeStorage>(
    tree: &mut S,
    old_leaf: U256,
    new_leaf: U256,
    siblings: &[U256],
) -> Result<U256, LeanImtError> {
    let mut node = checked(new_leaf)?;
    let position = tree.leaf_position(old_leaf);
    if position == 0 {
        return Err(LeafDoesNotExist {}.into());
    }
    if has(tree, new_leaf) {
        return Err(LeafAlreadyExists {}.into());
    }
    let index = position - 1;
    let mut old_root = stored(old_leaf);
    let size = tree.size();
    let last_index = size - 1;
    let depth = tree.depth(size);
    let mut siblings = siblings.iter();
    // The next sibling: zk-kit reads `siblingNodes[i]` (out of bounds: a panic), then checks it.
    let mut next_sibling = || match siblings.next() {
        Some(&sibling) => checked(sibling),
        None => Err(panic(OUT_OF_BOUNDS)),
    };
    for level in 0..depth {
        if (index >> level) & 1 == 1 {
            let sibling = next_sibling()?;
            node = hash(sibling, node);
            old_root = hash(sibling, old_root);
        } else if index >> level != last_index >> level {
            let sibling = next_sibling()?;
            if tree.side_node(level) == old_root.to_word() {
                tree.set_side_node(level, node.to_word());
            }
            node = hash(node, sibling);
            old_root = hash(old_root, sibling);
        } else {
            tree.set_side_node(level, node.to_word());
        }
    }
    if old_root.to_word() != root(tree) {
        return Err(WrongSiblingNodes {}.into());
    }
    let root = node.to_word();
    tree.set_side_node(depth, root);
    if !new_leaf.is_zero() {
        tree.set_leaf_position(new_leaf, position);
    }
    tree.set_leaf_position(old_leaf, 0);
    Ok(root)
}
