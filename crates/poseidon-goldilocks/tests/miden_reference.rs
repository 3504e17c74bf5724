//! Miden's Poseidon2 hash against miden-crypto 0.28.1 and Plonky3's default Goldilocks Poseidon2
//! against p3-goldilocks 0.6.3, both as published (pinned dev-dependencies): every table entry,
//! random and edge permutations, and every sponge function on random inputs of every length
//! class, with the edges (0, 1, p − 1) in every position. Miden's RPO and RPX hashes
//! (`Rpo256`, `Rpx256`) likewise, with the extremes 0, 1, p − 1, 2^32 − 1 and 2^32 at every
//! position, and miden-crypto's published digests (`test/vectors/miden-rpo.json`,
//! `miden-rpx.json`).

use miden_crypto::hash::poseidon2::Poseidon2 as MidenPoseidon2;
use miden_crypto::hash::{rpo::Rpo256, rpx::Rpx256};
use miden_crypto::merkle::MerklePath;
use miden_crypto::{Felt, Word as MidenWord};
use p3_field::PrimeField64;
use p3_goldilocks::Goldilocks as P3;
use p3_symmetric::Permutation;
use poseidon_goldilocks::miden::{self, PathError, Word};
use poseidon_goldilocks::poseidon2::{params, plonky3, Instance};
use poseidon_goldilocks::{Goldilocks, P};
use poseidon_test_support::{seeded_rng, vectors};
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

/// One of Miden's Rescue hashes: ours and miden-crypto's, function by function.
struct Rescue {
    name: &'static str,
    permute: fn(&[Goldilocks; 12]) -> [Goldilocks; 12],
    hash_elements: fn(&[Goldilocks]) -> Word,
    hash_bytes: fn(&[u8]) -> Word,
    merge: fn(&Word, &Word) -> Word,
    merge_in_domain: fn(&Word, &Word, Goldilocks) -> Word,
    root_from_path: fn(&Word, &[Word], u64) -> Result<Word, PathError>,
    miden_permute: fn(&mut [Felt; 12]),
    miden_hash_elements: fn(&[Felt]) -> MidenWord,
    miden_hash: fn(&[u8]) -> MidenWord,
    miden_merge: fn(&[MidenWord; 2]) -> MidenWord,
    miden_merge_in_domain: fn(&[MidenWord; 2], Felt) -> MidenWord,
}

const RPO: Rescue = Rescue {
    name: "RPO",
    permute: miden::rpo::permute,
    hash_elements: miden::rpo::hash_elements,
    hash_bytes: miden::rpo::hash_bytes,
    merge: miden::rpo::merge,
    merge_in_domain: miden::rpo::merge_in_domain,
    root_from_path: miden::rpo::root_from_path,
    miden_permute: Rpo256::apply_permutation,
    miden_hash_elements: Rpo256::hash_elements::<Felt>,
    miden_hash: Rpo256::hash,
    miden_merge: Rpo256::merge,
    miden_merge_in_domain: Rpo256::merge_in_domain,
};

const RPX: Rescue = Rescue {
    name: "RPX",
    permute: miden::rpx::permute,
    hash_elements: miden::rpx::hash_elements,
    hash_bytes: miden::rpx::hash_bytes,
    merge: miden::rpx::merge,
    merge_in_domain: miden::rpx::merge_in_domain,
    root_from_path: miden::rpx::root_from_path,
    miden_permute: Rpx256::apply_permutation,
    miden_hash_elements: Rpx256::hash_elements::<Felt>,
    miden_hash: Rpx256::hash,
    miden_merge: Rpx256::merge,
    miden_merge_in_domain: Rpx256::merge_in_domain,
};

/// The extremes placed at every position: 0, 1, p − 1, 2^32 − 1, 2^32.
const EXTREMES: [u64; 5] = [0, 1, P - 1, (1 << 32) - 1, 1 << 32];

fn extreme(i: usize) -> Goldilocks {
    Goldilocks::new(EXTREMES[i % EXTREMES.len()]).unwrap()
}

/// `base` with each extreme at each position in turn, and all-equal extremes.
fn with_extremes(base: &[Goldilocks]) -> Vec<Vec<Goldilocks>> {
    let mut out: Vec<Vec<Goldilocks>> = (0..EXTREMES.len())
        .map(|e| vec![extreme(e); base.len()])
        .collect();
    for position in 0..base.len() {
        for e in 0..EXTREMES.len() {
            let mut input = base.to_vec();
            input[position] = extreme(e);
            out.push(input);
        }
    }
    out
}

