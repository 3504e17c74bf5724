//! poseidon-goldilocks against the `plonky2` crate 1.1 itself: constants, random permutations,
//! the sponge shapes of `PoseidonHash`, and Merkle proofs made by plonky2's `MerkleTree`. Also
//! keeps `test/vectors/goldilocks-plonky2.json` (vectors and Merkle proofs for the Stylus and
//! EVM tests, which cannot run plonky2) equal to what plonky2 computes now:
//! `PLONKY2_WRITE_VECTORS=1 cargo test` rewrites it.

use plonky2::field::goldilocks_field::GoldilocksField as F;
use plonky2::field::types::{Field, PrimeField64};
use plonky2::hash::hash_types::HashOut;
use plonky2::hash::merkle_proofs::verify_merkle_proof_to_cap;
use plonky2::hash::merkle_tree::MerkleTree;
use plonky2::hash::poseidon::{Poseidon as _, PoseidonHash, ALL_ROUND_CONSTANTS};
use plonky2::plonk::config::Hasher;
use poseidon_goldilocks::{merkle, poseidon, Digest, Goldilocks};
use rand::{rngs::StdRng, Rng, SeedableRng};
use serde_json::{json, Value};

const P: u64 = 0xffff_ffff_0000_0001;

fn ours(values: &[F]) -> Vec<Goldilocks> {
    values
        .iter()
        .map(|v| Goldilocks::new(v.to_canonical_u64()).expect("canonical"))
        .collect()
}

fn digest(hash: HashOut<F>) -> Digest {
    ours(&hash.elements).try_into().unwrap()
}

fn values(elements: &[Goldilocks]) -> Vec<u64> {
    elements.iter().map(|e| e.value()).collect()
}

/// Canonical elements, with the edges (0, 1, p − 1, 2^32 ± 1, …) often.
fn random_element(rng: &mut StdRng) -> F {
    let edges = [
        0,
        1,
        2,
        P - 1,
        P - 2,
        1 << 32,
        (1 << 32) - 1,
        (1 << 32) + 1,
        1 << 63,
    ];
    if rng.gen_ratio(1, 8) {
        F::from_canonical_u64(edges[rng.gen_range(0..edges.len())])
    } else {
        F::from_canonical_u64(rng.gen_range(0..P))
    }
}

/// `n` elements cycling through 0, p − 1 and 1, starting `shift` places in.
fn extremes(n: usize, shift: usize) -> Vec<F> {
    let cycle = [F::ZERO, F::NEG_ONE, F::ONE];
    (0..n).map(|i| cycle[(i + shift) % 3]).collect()
}

fn random_elements(rng: &mut StdRng, n: usize) -> Vec<F> {
    (0..n).map(|_| random_element(rng)).collect()
}

