//! The vectors and Merkle proofs that the `plonky2` crate computed
//! (`test/vectors/goldilocks-plonky2.json`, kept current by `crates/plonky2-reference`, which
//! needs nightly), checked on the stable toolchain.

use poseidon_goldilocks::{merkle, poseidon, Digest, Goldilocks};
use poseidon_test_support::vectors;

fn elements(values: &[u64]) -> Vec<Goldilocks> {
    values
        .iter()
        .map(|&x| Goldilocks::new(x).expect("canonical"))
        .collect()
}

fn digest(values: &[u64; 4]) -> Digest {
    values.map(|x| Goldilocks::new(x).expect("canonical"))
}

#[test]
fn permutations() {
    let cases = vectors::goldilocks_plonky2().permutation;
    assert!(cases.len() >= 8);
    for case in cases {
        let input: [Goldilocks; 12] = elements(&case.input).try_into().unwrap();
        assert_eq!(poseidon::permute(&input).to_vec(), elements(&case.output));
    }
}

#[test]
fn hashes() {
    let vectors = vectors::goldilocks_plonky2();
    for case in &vectors.hash {
        let input = elements(&case.input);
        assert_eq!(poseidon::hash_no_pad(&input), digest(&case.hash_no_pad));
        assert_eq!(poseidon::hash_or_noop(&input), digest(&case.hash_or_noop));
    }
    for case in &vectors.two_to_one {
        let (left, right) = (digest(&case.left), digest(&case.right));
        assert_eq!(poseidon::two_to_one(&left, &right), digest(&case.output));
    }
}

#[test]
fn merkle_proofs() {
    let proofs = vectors::goldilocks_plonky2().merkle_proofs;
    assert!(proofs.iter().any(|p| p.siblings.len() == 20));
    for proof in proofs {
        let leaf = elements(&proof.leaf_data);
        let siblings: Vec<Digest> = proof.siblings.iter().map(digest).collect();
        let cap: Vec<Digest> = proof.cap.iter().map(digest).collect();
        let index = proof.leaf_index;
        assert!(merkle::verify_to_cap::<poseidon::Poseidon>(
            &leaf, index, &cap, &siblings
        ));
        let node =
            merkle::node_from_path::<poseidon::Poseidon, _>(&leaf, siblings.iter().copied(), index);
        assert_eq!(node, cap[(index >> siblings.len()) as usize]);
        assert!(!merkle::verify_to_cap::<poseidon::Poseidon>(
            &leaf,
            index ^ 1,
            &cap,
            &siblings
        ));
    }
}
