//! Merkle paths in plonky2's convention (`verify_merkle_proof_to_cap` of plonky2 1.1): the leaf
//! digest is `hash_or_noop(leaf data)`; at level i, bit i of the leaf index set means the node is
//! a right child (node = two_to_one(sibling, node)), else a left child (node =
//! two_to_one(node, sibling)); after the last sibling, the remaining bits of the index
//! (`leaf_index >> siblings.len()`) name the entry of the Merkle cap the node must equal. A
//! plonky2 tree with cap height 0 has a one-entry cap: its root.

use crate::sponge::{self, Digest, Permutation};
use crate::Goldilocks;

/// The node a path leads to: the leaf digest combined with each sibling in turn, the path's
/// direction at level i being bit i of `leaf_index` (bits past the siblings are not read).
pub fn node_from_path<P: Permutation, I: IntoIterator<Item = Digest>>(
    leaf_data: &[Goldilocks],
    siblings: I,
    mut leaf_index: u64,
) -> Digest {
    let mut node = sponge::hash_or_noop::<P>(leaf_data);
    for sibling in siblings {
        node = if leaf_index & 1 == 1 {
            sponge::two_to_one::<P>(&sibling, &node)
        } else {
            sponge::two_to_one::<P>(&node, &sibling)
        };
        leaf_index >>= 1;
    }
    node
}

/// plonky2's `verify_merkle_proof_to_cap`: whether the path from the leaf leads to the cap entry
/// `leaf_index >> siblings.len()` (false when the cap has no such entry).
pub fn verify_to_cap<P: Permutation>(
    leaf_data: &[Goldilocks],
    leaf_index: u64,
    cap: &[Digest],
    siblings: &[Digest],
) -> bool {
    let entry = leaf_index.checked_shr(siblings.len() as u32).unwrap_or(0);
    let node = node_from_path::<P, _>(leaf_data, siblings.iter().copied(), leaf_index);
    usize::try_from(entry)
        .ok()
        .and_then(|entry| cap.get(entry))
        .is_some_and(|expected| *expected == node)
}
