//! Miden's Poseidon2 hash against miden-crypto 0.28.1 and Plonky3's default Goldilocks Poseidon2
//! against p3-goldilocks 0.6.3, both as published (pinned dev-dependencies): every table entry,
//! random and edge permutations, and every sponge function on random inputs of every length
//! class, with the edges (0, 1, p − 1) in every position.

use miden_crypto::hash::poseidon2::Poseidon2 as MidenPoseidon2;
use miden_crypto::merkle::MerklePath;
use miden_crypto::{Felt, Word as MidenWord};
use p3_field::PrimeField64;
use p3_goldilocks::Goldilocks as P3;
use p3_symmetric::Permutation;
use poseidon_goldilocks::miden::{self, PathError, Word};
use poseidon_goldilocks::poseidon2::{params, plonky3, Instance};
use poseidon_goldilocks::{Goldilocks, P};
use poseidon_test_support::seeded_rng;
use rand::{rngs::StdRng, Rng, SeedableRng};

const EDGES: [u64; 5] = [0, 1, 2, P - 1, P - 2];

fn element(rng: &mut StdRng) -> Goldilocks {
    let value = if rng.random_ratio(1, 4) {
        EDGES[rng.random_range(0..EDGES.len())]
    } else {
        rng.random_range(0..P)
    };
    Goldilocks::new(value).unwrap()
}

fn elements(rng: &mut StdRng, n: usize) -> Vec<Goldilocks> {
    (0..n).map(|_| element(rng)).collect()
}

fn word(rng: &mut StdRng) -> Word {
    core::array::from_fn(|_| element(rng))
}

fn felt(x: Goldilocks) -> Felt {
    Felt::new(x.value()).unwrap()
}

fn miden_word(w: &Word) -> MidenWord {
    MidenWord::new(w.map(felt))
}

fn ours(w: MidenWord) -> Word {
    let elements: [Felt; 4] = w.into();
    elements.map(|e| Goldilocks::new(e.as_canonical_u64()).unwrap())
}

fn p3_values<const N: usize>(values: &[P3; N]) -> [u64; N] {
    values.map(|v| v.as_canonical_u64())
}

#[test]
fn tables_equal_p3_goldilocks() {
    use p3_goldilocks::*;
    let first: Vec<[u64; 12]> = GOLDILOCKS_POSEIDON2_RC_12_EXTERNAL_INITIAL
        .iter()
        .map(p3_values)
        .collect();
    let last: Vec<[u64; 12]> = GOLDILOCKS_POSEIDON2_RC_12_EXTERNAL_FINAL
        .iter()
        .map(p3_values)
        .collect();
    assert_eq!(first, plonky3::Plonky3::EXTERNAL_FIRST);
    assert_eq!(last, plonky3::Plonky3::EXTERNAL_LAST);
    assert_eq!(
        p3_values(&GOLDILOCKS_POSEIDON2_RC_12_INTERNAL),
        plonky3::Plonky3::INTERNAL
    );
    assert_eq!(
        p3_values(&MATRIX_DIAG_12_GOLDILOCKS),
        plonky3::INTERNAL_DIAG_M_1
    );
    // The round constants are HorizenLabs' (one Grain-LFSR output); the diagonal is not.
    assert_eq!(plonky3::Plonky3::EXTERNAL_FIRST, params::EXTERNAL_FIRST);
    assert_ne!(plonky3::INTERNAL_DIAG_M_1, params::INTERNAL_DIAG_M_1);
}

#[test]
fn permutation_equals_p3_and_miden() {
    let (_, mut rng) = seeded_rng("permutation_equals_p3_and_miden");
    let p3 = p3_goldilocks::default_goldilocks_poseidon2_12();
    let mut states: Vec<[Goldilocks; 12]> = EDGES
        .iter()
        .map(|&v| [Goldilocks::new(v).unwrap(); 12])
        .collect();
    states.extend((0..2000).map(|_| core::array::from_fn(|_| element(&mut rng))));
    for state in states {
        let ours = plonky3::permute(&state).map(Goldilocks::value);
        let p3_out = p3.permute(state.map(|x| P3::new(x.value())));
        assert_eq!(ours, p3_values(&p3_out), "{state:?}");
        let mut miden_state = state.map(felt);
        MidenPoseidon2::apply_permutation(&mut miden_state);
        assert_eq!(ours, miden_state.map(|e| e.as_canonical_u64()), "{state:?}");
    }
}