fn felts(input: &[Goldilocks]) -> Vec<Felt> {
    input.iter().copied().map(felt).collect()
}

#[test]
fn rescue_tables_equal_miden() {
    use poseidon_goldilocks::rescue::params::{ARK1, ARK2, MDS_ROW, ROUNDS};
    let values = |table: &[[Felt; 12]; ROUNDS]| table.map(|row| row.map(|e| e.as_canonical_u64()));
    for (ark1, ark2, mds) in [
        (Rpo256::ARK1, Rpo256::ARK2, Rpo256::MDS),
        (Rpx256::ARK1, Rpx256::ARK2, Rpx256::MDS),
    ] {
        assert_eq!(values(&ark1), ARK1);
        assert_eq!(values(&ark2), ARK2);
        // MDS[r][c] = MDS_ROW[(c − r) mod 12].
        for (r, row) in mds.iter().enumerate() {
            let expected: [u64; 12] = core::array::from_fn(|c| MDS_ROW[(c + 12 - r) % 12] as u64);
            assert_eq!(row.map(|e| e.as_canonical_u64()), expected, "row {r}");
        }
    }
}

fn rescue_permutation_equals_miden(family: &Rescue) {
    let (_, mut rng) = seeded_rng(&format!("{}: permutation", family.name));
    let background: [Goldilocks; 12] = core::array::from_fn(|_| element(&mut rng));
    let mut states = with_extremes(&background);
    states.extend((0..1000).map(|_| elements(&mut rng, 12)));
    for state in states {
        let state: [Goldilocks; 12] = state.try_into().unwrap();
        let mut expected = state.map(felt);
        (family.miden_permute)(&mut expected);
        assert_eq!(
            (family.permute)(&state).map(Goldilocks::value),
            expected.map(|e| e.as_canonical_u64()),
            "{}: {state:?}",
            family.name
        );
    }
}

#[test]
fn rpo_permutation_equals_miden() {
    rescue_permutation_equals_miden(&RPO);
}

#[test]
fn rpx_permutation_equals_miden() {
    rescue_permutation_equals_miden(&RPX);
}

fn rescue_sponge_equals_miden(family: &Rescue) {
    let name = family.name;
    let (_, mut rng) = seeded_rng(&format!("{name}: sponge"));
    for length in (0..=20).chain([31, 32, 33, 64, 100]) {
        let mut inputs: Vec<Vec<Goldilocks>> = (0..4).map(|_| elements(&mut rng, length)).collect();
        if length <= 20 {
            inputs.extend(with_extremes(&elements(&mut rng, length)));
        }
        for input in inputs {
            assert_eq!(
                (family.hash_elements)(&input),
                ours((family.miden_hash_elements)(&felts(&input))),
                "{name}: hash_elements of {input:?}"
            );
        }
    }
    for length in (0..=70).chain([100, 448, 449]) {
        let randoms = (0..3).map(|_| (0..length).map(|_| rng.random()).collect::<Vec<u8>>());
        // Every byte 0 or 0xff, and 0xff at each position among zeros.
        let extremes =
            [0u8, 0xff]
                .map(|b| vec![b; length])
                .into_iter()
                .chain((0..length.min(16)).map(|position| {
                    let mut bytes = vec![0u8; length];
                    bytes[position] = 0xff;
                    bytes
                }));
        for bytes in randoms.chain(extremes) {
            assert_eq!(
                (family.hash_bytes)(&bytes),
                ours((family.miden_hash)(&bytes)),
                "{name}: hash_bytes of {bytes:?}"
            );
        }
    }
    let background = elements(&mut rng, 8);
    let mut pairs = with_extremes(&background);
    pairs.extend((0..300).map(|_| elements(&mut rng, 8)));
    let domains = [0, 1, 2, 3, 0xff, 1 << 32, P - 1]
        .map(|d| Goldilocks::new(d).unwrap())
        .into_iter()
        .chain((0..3).map(|_| element(&mut rng)))
        .collect::<Vec<_>>();
    for pair in pairs {
        let left: Word = pair[..4].try_into().unwrap();
        let right: Word = pair[4..].try_into().unwrap();
        let words = [miden_word(&left), miden_word(&right)];
        assert_eq!(
            (family.merge)(&left, &right),
            ours((family.miden_merge)(&words)),
            "{name}: merge {pair:?}"
        );
        for &domain in &domains {
            assert_eq!(
                (family.merge_in_domain)(&left, &right, domain),
                ours((family.miden_merge_in_domain)(&words, felt(domain))),
                "{name}: merge_in_domain {pair:?} {domain}"
            );
        }
    }
}

