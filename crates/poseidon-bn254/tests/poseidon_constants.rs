//! The circomlib Poseidon parameter tables are the reference's, and they compute the reference
//! permutation:
//! 1. every entry of `poseidon::params::t2..t17` (C, S, M, P) equals circomlibjs's
//!    `src/poseidon_constants_opt.json`;
//! 2. the companion-form tables (`COMPANION_*`, derived by `scripts/gen/gen-constants.mjs`) satisfy
//!    their defining identities with `M`, recomputed here in the library's own field arithmetic;
//! 3. `hash1..hash16` in every representation (`poseidon::forms::{sparse, dense, companion}`;
//!    sparse and dense with the `forms` feature)
//!    equal a plain Poseidon permutation written here from circomlibjs's unoptimized
//!    `src/poseidon_constants.json` (the Grain-LFSR constants and Cauchy MDS matrix), on random
//!    inputs and the edge values.

mod common;

use common::{circomlibjs_json, edge_and_random_tuples, fr_from_json, SeededRng};
use poseidon_bn254::poseidon::{self, params};
use poseidon_bn254::Fr;
use serde_json::Value;

const FULL_ROUNDS: usize = 8;
/// circomlibjs `N_ROUNDS_P` for t = 2..17 (poseidon_reference.js).
const CIRCOMLIB_PARTIAL_ROUNDS: [usize; 16] = [
    56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68,
];
const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;
/// Random inputs per width of the 10 (or 16) inputs and wider, whose plain permutation is slower.
const RANDOM_INPUTS_PER_WIDE_WIDTH: usize = 300;

fn json_vector(table: &Value) -> Vec<Fr> {
    table
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(fr_from_json)
        .collect()
}

fn json_matrix(table: &Value) -> Vec<Vec<Fr>> {
    table
        .as_array()
        .expect("a JSON array of rows")
        .iter()
        .map(json_vector)
        .collect()
}

fn assert_vector_eq(ours: &[Fr], reference: &[Fr], name: &str) {
    assert_eq!(
        ours.len(),
        reference.len(),
        "{name}: length differs from circomlibjs"
    );
    for (k, (a, b)) in ours.iter().zip(reference).enumerate() {
        assert_eq!(
            a.to_be_bytes(),
            b.to_be_bytes(),
            "{name}[{k}]: ours {a}, circomlibjs {b}"
        );
    }
}

fn assert_matrix_eq<const T: usize>(ours: &[[Fr; T]; T], reference: &[Vec<Fr>], name: &str) {
    assert_eq!(
        reference.len(),
        T,
        "{name}: circomlibjs has {} rows",
        reference.len()
    );
    for (i, (row, reference_row)) in ours.iter().zip(reference).enumerate() {
        assert_vector_eq(row, reference_row, &format!("{name}[{i}]"));
    }
}

/// Checks one width's optimized tables against `poseidon_constants_opt.json`.
fn assert_optimized_tables_match<const T: usize>(
    (width, full_rounds, partial_rounds): (usize, usize, usize),
    c: &[Fr],
    s: &[Fr],
    m: &[[Fr; T]; T],
    p: &[[Fr; T]; T],
) {
    assert_eq!(width, T);
    assert_eq!(full_rounds, FULL_ROUNDS, "t = {T}: full rounds");
    assert_eq!(
        partial_rounds,
        CIRCOMLIB_PARTIAL_ROUNDS[T - 2],
        "t = {T}: partial rounds"
    );
    let opt = circomlibjs_json("poseidon_constants_opt.json");
    assert_vector_eq(c, &json_vector(&opt["C"][T - 2]), &format!("t{T}::C"));
    assert_vector_eq(s, &json_vector(&opt["S"][T - 2]), &format!("t{T}::S"));
    assert_matrix_eq(m, &json_matrix(&opt["M"][T - 2]), &format!("t{T}::M"));
    assert_matrix_eq(p, &json_matrix(&opt["P"][T - 2]), &format!("t{T}::P"));
    // The optimized table sizes follow from the round counts.
    assert_eq!(c.len(), T * full_rounds + partial_rounds, "t{T}::C size");
    assert_eq!(s.len(), (2 * T - 1) * partial_rounds, "t{T}::S size");
}

