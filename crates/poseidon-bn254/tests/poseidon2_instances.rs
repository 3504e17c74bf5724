//! Every Poseidon2 instance (t = 2, 3, 4 in the Barretenberg and Codex sets), Noir's hash and
//! TaceoLabs' compression against independent references:
//! - each table equal to its parameter file (`test/vectors/poseidon2-params/`, extracted from
//!   taceo-poseidon2 and checked there against openzeppelin-crypto and @zkpassport/poseidon2, or
//!   transcribed from the seed implementation for the Codex set), and the t = 4 Barretenberg
//!   tables equal to @zkpassport/poseidon2's (barretenberg's) entry by entry;
//! - the engine equal to a plain Poseidon2 written here from the paper, on random states, for
//!   all six instances (the engine's unreduced sums and fused reductions are what this checks);
//! - the Barretenberg permutations equal to taceo-poseidon2's on edge and random states;
//! - Noir's hash equal to @zkpassport/poseidon2 on random lengths 0..40;
//! - the published vectors of `test/vectors/poseidon2-instances.json` (KATs of every instance,
//!   Codex nim-poseidon2's vector, TaceoLabs' compress vectors, Noir hashes).

mod common;

use ark_ff::{BigInteger, PrimeField};
use common::{edge_and_random_tuples, from_u256, node_reference_hashes, SeededRng};
use poseidon_bn254::poseidon2::{self, noir, params, Instance, Layers, Width};
use poseidon_bn254::Fr;
use poseidon_test_support::vectors;
use ruint::aliases::U256;

const RANDOM_STATES: usize = 300;

fn frs(values: &[U256]) -> Vec<Fr> {
    values.iter().copied().map(from_u256).collect()
}

/// The instance's tables as the parameter file lays them out: diagonal, 64 rows of constants.
fn rust_tables<const T: usize, I: Instance<T>>() -> (Vec<Fr>, Vec<Vec<Fr>>) {
    let mut rows: Vec<Vec<Fr>> = I::EXTERNAL_FIRST.iter().map(|r| r.to_vec()).collect();
    for c in I::INTERNAL {
        let mut row = vec![Fr::ZERO; T];
        row[0] = c;
        rows.push(row);
    }
    rows.extend(I::EXTERNAL_LAST.iter().map(|r| r.to_vec()));
    (I::INTERNAL_DIAG.to_vec(), rows)
}

fn check_tables<const T: usize, I: Instance<T>>(file: &str) {
    let params = vectors::poseidon2_params(file);
    assert_eq!(params.t, T);
    assert_eq!((params.rounds_f, params.rounds_p), (8, 56));
    let (diag, rows) = rust_tables::<T, I>();
    assert_eq!(
        diag,
        frs(&params.mat_internal_diag_m_1),
        "{file}: internal diagonal"
    );
    let reference: Vec<Vec<Fr>> = params.round_constants.iter().map(|r| frs(r)).collect();
    assert_eq!(reference.len(), 64, "{file}: 64 rounds");
    for (r, (ours, theirs)) in rows.iter().zip(&reference).enumerate() {
        assert_eq!(ours, theirs, "{file}: round {r}");
    }
}

#[test]
fn every_table_equals_its_parameter_file() {
    check_tables::<2, params::BarretenbergT2>("barretenberg-t2");
    check_tables::<3, params::BarretenbergT3>("barretenberg-t3");
    check_tables::<4, params::BarretenbergT4>("barretenberg-t4");
    check_tables::<2, params::CodexT2>("codex-t2");
    check_tables::<3, params::CodexT3>("codex-t3");
    check_tables::<4, params::CodexT4>("codex-t4");
}

/// @zkpassport/poseidon2 ships barretenberg's t = 4 tables as `BigInt("0x…")` literals in
/// `dist/cjs/bn254/constants.cjs`: the diagonal (4), the internal matrix (16), then 64 rows of 4.
#[test]
fn barretenberg_t4_tables_equal_zkpassport() {
    let path = common::npm_package("@zkpassport/poseidon2").join("dist/cjs/bn254/constants.cjs");
    let text = std::fs::read_to_string(&path).expect("constants.cjs");
    let values: Vec<Fr> = text
        .split("BigInt(\"")
        .skip(1)
        .map(|rest| Fr::from_hex(rest.split('"').next().expect("closing quote")))
        .collect();
    assert_eq!(values.len(), 4 + 16 + 64 * 4, "layout of constants.cjs");
    let (diag, rows) = rust_tables::<4, params::BarretenbergT4>();
    assert_eq!(diag, values[..4], "diagonal");
    for (i, d) in diag.iter().enumerate() {
        // Their full internal matrix is 1·1ᵀ + diag(d).
        assert_eq!(
            values[4 + 5 * i],
            d.add(&Fr::ONE),
            "internal matrix diagonal {i}"
        );
    }
    let flat: Vec<Fr> = rows.into_iter().flatten().collect();
    assert_eq!(flat, values[20..], "round constants");
}

