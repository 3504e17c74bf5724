//! Poseidon2 against HorizenLabs' reference, the `zkhash` crate 0.2: every constant, the
//! published known-answer vector, random permutations, and the plonky2 sponge shapes built on
//! zkhash's permutation. (Poseidon against plonky2 lives in `crates/plonky2-reference`, which
//! needs a nightly compiler.)

use ark_ff::{BigInteger, PrimeField};
use poseidon_goldilocks::poseidon2::{self, params};
use poseidon_goldilocks::{merkle, Digest, Goldilocks, P};
use rand::{rngs::StdRng, Rng, SeedableRng};
use zkhash::fields::goldilocks::FpGoldiLocks as Fz;
use zkhash::poseidon2::poseidon2::Poseidon2 as ZkPoseidon2;
use zkhash::poseidon2::poseidon2_instance_goldilocks::{
    MAT_DIAG12_M_1, POSEIDON2_GOLDILOCKS_12_PARAMS, RC12,
};

fn to_u64(x: &Fz) -> u64 {
    x.into_bigint().as_ref()[0]
}

fn reference_permute(state: &[u64; 12]) -> [u64; 12] {
    let zk = ZkPoseidon2::new(&POSEIDON2_GOLDILOCKS_12_PARAMS);
    let input: Vec<Fz> = state.iter().map(|&v| Fz::from(v)).collect();
    zk.permutation(&input)
        .iter()
        .map(to_u64)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn elements<const N: usize>(values: &[u64; N]) -> [Goldilocks; N] {
    values.map(|v| Goldilocks::new(v).unwrap())
}

fn ours_permute(state: &[u64; 12]) -> [u64; 12] {
    poseidon2::permute(&elements(state)).map(Goldilocks::value)
}

fn random_element(rng: &mut StdRng) -> u64 {
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
    if rng.random_ratio(1, 8) {
        edges[rng.random_range(0..edges.len())]
    } else {
        rng.random_range(0..P)
    }
}

fn seeded() -> (StdRng, u64) {
    let seed = std::env::var("ZKHASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random);
    println!("seed {seed} (replay with ZKHASH_SEED={seed})");
    (StdRng::seed_from_u64(seed), seed)
}

#[test]
fn constants_match_zkhash() {
    let diag: Vec<u64> = MAT_DIAG12_M_1.iter().map(to_u64).collect();
    assert_eq!(diag, params::INTERNAL_DIAG_M_1);
    let rc: Vec<Vec<u64>> = RC12
        .iter()
        .map(|row| row.iter().map(to_u64).collect())
        .collect();
    let half = params::HALF_FULL_ROUNDS;
    assert_eq!(rc.len(), 2 * half + params::PARTIAL_ROUNDS);
    for r in 0..half {
        assert_eq!(rc[r], params::EXTERNAL_FIRST[r], "first full round {r}");
        assert_eq!(
            rc[half + params::PARTIAL_ROUNDS + r],
            params::EXTERNAL_LAST[r],
            "last full round {r}"
        );
    }
    for k in 0..params::PARTIAL_ROUNDS {
        let row = &rc[half + k];
        assert_eq!(row[0], params::INTERNAL[k], "partial round {k}");
        assert!(
            row[1..].iter().all(|&c| c == 0),
            "partial round {k} pads with zeros"
        );
    }
    assert_eq!(
        ZkPoseidon2::new(&POSEIDON2_GOLDILOCKS_12_PARAMS).get_t(),
        12
    );
    // The field is the same: zkhash's modulus is p.
    let modulus = Fz::MODULUS.to_bytes_le();
    assert_eq!(u64::from_le_bytes(modulus[..8].try_into().unwrap()), P);
}

/// zkhash's own known-answer test (`poseidon2_tests_goldilocks::kats`): the permutation of
/// [0, 1, …, 11].
#[test]
fn published_known_answer() {
    let input: [u64; 12] = core::array::from_fn(|i| i as u64);
    let expected = [
        0x01eaef96bdf1c0c1,
        0x1f0d2cc525b2540c,
        0x6282c1dfe1e0358d,
        0xe780d721f698e1e6,
        0x280c0b6f753d833b,
        0x1b942dd5023156ab,
        0x43f0df3fcccb8398,
        0xe8e8190585489025,
        0x56bdbf72f77ada22,
        0x7911c32bf9dcd705,
        0xec467926508fbe67,
        0x6a50450ddf85a6ed,
    ];
    assert_eq!(ours_permute(&input), expected);
    assert_eq!(reference_permute(&input), expected);
}

#[test]
fn permutation_matches_zkhash() {
    let (mut rng, seed) = seeded();
    let mut inputs = vec![[0; 12], [P - 1; 12]];
    inputs.extend((0..2000).map(|_| core::array::from_fn(|_| random_element(&mut rng))));
    for input in inputs {
        assert_eq!(
            ours_permute(&input),
            reference_permute(&input),
            "{input:?}, seed {seed}"
        );
    }
}

/// plonky2's sponge shapes, written out here over zkhash's permutation.
fn reference_hash_no_pad(inputs: &[u64]) -> [u64; 4] {
    let mut state = [0u64; 12];
    for chunk in inputs.chunks(8) {
        state[..chunk.len()].copy_from_slice(chunk);
        state = reference_permute(&state);
    }
    state[..4].try_into().unwrap()
}

#[test]
fn sponge_shapes_over_zkhash_permutation() {
    let (mut rng, seed) = seeded();
    for length in 0..=40 {
        for _ in 0..5 {
            let input: Vec<u64> = (0..length).map(|_| random_element(&mut rng)).collect();
            let ours: Vec<Goldilocks> =
                input.iter().map(|&v| Goldilocks::new(v).unwrap()).collect();
            let expected = reference_hash_no_pad(&input);
            assert_eq!(
                poseidon2::hash_no_pad(&ours).map(Goldilocks::value),
                expected,
                "seed {seed}"
            );
            let noop = if length <= 4 {
                core::array::from_fn(|i| input.get(i).copied().unwrap_or(0))
            } else {
                expected
            };
            assert_eq!(
                poseidon2::hash_or_noop(&ours).map(Goldilocks::value),
                noop,
                "seed {seed}"
            );
        }
    }
    for _ in 0..300 {
        let (a, b): ([u64; 4], [u64; 4]) = (
            core::array::from_fn(|_| random_element(&mut rng)),
            core::array::from_fn(|_| random_element(&mut rng)),
        );
        let mut state = [0u64; 12];
        state[..4].copy_from_slice(&a);
        state[4..8].copy_from_slice(&b);
        let expected: [u64; 4] = reference_permute(&state)[..4].try_into().unwrap();
        assert_eq!(
            poseidon2::two_to_one(&elements(&a), &elements(&b)).map(Goldilocks::value),
            expected,
            "seed {seed}"
        );
    }
}

#[test]
fn merkle_paths_over_zkhash_permutation() {
    let (mut rng, seed) = seeded();
    for _ in 0..20 {
        let depth = rng.random_range(0..12usize);
        let leaf: Vec<u64> = (0..rng.random_range(0..20))
            .map(|_| random_element(&mut rng))
            .collect();
        let siblings: Vec<[u64; 4]> = (0..depth)
            .map(|_| core::array::from_fn(|_| random_element(&mut rng)))
            .collect();
        let index = rng.random_range(0..1u64 << (depth + 2));
        // The walk, over zkhash's permutation.
        let mut node: [u64; 4] = if leaf.len() <= 4 {
            core::array::from_fn(|i| leaf.get(i).copied().unwrap_or(0))
        } else {
            reference_hash_no_pad(&leaf)
        };
        for (level, sibling) in siblings.iter().enumerate() {
            let (l, r) = if index >> level & 1 == 1 {
                (sibling, &node)
            } else {
                (&node, sibling)
            };
            let mut state = [0u64; 12];
            state[..4].copy_from_slice(l);
            state[4..8].copy_from_slice(r);
            node = reference_permute(&state)[..4].try_into().unwrap();
        }
        let leaf_elements: Vec<Goldilocks> =
            leaf.iter().map(|&v| Goldilocks::new(v).unwrap()).collect();
        let sibling_digests: Vec<Digest> = siblings.iter().map(elements).collect();
        let got = merkle::node_from_path::<poseidon2::Poseidon2, _>(
            &leaf_elements,
            sibling_digests.iter().copied(),
            index,
        );
        assert_eq!(got.map(Goldilocks::value), node, "seed {seed}");
        let mut cap = vec![elements(&[1, 2, 3, 4]); 4];
        let entry = (index >> depth) as usize;
        cap[entry] = got;
        assert!(merkle::verify_to_cap::<poseidon2::Poseidon2>(
            &leaf_elements,
            index,
            &cap,
            &sibling_digests
        ));
        assert!(!merkle::verify_to_cap::<poseidon2::Poseidon2>(
            &leaf_elements,
            index,
            &cap[..entry],
            &sibling_digests
        ));
    }
}