/// One test per width: its optimized tables against `poseidon_constants_opt.json`.
macro_rules! optimized_tables_match_circomlibjs {
    ($($test:ident: $t:ident),*) => {$(
        #[test]
        fn $test() {
            use params::$t as t;
            let rounds = (t::WIDTH, t::FULL_ROUNDS, t::PARTIAL_ROUNDS);
            assert_optimized_tables_match(rounds, &t::C, &t::S, &t::M, &t::P);
        }
    )*};
}

optimized_tables_match_circomlibjs!(
    t2_optimized_tables_match_circomlibjs: t2,
    t3_optimized_tables_match_circomlibjs: t3,
    t4_optimized_tables_match_circomlibjs: t4,
    t5_optimized_tables_match_circomlibjs: t5,
    t6_optimized_tables_match_circomlibjs: t6,
    t7_optimized_tables_match_circomlibjs: t7,
    t8_optimized_tables_match_circomlibjs: t8,
    t9_optimized_tables_match_circomlibjs: t9,
    t10_optimized_tables_match_circomlibjs: t10,
    t11_optimized_tables_match_circomlibjs: t11,
    t12_optimized_tables_match_circomlibjs: t12,
    t13_optimized_tables_match_circomlibjs: t13,
    t14_optimized_tables_match_circomlibjs: t14,
    t15_optimized_tables_match_circomlibjs: t15,
    t16_optimized_tables_match_circomlibjs: t16,
    t17_optimized_tables_match_circomlibjs: t17
);

/// circomlibjs publishes tables for exactly t = 2..17 (so the tests above cover every width).
#[test]
fn circomlibjs_publishes_sixteen_widths() {
    let opt = circomlibjs_json("poseidon_constants_opt.json");
    for table in ["C", "S", "M", "P"] {
        assert_eq!(opt[table].as_array().map(Vec::len), Some(16), "{table}");
    }
}

/// `Σ_j a[j]·b[j]`.
fn dot(a: &[Fr], b: &[Fr]) -> Fr {
    a.iter()
        .zip(b)
        .fold(Fr::ZERO, |acc, (x, y)| acc.add(&x.mul(y)))
}

/// The companion tables of one width against their definitions (see `poseidon`'s docs), from the
/// published `M` alone: with `A = Mᵀ = [[a, bᵀ], [c, D]]` and `Q = [c, Dc, …, Dⁿ⁻¹c]`,
/// `ROW = [a, bᵀQ]`, `Dⁿc = Σ_j SCALE[j]·Dʲc`, `diag(1, Q)·PREᵀ = A` and `POSTᵀ = [[a, bᵀQ], [c, DQ]]`.
fn assert_companion_tables_derive_from_m<const T: usize, const N: usize>(
    m: &[[Fr; T]; T],
    row: &[Fr; T],
    scale: &[Fr; N],
    pre: &[[Fr; T]; T],
    post: &[[Fr; T]; T],
) {
    assert_eq!(N + 1, T);
    // Effective matrices (new = X·state): circomlib's tables are stored transposed.
    let effective = |x: &[[Fr; T]; T]| -> Vec<Vec<Fr>> {
        (0..T).map(|i| (0..T).map(|j| x[j][i]).collect()).collect()
    };
    let a = effective(m);
    let (b, c): (Vec<Fr>, Vec<Fr>) = (
        (1..T).map(|j| a[0][j]).collect(),
        (1..T).map(|i| a[i][0]).collect(),
    );
    let d: Vec<Vec<Fr>> = (1..T).map(|i| a[i][1..].to_vec()).collect();
    let apply_d = |v: &[Fr]| -> Vec<Fr> { d.iter().map(|row| dot(row, v)).collect() };
    // Krylov vectors c, Dc, …, Dⁿc; Q's columns are the first n.
    let mut krylov = vec![c.clone()];
    for _ in 0..N {
        krylov.push(apply_d(krylov.last().unwrap()));
    }
    let q_column = |k: usize| &krylov[k];
    let name = format!("t{T}");

    assert_eq!(row[0], a[0][0], "{name}: COMPANION_ROW[0] is a");
    for k in 0..N {
        assert_eq!(
            row[1 + k],
            dot(&b, q_column(k)),
            "{name}: COMPANION_ROW[{}] = bᵀ·Q[{k}]",
            1 + k
        );
    }
    let combination = (0..N).fold(vec![Fr::ZERO; N], |acc, k| {
        acc.iter()
            .zip(q_column(k))
            .map(|(x, q)| x.add(&scale[k].mul(q)))
            .collect()
    });
    assert_eq!(
        combination, krylov[N],
        "{name}: Dⁿc = Σ_j COMPANION_SCALE[j]·Dʲc"
    );

    let pre = effective(pre);
    assert_eq!(
        pre[0], a[0],
        "{name}: COMPANION_PRE leaves lane 0's row as M's"
    );
    for i in 0..N {
        for j in 0..T {
            let q_pre: Fr = (0..N).fold(Fr::ZERO, |acc, k| {
                acc.add(&q_column(k)[i].mul(&pre[1 + k][j]))
            });
            assert_eq!(
                q_pre,
                a[1 + i][j],
                "{name}: (Q·COMPANION_PRE)[{}][{j}] = A",
                1 + i
            );
        }
    }

    let post = effective(post);
    assert_eq!(
        post[0],
        row.to_vec(),
        "{name}: COMPANION_POST's lane 0 row is COMPANION_ROW"
    );
    for i in 0..N {
        assert_eq!(post[1 + i][0], c[i], "{name}: COMPANION_POST column 0 is c");
        for k in 0..N {
            assert_eq!(
                post[1 + i][1 + k],
                q_column(k + 1)[i],
                "{name}: COMPANION_POST = D·Q"
            );
        }
    }
}