#[test]
fn sponge_functions_equal_miden() {
    let (_, mut rng) = seeded_rng("sponge_functions_equal_miden");
    for length in (0..=33).chain([64, 65, 100]) {
        for _ in 0..8 {
            let input = elements(&mut rng, length);
            let felts: Vec<Felt> = input.iter().copied().map(felt).collect();
            assert_eq!(
                miden::poseidon2::hash_elements(&input),
                ours(MidenPoseidon2::hash_elements(&felts)),
                "{length} elements"
            );
        }
    }
    for length in (0..=130).chain([200, 448, 449]) {
        for _ in 0..4 {
            let bytes: Vec<u8> = (0..length)
                .map(|_| match rng.random_range(0..4) {
                    0 => 0,
                    1 => 0xff,
                    _ => rng.random(),
                })
                .collect();
            assert_eq!(
                miden::poseidon2::hash_bytes(&bytes),
                ours(MidenPoseidon2::hash(&bytes)),
                "{length} bytes"
            );
        }
    }
    for _ in 0..500 {
        let (left, right) = (word(&mut rng), word(&mut rng));
        let pair = [miden_word(&left), miden_word(&right)];
        assert_eq!(
            miden::poseidon2::merge(&left, &right),
            ours(MidenPoseidon2::merge(&pair))
        );
        let domain = element(&mut rng);
        assert_eq!(
            miden::poseidon2::merge_in_domain(&left, &right, domain),
            ours(MidenPoseidon2::merge_in_domain(&pair, felt(domain)))
        );
    }
}

#[test]
fn roots_from_paths_equal_miden() {
    let (_, mut rng) = seeded_rng("roots_from_paths_equal_miden");
    for depth in (0..=20).chain([31, 32, 63, 64]) {
        for _ in 0..6 {
            let leaf = word(&mut rng);
            let siblings: Vec<Word> = (0..depth).map(|_| word(&mut rng)).collect();
            let path = MerklePath::new(siblings.iter().map(miden_word).collect());
            let limit = if depth == 64 {
                u64::MAX
            } else {
                (1 << depth) - 1
            };
            let index = match rng.random_range(0..3) {
                0 => 0,
                1 => limit,
                _ => rng.random_range(0..=limit),
            };
            let expected = path.compute_root(index, miden_word(&leaf)).unwrap();
            assert_eq!(
                miden::poseidon2::root_from_path(&leaf, &siblings, index),
                Ok(ours(expected)),
                "depth {depth}, index {index}"
            );
            if depth < 64 {
                let outside = limit + 1 + rng.random_range(0..=u64::MAX - limit - 1) / 2;
                assert!(path.compute_root(outside, miden_word(&leaf)).is_err());
                assert_eq!(
                    miden::poseidon2::root_from_path(&leaf, &siblings, outside),
                    Err(PathError::IndexOutOfRange {
                        index: outside,
                        depth
                    })
                );
            }
        }
    }
    let leaf = word(&mut rng);
    assert_eq!(
        miden::poseidon2::root_from_path(&leaf, &vec![leaf; 65], 0),
        Err(PathError::TooDeep { depth: 65 })
    );
}

/// miden-crypto's own known answer for Poseidon2 (`hash/algebraic_sponge/poseidon2/test.rs`,
/// `permutation_test_vector`, from Plonky3's `test_default_goldilocks_poseidon2_width_12`): the
/// permutation of [0, 1, …, 11].
const POSEIDON2_KAT: [u64; 12] = [
    0xf292ab67c0f14b03,
    0x0a32f1b37656544c,
    0x053c61ab895498de,
    0x02ff92e55b196ffb,
    0x58176e8f6f58cab2,
    0xb0aa1206e7aec0f8,
    0xe90c13f3dce83ca4,
    0xf4da15333edf39c2,
    0x23b701c053c2ca6c,
    0xd233d593dcdfbf58,
    0x4effa5f9516fb52e,
    0x0aaf4489f1f40166,
];

#[test]
fn permutation_matches_miden_cryptos_known_answer() {
    let state: [Goldilocks; 12] = core::array::from_fn(|i| Goldilocks::new(i as u64).unwrap());
    assert_eq!(
        plonky3::permute(&state).map(Goldilocks::value),
        POSEIDON2_KAT
    );
}

/// Decimal strings, as the other vector files hold elements.
fn decimal(values: &[Felt]) -> serde_json::Value {
    values
        .iter()
        .map(|e| e.as_canonical_u64().to_string())
        .collect()
}

fn decimal_word(w: MidenWord) -> serde_json::Value {
    let elements: [Felt; 4] = w.into();
    decimal(&elements)
}

