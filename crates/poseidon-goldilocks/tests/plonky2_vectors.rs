//! The vectors and Merkle proofs that the `plonky2` crate computed
//! (`test/vectors/goldilocks-plonky2.json`, kept current by `crates/plonky2-reference`, which
//! needs nightly), checked on the stable toolchain.

use poseidon_goldilocks::{merkle, poseidon, Digest, Goldilocks};
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test/vectors/goldilocks-plonky2.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("vector file")).expect("json")
}

fn elements(value: &Value) -> Vec<Goldilocks> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|x| Goldilocks::new(x.as_str().unwrap().parse().unwrap()).expect("canonical"))
        .collect()
}

fn digest(value: &Value) -> Digest {
    elements(value).try_into().expect("four elements")
}

#[test]
fn permutations() {
    let vectors = vectors();
    let cases = vectors["permutation"].as_array().unwrap();
    assert!(cases.len() >= 8);
    for case in cases {
        let input: [Goldilocks; 12] = elements(&case["input"]).try_into().unwrap();
        assert_eq!(
            poseidon::permute(&input).to_vec(),
            elements(&case["output"])
        );
    }
}

#[test]
fn hashes() {
    let vectors = vectors();
    for case in vectors["hash"].as_array().unwrap() {
        let input = elements(&case["input"]);
        assert_eq!(poseidon::hash_no_pad(&input), digest(&case["hash_no_pad"]));
        assert_eq!(
            poseidon::hash_or_noop(&input),
            digest(&case["hash_or_noop"])
        );
    }
    for case in vectors["two_to_one"].as_array().unwrap() {
        let (left, right) = (digest(&case["left"]), digest(&case["right"]));
        assert_eq!(poseidon::two_to_one(&left, &right), digest(&case["output"]));
    }
}

#[test]
fn merkle_proofs() {
    let vectors = vectors();
    let proofs = vectors["merkle_proofs"].as_array().unwrap();
    assert!(proofs
        .iter()
        .any(|p| p["siblings"].as_array().unwrap().len() == 20));
    for proof in proofs {
        let leaf = elements(&proof["leaf_data"]);
        let siblings: Vec<Digest> = proof["siblings"]
            .as_array()
            .unwrap()
            .iter()
            .map(digest)
            .collect();
        let cap: Vec<Digest> = proof["cap"]
            .as_array()
            .unwrap()
            .iter()
            .map(digest)
            .collect();
        let index = proof["leaf_index"].as_u64().unwrap();
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