#[test]
fn companion_tables_derive_from_the_published_mds_matrix() {
    use params::{t10, t11, t12, t13, t14, t15, t16, t17, t2, t3, t4, t5, t6, t7, t8, t9};
    macro_rules! check {
        ($($t:ident),*) => {$(
            assert_companion_tables_derive_from_m(
                &$t::M, &$t::COMPANION_ROW, &$t::COMPANION_SCALE, &$t::COMPANION_PRE, &$t::COMPANION_POST,
            );
        )*};
    }
    check!(t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17);
}

/// The plain Poseidon permutation of circomlibjs `poseidon_reference.js`, squeezing lane 0.
struct PlainPoseidon {
    width: usize,
    partial_rounds: usize,
    /// t · (RF + RP) round constants, round-major.
    round_constants: Vec<Fr>,
    /// new[i] = Σ_j mds[i][j] · state[j].
    mds: Vec<Vec<Fr>>,
}

impl PlainPoseidon {
    fn from_unoptimized_circomlibjs(width: usize) -> PlainPoseidon {
        let plain = circomlibjs_json("poseidon_constants.json");
        let round_constants = json_vector(&plain["C"][width - 2]);
        let mds = json_matrix(&plain["M"][width - 2]);
        assert_eq!(
            round_constants.len() % width,
            0,
            "t = {width}: C is not whole rounds"
        );
        let partial_rounds = round_constants.len() / width - FULL_ROUNDS;
        assert_eq!(partial_rounds, CIRCOMLIB_PARTIAL_ROUNDS[width - 2]);
        assert!(mds.len() == width && mds.iter().all(|row| row.len() == width));
        PlainPoseidon {
            width,
            partial_rounds,
            round_constants,
            mds,
        }
    }

    fn hash(&self, inputs: &[Fr]) -> Fr {
        let t = self.width;
        assert_eq!(inputs.len() + 1, t);
        let mut state = vec![Fr::ZERO];
        state.extend_from_slice(inputs);
        for round in 0..FULL_ROUNDS + self.partial_rounds {
            for (i, lane) in state.iter_mut().enumerate() {
                *lane = lane.add(&self.round_constants[round * t + i]);
            }
            let full = round < FULL_ROUNDS / 2 || round >= FULL_ROUNDS / 2 + self.partial_rounds;
            let sbox_lanes = if full { t } else { 1 };
            for lane in &mut state[..sbox_lanes] {
                *lane = lane.pow5();
            }
            state = self
                .mds
                .iter()
                .map(|row| {
                    row.iter()
                        .zip(&state)
                        .fold(Fr::ZERO, |acc, (m, x)| acc.add(&m.mul(x)))
                })
                .collect();
        }
        state[0]
    }
}