#[test]
fn rpo_sponge_equals_miden() {
    rescue_sponge_equals_miden(&RPO);
}

#[test]
fn rpx_sponge_equals_miden() {
    rescue_sponge_equals_miden(&RPX);
}

/// miden-crypto's Merkle types hash with Poseidon2 only; the root of a path under `Rpo256` or
/// `Rpx256` is `MerklePath::compute_root`'s fold (an odd index at a level is a right child) with
/// their `merge`, checked here to give `MerklePath`'s own root under Poseidon2.
fn miden_root(
    merge: fn(&[MidenWord; 2]) -> MidenWord,
    leaf: &Word,
    siblings: &[Word],
    index: u64,
) -> Word {
    let mut node = miden_word(leaf);
    for (level, sibling) in siblings.iter().enumerate() {
        let sibling = miden_word(sibling);
        node = if index >> level & 1 == 1 {
            merge(&[sibling, node])
        } else {
            merge(&[node, sibling])
        };
    }
    ours(node)
}

fn rescue_roots_equal_miden(family: &Rescue) {
    let name = family.name;
    let (_, mut rng) = seeded_rng(&format!("{name}: roots"));
    for depth in 0..=10 {
        for round in 0..8 {
            let leaf = if round == 0 {
                [extreme(2); 4]
            } else {
                word(&mut rng)
            };
            let siblings: Vec<Word> = (0..depth).map(|_| word(&mut rng)).collect();
            let index = match round {
                0 => 0,
                1 => (1 << depth) - 1,
                _ => rng.random_range(0..1u64 << depth),
            };
            // The fold is MerklePath's: equal to it under Poseidon2.
            let path = MerklePath::new(siblings.iter().map(miden_word).collect());
            assert_eq!(
                ours(path.compute_root(index, miden_word(&leaf)).unwrap()),
                miden_root(MidenPoseidon2::merge, &leaf, &siblings, index)
            );
            assert_eq!(
                (family.root_from_path)(&leaf, &siblings, index),
                Ok(miden_root(family.miden_merge, &leaf, &siblings, index)),
                "{name}: depth {depth}, index {index}"
            );
        }
        let outside = 1u64 << depth;
        assert_eq!(
            (family.root_from_path)(&word(&mut rng), &vec![word(&mut rng); depth], outside),
            Err(PathError::IndexOutOfRange {
                index: outside,
                depth
            })
        );
    }
}

#[test]
fn rpo_roots_from_paths_equal_miden() {
    rescue_roots_equal_miden(&RPO);
}

#[test]
fn rpx_roots_from_paths_equal_miden() {
    rescue_roots_equal_miden(&RPX);
}

/// miden-crypto's published digests (`test/vectors/miden-rpo.json`, `miden-rpx.json`).
fn rescue_published_vectors(family: &Rescue, vectors: vectors::MidenRescue) {
    assert!(vectors.source.contains("miden-crypto 0.28.1"));
    assert!(!vectors.hash_elements.is_empty() && !vectors.hash_bytes.is_empty());
    for case in &vectors.hash_elements {
        let input: Vec<Goldilocks> = case
            .input
            .iter()
            .map(|&v| Goldilocks::new(v).unwrap())
            .collect();
        assert_eq!(
            (family.hash_elements)(&input).map(Goldilocks::value),
            case.output,
            "{}: {:?}",
            family.name,
            case.input
        );
    }
    for case in &vectors.hash_bytes {
        let bytes: Vec<u8> = (0..case.input.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&case.input[i..i + 2], 16).unwrap())
            .collect();
        assert_eq!(
            (family.hash_bytes)(&bytes).map(Goldilocks::value),
            case.output,
            "{}: {}",
            family.name,
            case.input
        );
    }
}

#[test]
fn rpo_published_vectors() {
    let vectors = vectors::miden_rpo();
    // EXPECTED: hash_elements of 0..=i for i < 19, and the empty input.
    assert_eq!(vectors.hash_elements.len(), 20);
    rescue_published_vectors(&RPO, vectors);
}

#[test]
fn rpx_published_vectors() {
    rescue_published_vectors(&RPX, vectors::miden_rpx());
}
