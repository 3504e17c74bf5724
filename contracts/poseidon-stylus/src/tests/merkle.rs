//! `rootFromPath`, `nodesFromPath` and `hashPairs` against a plain loop over `poseidon_bn254::poseidon::hash2`.

use alloy_primitives::U256;

use super::{fr, from_fr, pseudo_random_words, returns};
use crate::abi::IPoseidonT3Hasher;

/// Reference: walk up the tree, bit i of `path_bits` set ⇒ the node is a right child; every
/// node above the leaf, the root last.
fn reference_nodes(leaf: U256, siblings: &[U256], path_bits: U256) -> Vec<U256> {
    let mut node = fr(leaf);
    let mut nodes = Vec::new();
    for (level, sibling) in siblings.iter().enumerate() {
        let sibling = fr(*sibling);
        node = if path_bits.bit(level) {
            poseidon_bn254::poseidon::hash2(&[sibling, node])
        } else {
            poseidon_bn254::poseidon::hash2(&[node, sibling])
        };
        nodes.push(from_fr(node));
    }
    nodes
}

fn reference_root(leaf: U256, siblings: &[U256], path_bits: U256) -> U256 {
    *reference_nodes(leaf, siblings, path_bits)
        .last()
        .expect("a non-empty path")
}

#[test]
fn one_level_paths_are_single_hashes() {
    let (leaf, sibling) = (U256::from(1), U256::from(2));
    let left = returns(&IPoseidonT3Hasher::rootFromPathCall {
        leaf,
        siblings: vec![sibling],
        pathBits: U256::ZERO,
    });
    let right = returns(&IPoseidonT3Hasher::rootFromPathCall {
        leaf,
        siblings: vec![sibling],
        pathBits: U256::from(1),
    });
    assert_eq!(
        left,
        returns(&IPoseidonT3Hasher::hashCall {
            a: leaf,
            b: sibling
        })
    );
    assert_eq!(
        right,
        returns(&IPoseidonT3Hasher::hashCall {
            a: sibling,
            b: leaf
        })
    );
    assert_ne!(left, right);
}

#[test]
fn root_from_path_matches_reference_for_many_depths_and_paths() {
    for (case, depth) in [1usize, 2, 7, 20, 32, 64, 255, 256].into_iter().enumerate() {
        let words = pseudo_random_words(depth + 2, case as u64);
        let (leaf, siblings) = (words[0], words[2..].to_vec());
        let mut path_bits = words[1];
        if depth < 256 {
            path_bits &= (U256::from(1) << depth) - U256::from(1);
        }
        let call = IPoseidonT3Hasher::rootFromPathCall {
            leaf,
            siblings: siblings.clone(),
            pathBits: path_bits,
        };
        assert_eq!(
            returns(&call),
            reference_root(leaf, &siblings, path_bits),
            "depth {depth}"
        );
    }
}

#[test]
fn root_from_path_builds_a_real_tree_root() {
    // An 8-leaf tree built level by level with hashPairs; every leaf's path gives its root.
    let leaves = pseudo_random_words(8, 99);
    let mut levels = vec![leaves.clone()];
    while levels.last().unwrap().len() > 1 {
        let next = returns(&IPoseidonT3Hasher::hashPairsCall {
            flat: levels.last().unwrap().clone(),
        });
        levels.push(next);
    }
    let root = levels[3][0];
    for (index, leaf) in leaves.iter().enumerate() {
        let siblings: Vec<U256> = (0..3)
            .map(|level| levels[level][(index >> level) ^ 1])
            .collect();
        let call = IPoseidonT3Hasher::rootFromPathCall {
            leaf: *leaf,
            siblings,
            pathBits: U256::from(index),
        };
        assert_eq!(returns(&call), root, "leaf {index}");
    }
}

#[test]
fn hash_pairs_matches_pairwise_hashes() {
    for pairs in [1usize, 2, 5, 64] {
        let flat = pseudo_random_words(2 * pairs, 1000 + pairs as u64);
        let expected: Vec<U256> = flat
            .chunks_exact(2)
            .map(|pair| from_fr(poseidon_bn254::poseidon::hash2(&[fr(pair[0]), fr(pair[1])])))
            .collect();
        assert_eq!(
            returns(&IPoseidonT3Hasher::hashPairsCall { flat }),
            expected,
            "{pairs} pairs"
        );
    }
}

#[test]
fn nodes_from_path_lists_every_level_and_ends_at_the_root() {
    for (case, depth) in [1usize, 2, 20, 256].into_iter().enumerate() {
        let words = pseudo_random_words(depth + 2, 500 + case as u64);
        let (leaf, siblings) = (words[0], words[2..].to_vec());
        let mut path_bits = words[1];
        if depth < 256 {
            path_bits &= (U256::from(1) << depth) - U256::from(1);
        }
        let nodes = returns(&IPoseidonT3Hasher::nodesFromPathCall {
            leaf,
            siblings: siblings.clone(),
            pathBits: path_bits,
        });
        assert_eq!(nodes.len(), depth);
        assert_eq!(
            nodes,
            reference_nodes(leaf, &siblings, path_bits),
            "depth {depth}"
        );
        let root = returns(&IPoseidonT3Hasher::rootFromPathCall {
            leaf,
            siblings,
            pathBits: path_bits,
        });
        assert_eq!(nodes.last(), Some(&root), "depth {depth}");
    }
}

/// `test/vectors/merkle-t3.json`: paths and pairs at the extremes (p − 1 everywhere, zeros, 0, 1
/// and p − 1 in turn, depths 1 to 256, the proofs of a LeanIMT of extreme leaves), from
/// circomlibjs, poseidon-lite and @zk-kit/lean-imt.
#[test]
fn extreme_paths_and_pairs_equal_the_published_peers() {
    let vectors = poseidon_test_support::vectors::merkle_t3();
    for path in &vectors.paths {
        let what = format!(
            "depth {}, pathBits {:#x}",
            path.siblings.len(),
            path.path_bits
        );
        let root = returns(&IPoseidonT3Hasher::rootFromPathCall {
            leaf: path.leaf,
            siblings: path.siblings.clone(),
            pathBits: path.path_bits,
        });
        assert_eq!(root, path.root(), "rootFromPath, {what}");
        let nodes = returns(&IPoseidonT3Hasher::nodesFromPathCall {
            leaf: path.leaf,
            siblings: path.siblings.clone(),
            pathBits: path.path_bits,
        });
        assert_eq!(nodes.len(), path.nodes.len(), "nodesFromPath, {what}");
        let level = nodes.iter().zip(&path.nodes).position(|(a, b)| a != b);
        assert_eq!(level, None, "nodesFromPath, {what}: the first wrong level");
    }
    let pairs = returns(&IPoseidonT3Hasher::hashPairsCall {
        flat: vectors.pairs.inputs.clone(),
    });
    assert_eq!(pairs, vectors.pairs.outputs, "hashPairs");
}