fn assert_equals_plain_permutation<const N: usize>(test: &str, optimized: fn(&[Fr; N]) -> Fr) {
    let plain = PlainPoseidon::from_unoptimized_circomlibjs(N + 1);
    let mut rng = SeededRng::new(test);
    let random = if N >= 10 {
        RANDOM_INPUTS_PER_WIDE_WIDTH
    } else {
        RANDOM_INPUTS_PER_WIDTH
    };
    for inputs in &edge_and_random_tuples::<N>(&mut rng, random) {
        assert_eq!(
            optimized(inputs),
            plain.hash(inputs),
            "hash{N}({inputs:?}) differs from the plain permutation (seed {})",
            rng.seed
        );
    }
}

/// Every width of one representation against the plain permutation.
macro_rules! every_width_equals_plain_permutation {
    ($($test:ident: $form:ident),*) => {$(
        #[test]
        fn $test() {
            use poseidon::forms::$form as form;
            let test = stringify!($test);
            assert_equals_plain_permutation::<1>(test, form::hash1);
            assert_equals_plain_permutation::<2>(test, form::hash2);
            assert_equals_plain_permutation::<3>(test, form::hash3);
            assert_equals_plain_permutation::<4>(test, form::hash4);
            assert_equals_plain_permutation::<5>(test, form::hash5);
            assert_equals_plain_permutation::<6>(test, form::hash6);
            assert_equals_plain_permutation::<7>(test, form::hash7);
            assert_equals_plain_permutation::<8>(test, form::hash8);
            assert_equals_plain_permutation::<9>(test, form::hash9);
            assert_equals_plain_permutation::<10>(test, form::hash10);
            assert_equals_plain_permutation::<11>(test, form::hash11);
            assert_equals_plain_permutation::<12>(test, form::hash12);
            assert_equals_plain_permutation::<13>(test, form::hash13);
            assert_equals_plain_permutation::<14>(test, form::hash14);
            assert_equals_plain_permutation::<15>(test, form::hash15);
            assert_equals_plain_permutation::<16>(test, form::hash16);
        }
    )*};
}

every_width_equals_plain_permutation!(
    companion_form_equals_plain_permutation_at_every_width: companion
);
// The representations measured but not shipped: feature `forms` (scripts/test.sh enables it).
#[cfg(feature = "forms")]
every_width_equals_plain_permutation!(
    sparse_form_equals_plain_permutation_at_every_width: sparse,
    dense_form_equals_plain_permutation_at_every_width: dense
);

/// The shipped `hash1..hash16` (whichever representation each width uses).
#[test]
fn shipped_hashes_equal_plain_permutation() {
    let test = "shipped_hashes_equal_plain_permutation";
    assert_equals_plain_permutation::<1>(test, poseidon::hash1);
    assert_equals_plain_permutation::<2>(test, poseidon::hash2);
    assert_equals_plain_permutation::<3>(test, poseidon::hash3);
    assert_equals_plain_permutation::<4>(test, poseidon::hash4);
    assert_equals_plain_permutation::<5>(test, poseidon::hash5);
    assert_equals_plain_permutation::<6>(test, poseidon::hash6);
    assert_equals_plain_permutation::<7>(test, poseidon::hash7);
    assert_equals_plain_permutation::<8>(test, poseidon::hash8);
    assert_equals_plain_permutation::<9>(test, poseidon::hash9);
    assert_equals_plain_permutation::<10>(test, poseidon::hash10);
    assert_equals_plain_permutation::<11>(test, poseidon::hash11);
    assert_equals_plain_permutation::<12>(test, poseidon::hash12);
    assert_equals_plain_permutation::<13>(test, poseidon::hash13);
    assert_equals_plain_permutation::<14>(test, poseidon::hash14);
    assert_equals_plain_permutation::<15>(test, poseidon::hash15);
    assert_equals_plain_permutation::<16>(test, poseidon::hash16);
}

/// The plain permutation above is itself pinned to a published value, so a bug shared by it
/// and the JSON reading cannot make the comparison vacuous.
#[test]
fn plain_permutation_reproduces_circomlib_published_vector() {
    let plain = PlainPoseidon::from_unoptimized_circomlibjs(3);
    assert_eq!(
        plain.hash(&[Fr::from_u64(1), Fr::from_u64(2)]),
        Fr::from_hex("0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a")
    );
}