fn seeded() -> (StdRng, u64) {
    let seed = std::env::var("PLONKY2_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random);
    println!("seed {seed} (replay with PLONKY2_SEED={seed})");
    (StdRng::seed_from_u64(seed), seed)
}

#[test]
fn constants_equal_plonky2s() {
    use poseidon::params::{MDS_CIRC, MDS_DIAG, PARTIAL_ROUNDS, ROUNDS, ROUND_CONSTANTS};
    assert_eq!(ROUNDS, plonky2::hash::poseidon::N_ROUNDS);
    assert_eq!(PARTIAL_ROUNDS, plonky2::hash::poseidon::N_PARTIAL_ROUNDS);
    assert_eq!(ROUND_CONSTANTS.as_flattened(), &ALL_ROUND_CONSTANTS[..]);
    assert_eq!(
        MDS_CIRC,
        <F as plonky2::hash::poseidon::Poseidon>::MDS_MATRIX_CIRC
    );
    assert_eq!(
        MDS_DIAG,
        <F as plonky2::hash::poseidon::Poseidon>::MDS_MATRIX_DIAG
    );
}

/// Our compile-time derivation of plonky2's equivalent partial-round constants (moved back
/// through the inverse MDS matrix) against the tables plonky2 ships.
#[test]
fn equivalent_partial_round_constants_equal_plonky2s() {
    use poseidon::equivalent::{FAST_PARTIAL_FIRST_ROUND_CONSTANT, FAST_PARTIAL_ROUND_CONSTANTS};
    assert_eq!(
        FAST_PARTIAL_FIRST_ROUND_CONSTANT,
        <F as plonky2::hash::poseidon::Poseidon>::FAST_PARTIAL_FIRST_ROUND_CONSTANT
    );
    assert_eq!(
        FAST_PARTIAL_ROUND_CONSTANTS,
        <F as plonky2::hash::poseidon::Poseidon>::FAST_PARTIAL_ROUND_CONSTANTS
    );
}

/// Our compile-time derivation of plonky2's sparse partial-round matrices (the native backend's
/// partial rounds) against the tables plonky2 ships; plonky2 stores the initial matrix
/// transposed (`new[c] += old[r] · INITIAL[r][c]`).
#[test]
fn sparse_partial_round_matrices_equal_plonky2s() {
    use plonky2::hash::poseidon::Poseidon as P;
    let sparse = &poseidon::sparse::SPARSE;
    assert_eq!(sparse.vs, <F as P>::FAST_PARTIAL_ROUND_VS);
    assert_eq!(sparse.w_hats, <F as P>::FAST_PARTIAL_ROUND_W_HATS);
    let initial = <F as P>::FAST_PARTIAL_ROUND_INITIAL_MATRIX;
    for (i, row) in sparse.initial.iter().enumerate() {
        for (j, &entry) in row.iter().enumerate() {
            assert_eq!(entry, initial[j][i], "initial matrix ({i}, {j})");
        }
    }
}

#[test]
fn permutation_equals_plonky2s() {
    let (mut rng, seed) = seeded();
    let mut inputs: Vec<[F; 12]> = vec![[F::ZERO; 12], [F::NEG_ONE; 12]];
    inputs.push(core::array::from_fn(|i| F::from_canonical_u64(i as u64)));
    inputs.extend(
        (0..2000).map(|_| -> [F; 12] { random_elements(&mut rng, 12).try_into().unwrap() }),
    );
    for input in inputs {
        let expected = ours(&F::poseidon(input));
        let got = poseidon::permute(&ours(&input).try_into().unwrap());
        assert_eq!(got.to_vec(), expected, "input {input:?}, seed {seed}");
    }
}

#[test]
fn sponge_shapes_equal_poseidon_hash() {
    let (mut rng, seed) = seeded();
    for length in 0..=40 {
        for _ in 0..10 {
            let input = random_elements(&mut rng, length);
            let ours_input = ours(&input);
            assert_eq!(
                poseidon::hash_no_pad(&ours_input),
                digest(PoseidonHash::hash_no_pad(&input)),
                "hash_no_pad of {length}, seed {seed}"
            );
            assert_eq!(
                poseidon::hash_or_noop(&ours_input),
                digest(PoseidonHash::hash_or_noop(&input)),
                "hash_or_noop of {length}, seed {seed}"
            );
        }
    }
    for _ in 0..500 {
        let (a, b) = (random_elements(&mut rng, 4), random_elements(&mut rng, 4));
        let (ha, hb) = (HashOut::from_vec(a.clone()), HashOut::from_vec(b.clone()));
        assert_eq!(
            poseidon::two_to_one(&ours(&a).try_into().unwrap(), &ours(&b).try_into().unwrap()),
            digest(PoseidonHash::two_to_one(ha, hb)),
            "two_to_one, seed {seed}"
        );
    }
}

#[test]
fn merkle_proofs_from_plonky2_trees_verify() {
    let (mut rng, seed) = seeded();
    for (log_leaves, cap_height, leaf_len) in
        [(4, 0, 7), (6, 2, 3), (8, 3, 12), (5, 5, 9), (7, 0, 4)]
    {
        let leaves: Vec<Vec<F>> = (0..1 << log_leaves)
            .map(|_| random_elements(&mut rng, leaf_len))
            .collect();
        let tree = MerkleTree::<F, PoseidonHash>::new(leaves.clone(), cap_height);
        let cap: Vec<Digest> = tree.cap.0.iter().map(|h| digest(*h)).collect();
        for index in 0..leaves.len() {
            let proof = tree.prove(index);
            verify_merkle_proof_to_cap(leaves[index].clone(), index, &tree.cap, &proof)
                .expect("plonky2 accepts its own proof");
            let siblings: Vec<Digest> = proof.siblings.iter().map(|h| digest(*h)).collect();
            let leaf = ours(&leaves[index]);
            assert!(
                merkle::verify_to_cap::<poseidon::Poseidon>(&leaf, index as u64, &cap, &siblings),
                "leaf {index} of 2^{log_leaves}, cap height {cap_height}, seed {seed}"
            );
            let node = merkle::node_from_path::<poseidon::Poseidon, _>(
                &leaf,
                siblings.iter().copied(),
                index as u64,
            );
            assert_eq!(node, cap[index >> siblings.len()]);
            // A wrong index, a changed leaf element or a changed sibling fails.
            let other = index ^ 1;
            assert!(
                !merkle::verify_to_cap::<poseidon::Poseidon>(&leaf, other as u64, &cap, &siblings)
                    || leaves[other] == leaves[index]
            );
            let mut bad_leaf = leaf.clone();
            bad_leaf[0] = Goldilocks::new((bad_leaf[0].value() + 1) % P).unwrap();
            assert!(!merkle::verify_to_cap::<poseidon::Poseidon>(
                &bad_leaf,
                index as u64,
                &cap,
                &siblings
            ));
        }
    }
}

fn hex_values(elements: &[Goldilocks]) -> Value {
    json!(values(elements)
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>())
}

/// The vectors and proofs the Stylus and EVM tests use, all computed by plonky2 (once per run:
/// the depth-20 tree is a million leaves).
fn vectors() -> &'static Value {
    static VECTORS: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    VECTORS.get_or_init(compute_vectors)
}