/// Poseidon2 from the paper: M_E (circ for t = 2, 3; M4 for t = 4), M_I = 1·1ᵀ + diag(d), plain
/// reduced field operations and full matrix products.
fn plain_permutation<const T: usize, I: Instance<T>>(state: &mut [Fr; T]) {
    let small = |v: u64| Fr::from_u64(v);
    let external = |s: &mut [Fr; T]| {
        let matrix: Vec<Vec<u64>> = match T {
            4 => vec![
                vec![5, 7, 1, 3],
                vec![4, 6, 1, 1],
                vec![1, 3, 5, 7],
                vec![1, 1, 4, 6],
            ],
            _ => (0..T)
                .map(|i| (0..T).map(|j| 1 + u64::from(i == j)).collect())
                .collect(),
        };
        let old = *s;
        for (i, lane) in s.iter_mut().enumerate() {
            *lane = (0..T).fold(Fr::ZERO, |acc, j| {
                acc.add(&small(matrix[i][j]).mul(&old[j]))
            });
        }
    };
    let internal = |s: &mut [Fr; T]| {
        let sum = s.iter().fold(Fr::ZERO, |acc, x| acc.add(x));
        for (lane, d) in s.iter_mut().zip(&I::INTERNAL_DIAG) {
            *lane = lane.mul(d).add(&sum);
        }
    };
    external(state);
    for constants in &I::EXTERNAL_FIRST {
        for (lane, c) in state.iter_mut().zip(constants) {
            *lane = lane.add(c).pow5();
        }
        external(state);
    }
    for c in &I::INTERNAL {
        state[0] = state[0].add(c).pow5();
        internal(state);
    }
    for constants in &I::EXTERNAL_LAST {
        for (lane, c) in state.iter_mut().zip(constants) {
            *lane = lane.add(c).pow5();
        }
        external(state);
    }
}

fn engine_equals_plain<const T: usize, I: Instance<T>>(name: &str)
where
    Width<T>: Layers<T>,
{
    let mut rng = SeededRng::new(name);
    for state in edge_and_random_tuples::<T>(&mut rng, RANDOM_STATES) {
        let (mut ours, mut plain) = (state, state);
        poseidon2::permutation::<T, I>(&mut ours);
        plain_permutation::<T, I>(&mut plain);
        assert_eq!(
            ours, plain,
            "{name} permutation of {state:?} (seed {})",
            rng.seed
        );
    }
}

#[test]
fn engine_equals_the_plain_permutation_for_every_instance() {
    engine_equals_plain::<2, params::BarretenbergT2>("barretenberg-t2");
    engine_equals_plain::<3, params::BarretenbergT3>("barretenberg-t3");
    engine_equals_plain::<4, params::BarretenbergT4>("barretenberg-t4");
    engine_equals_plain::<2, params::CodexT2>("codex-t2");
    engine_equals_plain::<3, params::CodexT3>("codex-t3");
    engine_equals_plain::<4, params::CodexT4>("codex-t4");
}

fn to_ark(x: Fr) -> ark_bn254::Fr {
    ark_bn254::Fr::from_le_bytes_mod_order(&common::to_u256(x).to_le_bytes::<32>())
}

fn from_ark(x: ark_bn254::Fr) -> Fr {
    let bytes = x.into_bigint().to_bytes_le();
    from_u256(ruint::aliases::U256::from_le_slice(&bytes))
}

fn equals_taceo<const T: usize, I: Instance<T>>(
    taceo: fn(&[ark_bn254::Fr; T]) -> [ark_bn254::Fr; T],
    name: &str,
) where
    Width<T>: Layers<T>,
{
    let mut rng = SeededRng::new(name);
    for state in edge_and_random_tuples::<T>(&mut rng, RANDOM_STATES) {
        let mut ours = state;
        poseidon2::permutation::<T, I>(&mut ours);
        let theirs = taceo(&state.map(to_ark)).map(from_ark);
        assert_eq!(
            ours, theirs,
            "{name}: permutation of {state:?} (seed {})",
            rng.seed
        );
    }
}

