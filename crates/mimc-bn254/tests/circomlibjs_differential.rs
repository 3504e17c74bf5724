//! Every function of the crate against circomlibjs 0.1.7 as published (`buildMimcSponge`,
//! `buildMimc7`), through one Node process (`tests/js/reference.mjs`): every combination of the
//! extremes 0, 1 and p − 1 in every position (for the multi-hashes: every input list of up to three
//! extremes, with every extreme key), then random inputs generated at test time.
//!
//! Needs Node.js and the repository's `node_modules` (`npm ci`); fails, never skips, without them.

use std::path::PathBuf;

use mimc_bn254::{mimc7, sponge, Fr};
use rand::rngs::StdRng;
use rand::Rng;
use ruint::aliases::U256;

const RANDOM_CALLS: usize = 300;
const RANDOM_MULTI_CALLS: usize = 60;

/// One call of a reference function and our result for it.
struct Call {
    function: &'static str,
    args: serde_json::Value,
    ours: Vec<Fr>,
}

fn decimal(x: &Fr) -> serde_json::Value {
    U256::from_limbs(x.to_limbs()).to_string().into()
}

fn list(xs: &[Fr]) -> serde_json::Value {
    xs.iter().map(decimal).collect()
}

fn random_fr(rng: &mut StdRng) -> Fr {
    loop {
        let mut limbs: [u64; 4] = rng.random();
        limbs[3] >>= 2;
        if let Some(x) = Fr::from_limbs(limbs) {
            return x;
        }
    }
}

fn extremes() -> [Fr; 3] {
    let p_minus_1 = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS) - U256::from(1u64);
    [
        Fr::ZERO,
        Fr::ONE,
        Fr::from_limbs(p_minus_1.into_limbs()).expect("p - 1 < p"),
    ]
}

/// Every list of `len` extremes.
fn extreme_lists(len: usize) -> Vec<Vec<Fr>> {
    let e = extremes();
    (0..3usize.pow(len as u32))
        .map(|mut index| {
            (0..len)
                .map(|_| {
                    let x = e[index % 3];
                    index /= 3;
                    x
                })
                .collect()
        })
        .collect()
}

fn sponge_call(xl: Fr, xr: Fr, k: Fr) -> Call {
    let (l, r) = sponge::hash(xl, xr, k);
    Call {
        function: "sponge",
        args: list(&[xl, xr, k]),
        ours: vec![l, r],
    }
}

fn sponge_multi_call(inputs: &[Fr], key: Fr, n: usize) -> Call {
    let mut ours = vec![Fr::ZERO; n];
    sponge::multi_hash(inputs, key, &mut ours);
    let args = serde_json::json!([list(inputs), decimal(&key), n.to_string()]);
    Call {
        function: "spongeMulti",
        args,
        ours,
    }
}

fn left_right_call(left: Fr, right: Fr) -> Call {
    let ours = vec![sponge::hash_left_right(left, right)];
    Call {
        function: "leftRight",
        args: list(&[left, right]),
        ours,
    }
}

fn mimc7_call(x: Fr, k: Fr) -> Call {
    Call {
        function: "mimc7",
        args: list(&[x, k]),
        ours: vec![mimc7::hash(x, k)],
    }
}

fn mimc7_multi_call(inputs: &[Fr], key: Fr) -> Call {
    let args = serde_json::json!([list(inputs), decimal(&key)]);
    Call {
        function: "mimc7Multi",
        args,
        ours: vec![mimc7::multi_hash(inputs, key)],
    }
}

/// Runs every call through circomlibjs and returns its results in order.
fn reference(calls: &[Call]) -> Vec<Vec<Fr>> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/js/reference.mjs");
    let batch: String = calls
        .iter()
        .map(|c| serde_json::json!({ "fn": c.function, "args": c.args }).to_string() + "\n")
        .collect();
    let stdout = poseidon_test_support::run_node(&script, &[], batch);
    let results: Vec<Vec<Fr>> = stdout
        .lines()
        .map(|line| {
            let hexes: Vec<String> = serde_json::from_str(line).expect("a JSON array per line");
            hexes.iter().map(|h| Fr::from_hex(h)).collect()
        })
        .collect();
    assert_eq!(results.len(), calls.len(), "one result per call");
    results
}

fn assert_all_match(calls: Vec<Call>) {
    let expected = reference(&calls);
    let mismatches: Vec<String> = calls
        .iter()
        .zip(&expected)
        .filter(|(call, theirs)| &call.ours != *theirs)
        .map(|(call, theirs)| {
            let show = |xs: &[Fr]| xs.iter().map(Fr::to_string).collect::<Vec<_>>().join(", ");
            format!(
                "{}({}): ours [{}], circomlibjs [{}]",
                call.function,
                call.args,
                show(&call.ours),
                show(theirs)
            )
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} of {} calls differ from circomlibjs:\n{}",
        mismatches.len(),
        calls.len(),
        mismatches.join("\n")
    );
}

#[test]
fn extremes_in_every_position() {
    let mut calls = Vec::new();
    for args in extreme_lists(3) {
        calls.push(sponge_call(args[0], args[1], args[2]));
    }
    for args in extreme_lists(2) {
        calls.push(left_right_call(args[0], args[1]));
        calls.push(mimc7_call(args[0], args[1]));
    }
    for len in 0..=3 {
        for inputs in extreme_lists(len) {
            for key in extremes() {
                for n in 1..=3 {
                    calls.push(sponge_multi_call(&inputs, key, n));
                }
                calls.push(mimc7_multi_call(&inputs, key));
            }
        }
    }
    assert_all_match(calls);
}

#[test]
fn random_inputs() {
    let (_, mut rng) = poseidon_test_support::seeded_rng("mimc random_inputs");
    let mut calls = Vec::new();
    for _ in 0..RANDOM_CALLS {
        let [a, b, c] = [(); 3].map(|_| random_fr(&mut rng));
        calls.push(sponge_call(a, b, c));
        calls.push(left_right_call(a, b));
        calls.push(mimc7_call(a, c));
    }
    for _ in 0..RANDOM_MULTI_CALLS {
        let inputs: Vec<Fr> = (0..rng.random_range(0..8))
            .map(|_| random_fr(&mut rng))
            .collect();
        let key = random_fr(&mut rng);
        calls.push(sponge_multi_call(&inputs, key, rng.random_range(1..5)));
        calls.push(mimc7_multi_call(&inputs, key));
    }
    assert_all_match(calls);
}

#[test]
fn no_outputs_asked_computes_nothing() {
    let mut outputs: [Fr; 0] = [];
    sponge::multi_hash(&[Fr::ONE], Fr::ONE, &mut outputs);
}