fn compute_vectors() -> Value {
    let mut rng = StdRng::seed_from_u64(15);
    let elements = |v: &[u64]| {
        v.iter()
            .map(|&x| F::from_canonical_u64(x))
            .collect::<Vec<_>>()
    };
    let mut permutations = Vec::new();
    let mut inputs: Vec<Vec<F>> = vec![
        vec![F::ZERO; 12],
        elements(&(0..12).collect::<Vec<_>>()),
        vec![F::NEG_ONE; 12],
    ];
    inputs.extend((0..5).map(|_| random_elements(&mut rng, 12)));
    // The extremes after the random cases (which stay as they were): 0, p − 1, 1 in turn.
    inputs.push(extremes(12, 0));
    inputs.push(extremes(12, 1));
    for input in &inputs {
        let output = F::poseidon(input.clone().try_into().unwrap());
        permutations
            .push(json!({"input": hex_values(&ours(input)), "output": hex_values(&ours(&output))}));
    }
    let mut hashes = Vec::new();
    for length in [1, 4, 5, 8, 9, 16, 17, 25] {
        let input = random_elements(&mut rng, length);
        hashes.push(json!({
            "input": hex_values(&ours(&input)),
            "hash_no_pad": hex_values(&digest(PoseidonHash::hash_no_pad(&input))),
            "hash_or_noop": hex_values(&digest(PoseidonHash::hash_or_noop(&input))),
        }));
    }
    // The extremes: all p − 1 and mixed, over one block (hash_or_noop passes 4 through), two, three.
    for input in [
        vec![F::NEG_ONE; 4],
        vec![F::NEG_ONE; 8],
        extremes(8, 0),
        vec![F::NEG_ONE; 9],
        extremes(9, 2),
        vec![F::NEG_ONE; 17],
        extremes(17, 1),
    ] {
        hashes.push(json!({
            "input": hex_values(&ours(&input)),
            "hash_no_pad": hex_values(&digest(PoseidonHash::hash_no_pad(&input))),
            "hash_or_noop": hex_values(&digest(PoseidonHash::hash_or_noop(&input))),
        }));
    }
    let mut two_to_one = Vec::new();
    let mut pairs = vec![(elements(&[1, 2, 3, 4]), elements(&[5, 6, 7, 8]))];
    pairs.extend((0..5).map(|_| (random_elements(&mut rng, 4), random_elements(&mut rng, 4))));
    pairs.push((vec![F::NEG_ONE; 4], vec![F::NEG_ONE; 4]));
    pairs.push((extremes(4, 0), extremes(4, 1)));
    pairs.push((vec![F::NEG_ONE; 4], vec![F::ZERO; 4]));
    for (a, b) in pairs {
        let out =
            PoseidonHash::two_to_one(HashOut::from_vec(a.clone()), HashOut::from_vec(b.clone()));
        two_to_one.push(json!({"left": hex_values(&ours(&a)), "right": hex_values(&ours(&b)), "output": hex_values(&digest(out))}));
    }
    let mut proofs = Vec::new();
    // The last tree is of extremes: the proven (last) leaf all p − 1, leaf i the mixed extremes
    // from shift i (not all alike: a tree of equal leaves would prove every index).
    for (log_leaves, cap_height, leaf_len, index, of_extremes) in [
        (20, 0, 10, 0b1011_0110_0101_1100_1011, false),
        (10, 2, 7, 613, false),
        (6, 0, 3, 41, false),
        (5, 1, 9, 31, true),
    ] {
        let leaves: Vec<Vec<F>> = (0..1usize << log_leaves)
            .map(|i| match (of_extremes, i == index) {
                (true, true) => vec![F::NEG_ONE; leaf_len],
                (true, false) => extremes(leaf_len, i),
                (false, _) => random_elements(&mut rng, leaf_len),
            })
            .collect();
        let tree = MerkleTree::<F, PoseidonHash>::new(leaves.clone(), cap_height);
        let proof = tree.prove(index);
        verify_merkle_proof_to_cap(leaves[index].clone(), index, &tree.cap, &proof).unwrap();
        let cap: Vec<Value> = tree.cap.0.iter().map(|h| hex_values(&digest(*h))).collect();
        let siblings: Vec<Value> = proof
            .siblings
            .iter()
            .map(|h| hex_values(&digest(*h)))
            .collect();
        proofs.push(json!({
            "leaves": 1usize << log_leaves,
            "cap_height": cap_height,
            "leaf_index": index,
            "leaf_data": hex_values(&ours(&leaves[index])),
            "siblings": siblings,
            "cap": cap,
        }));
    }
    json!({
        // Sorted first by serde_json ('@' < 'a'): the marker tools look for in a file's first lines.
        "@generated": "by crates/plonky2-reference/tests/plonky2.rs (PLONKY2_WRITE_VECTORS=1) from plonky2 1.1.0; do not edit",
        "source": "plonky2 1.1.0 (crates.io): GoldilocksField::poseidon, PoseidonHash::{hash_no_pad, hash_or_noop, two_to_one}, MerkleTree::new/prove, checked with verify_merkle_proof_to_cap; written by crates/plonky2-reference/tests/plonky2.rs (PLONKY2_WRITE_VECTORS=1), elements in decimal",
        "permutation": permutations,
        "hash": hashes,
        "two_to_one": two_to_one,
        "merkle_proofs": proofs,
    })
}