#[test]
fn barretenberg_permutations_equal_taceo_poseidon2() {
    equals_taceo::<2, params::BarretenbergT2>(taceo_poseidon2::bn254::t2::permutation, "t2");
    equals_taceo::<3, params::BarretenbergT3>(taceo_poseidon2::bn254::t3::permutation, "t3");
    equals_taceo::<4, params::BarretenbergT4>(taceo_poseidon2::bn254::t4::permutation, "t4");
}

fn permutation_vectors<const T: usize>(name: &str, permute: fn(&mut [Fr; T])) {
    let all = vectors::poseidon2_instances();
    let cases = all.permutation(name);
    assert!(cases.len() >= 10, "{name}: vectors");
    for case in cases {
        let mut state: [Fr; T] = frs(&case.input).try_into().expect("width");
        permute(&mut state);
        assert_eq!(
            state.to_vec(),
            frs(&case.output),
            "{name}: {:?}",
            case.input
        );
    }
}

#[test]
fn every_instance_matches_its_vectors_and_known_answers() {
    permutation_vectors("barretenberg-t2", params::barretenberg_t2::permute);
    permutation_vectors("barretenberg-t3", params::barretenberg_t3::permute);
    permutation_vectors("barretenberg-t4", params::barretenberg_t4::permute);
    permutation_vectors("codex-t2", params::codex_t2::permute);
    permutation_vectors("codex-t3", params::codex_t3::permute);
    permutation_vectors("codex-t4", params::codex_t4::permute);
    // Codex nim-poseidon2 tests/poseidon2/testPermutation.nim: the permutation of [0, 1, 2].
    let mut state = [0, 1, 2].map(Fr::from_u64);
    params::codex_t3::permute(&mut state);
    let decimal = |s: &str| from_u256(s.parse().unwrap());
    assert_eq!(
        state,
        [
            decimal(
                "21882471761025344482456282050943515707267606647948403374880378562101343146243"
            ),
            decimal("9030699330013392132529464674294378792132780497765201297316864012141442630280"),
            decimal("9137931384593657624554037900714196568304064431583163402259937475584578975855"),
        ]
    );
}

#[test]
fn noir_hash_matches_its_vectors() {
    let all = vectors::poseidon2_instances();
    for case in &all.noir {
        let (inputs, want) = (frs(&case.inputs), from_u256(case.output));
        assert_eq!(
            noir::hash(&inputs),
            want,
            "noir hash of {} inputs",
            inputs.len()
        );
        if let Ok(pair) = <[Fr; 2]>::try_from(inputs.as_slice()) {
            assert_eq!(noir::hash2(&pair), want, "noir hash2");
        }
    }
    for case in &all.noir_variable_length {
        let (inputs, want) = (frs(&case.inputs), from_u256(case.output));
        assert_eq!(
            noir::hash_variable_length(&inputs),
            want,
            "variable length, {} inputs",
            inputs.len()
        );
    }
    // Noir's hash of [1, 2], as Noir/barretenberg users quote it.
    assert_eq!(
        noir::hash2(&[Fr::from_u64(1), Fr::from_u64(2)]),
        Fr::from_hex("0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383")
    );
}

#[test]
fn noir_hash_equals_zkpassport_on_random_lengths() {
    use rand::Rng;
    let mut rng = SeededRng::new("noir_hash_equals_zkpassport");
    let messages: Vec<Vec<Fr>> = (0..200)
        .map(|i| {
            let len = if i < 41 {
                i
            } else {
                rng.rng.random_range(0..=40)
            };
            (0..len).map(|_| rng.fr()).collect()
        })
        .collect();
    let reference = node_reference_hashes("zkpassport-noir", &messages);
    for (message, want) in messages.iter().zip(reference) {
        assert_eq!(
            noir::hash(message),
            want,
            "{} inputs (seed {})",
            message.len(),
            rng.seed
        );
    }
}

#[test]
fn compress_matches_taceolabs_vectors() {
    fn check<const T: usize, I: Instance<T>>(all: &vectors::Poseidon2Instances)
    where
        Width<T>: Layers<T>,
    {
        let cases = all.compress(T);
        assert!(cases.len() >= 5);
        for case in cases {
            let inputs: [Fr; T] = frs(&case.inputs).try_into().unwrap();
            let want = from_u256(case.output);
            assert_eq!(poseidon2::compress::<T, I>(&inputs), want, "compress t{T}");
        }
    }
    let all = vectors::poseidon2_instances();
    check::<2, params::BarretenbergT2>(&all);
    check::<3, params::BarretenbergT3>(&all);
    check::<4, params::BarretenbergT4>(&all);
}