/// Vectors for the layers that cannot link miden-crypto (the programs through the meter, the
/// EVM references): what miden-crypto 0.28.1 computes on edge and random inputs.
fn poseidon2_vectors() -> serde_json::Value {
    use serde_json::json;
    // A fixed seed: the file is compared, not sampled.
    let mut rng = StdRng::seed_from_u64(0x6d6964656e);
    let felts = |rng: &mut StdRng, n: usize| -> Vec<Felt> {
        elements(rng, n).into_iter().map(felt).collect()
    };
    let mut permutation = vec![];
    let mut states: Vec<[Felt; 12]> = vec![core::array::from_fn(|i| Felt::new(i as u64).unwrap())];
    states.extend(EDGES.iter().map(|&v| [Felt::new(v).unwrap(); 12]));
    states.extend((0..3).map(|_| -> [Felt; 12] { felts(&mut rng, 12).try_into().unwrap() }));
    for state in states {
        let mut out = state;
        MidenPoseidon2::apply_permutation(&mut out);
        permutation.push(json!({ "input": decimal(&state), "output": decimal(&out) }));
    }
    let hash_elements: Vec<_> = (0..=17)
        .chain([24, 33])
        .map(|n| {
            let input = felts(&mut rng, n);
            json!({ "input": decimal(&input), "output": decimal_word(MidenPoseidon2::hash_elements(&input)) })
        })
        .collect();
    let hash_bytes: Vec<_> = [0, 1, 6, 7, 8, 13, 14, 15, 55, 56, 57, 63, 64, 100]
        .into_iter()
        .map(|n| {
            let bytes: Vec<u8> = (0..n)
                .map(|i| if i % 5 == 0 { 0xff } else { rng.random() })
                .collect();
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            json!({ "input": format!("0x{hex}"), "output": decimal_word(MidenPoseidon2::hash(&bytes)) })
        })
        .collect();
    let mut merge = vec![];
    let mut merge_in_domain = vec![];
    let mut pairs: Vec<(Word, Word)> = EDGES
        .iter()
        .map(|&v| {
            (
                [Goldilocks::new(v).unwrap(); 4],
                [Goldilocks::new(v).unwrap(); 4],
            )
        })
        .collect();
    pairs.push((
        core::array::from_fn(|i| Goldilocks::new(i as u64 + 1).unwrap()),
        core::array::from_fn(|i| Goldilocks::new(i as u64 + 5).unwrap()),
    ));
    pairs.extend((0..4).map(|_| (word(&mut rng), word(&mut rng))));
    for (i, (left, right)) in pairs.iter().enumerate() {
        let pair = [miden_word(left), miden_word(right)];
        let (l, r) = (decimal(&left.map(felt)), decimal(&right.map(felt)));
        merge.push(
            json!({ "left": l, "right": r, "output": decimal_word(MidenPoseidon2::merge(&pair)) }),
        );
        let domain = [0, 1, P - 1][i % 3];
        merge_in_domain.push(json!({
            "left": l, "right": r, "domain": domain.to_string(),
            "output": decimal_word(MidenPoseidon2::merge_in_domain(&pair, Felt::new(domain).unwrap())),
        }));
    }
    let paths: Vec<_> = [
        (0, 0),
        (1, 1),
        (2, 2),
        (5, 17),
        (16, 0xffff),
        (64, u64::MAX),
        (64, 1 << 63),
    ]
    .into_iter()
    .map(|(depth, index)| {
        let leaf = word(&mut rng);
        let siblings: Vec<Word> = (0..depth).map(|_| word(&mut rng)).collect();
        let path = MerklePath::new(siblings.iter().map(miden_word).collect());
        let root = path.compute_root(index, miden_word(&leaf)).unwrap();
        json!({
            "leaf": decimal(&leaf.map(felt)),
            "siblings": siblings.iter().map(|s| decimal(&s.map(felt))).collect::<Vec<_>>(),
            "index": index.to_string(),
            "root": decimal_word(root),
        })
    })
    .collect();
    json!({
        // Sorted first by serde_json ('@' < 'a'): the marker tools look for in a file's first lines.
        "@generated": "by crates/poseidon-goldilocks/tests/miden_reference.rs (MIDEN_WRITE_VECTORS=1) from miden-crypto 0.28.1; do not edit",
        "source": "miden-crypto 0.28.1 (crates.io): Poseidon2::{apply_permutation, hash_elements, hash, merge, merge_in_domain}, MerklePath::compute_root; the first permutation is miden-crypto's own known answer (poseidon2/test.rs permutation_test_vector, from Plonky3's test_default_goldilocks_poseidon2_width_12); elements in decimal",
        "permutation": permutation,
        "hash_elements": hash_elements,
        "hash_bytes": hash_bytes,
        "merge": merge,
        "merge_in_domain": merge_in_domain,
        "paths": paths,
    })
}

/// `test/vectors/miden-poseidon2.json` is what miden-crypto computes (and its first permutation
/// miden-crypto's known answer).
#[test]
fn committed_vectors_are_miden_cryptos() {
    let vectors = poseidon2_vectors();
    let first = &vectors["permutation"][0]["output"];
    let kat: Vec<String> = POSEIDON2_KAT.iter().map(u64::to_string).collect();
    assert_eq!(*first, serde_json::json!(kat));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test/vectors/miden-poseidon2.json"
    );
    let expected = serde_json::to_string_pretty(&vectors).unwrap() + "\n";
    if std::env::var_os("MIDEN_WRITE_VECTORS").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == expected,
        "{path} is not what miden-crypto computes: rerun with MIDEN_WRITE_VECTORS=1 and commit it"
    );
}