#[test]
fn committed_vectors_are_plonky2s() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test/vectors/goldilocks-plonky2.json"
    );
    let expected = serde_json::to_string_pretty(vectors()).unwrap() + "\n";
    if std::env::var_os("PLONKY2_WRITE_VECTORS").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == expected,
        "{path} is not what plonky2 computes: rerun with PLONKY2_WRITE_VECTORS=1 and commit it"
    );
}

/// The proofs in the vectors also verify with this crate (so the Stylus/EVM tests, which check
/// against the same file, test what plonky2 produced).
#[test]
fn committed_proofs_verify_natively() {
    let vectors = vectors();
    let parse = |v: &Value| -> Vec<Goldilocks> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| Goldilocks::new(x.as_str().unwrap().parse().unwrap()).unwrap())
            .collect()
    };
    for proof in vectors["merkle_proofs"].as_array().unwrap() {
        let leaf = parse(&proof["leaf_data"]);
        let siblings: Vec<Digest> = proof["siblings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| parse(s).try_into().unwrap())
            .collect();
        let cap: Vec<Digest> = proof["cap"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| parse(s).try_into().unwrap())
            .collect();
        let index = proof["leaf_index"].as_u64().unwrap();
        assert!(merkle::verify_to_cap::<poseidon::Poseidon>(
            &leaf, index, &cap, &siblings
        ));
    }
}
