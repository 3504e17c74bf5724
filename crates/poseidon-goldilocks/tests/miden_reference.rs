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
use rand::{rngs::StdRng, Rng};

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
