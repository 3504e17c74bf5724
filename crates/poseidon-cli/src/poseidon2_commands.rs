//! The Poseidon2 instances beyond `poseidon2 A B`: Noir's hash, every instance's permutation and
//! TaceoLabs' compression.

use clap::ValueEnum;
use poseidon_bn254::poseidon2::{self, noir, params};
use poseidon_bn254::Fr;

use crate::input;

/// The two published HorizenLabs parameter sets for BN254, named by who uses them.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Set {
    /// Constants after HorizenLabs commit bb476b9: barretenberg/Noir (t = 4), openzeppelin-crypto
    /// 0.3 (t = 3), taceo-poseidon2 and TaceoLabs poseidon2-solidity (t = 2, 3, 4).
    Barretenberg,
    /// Constants before bb476b9: Codex's nim-poseidon2 (t = 3), rust-poseidon-bn254-pure
    /// ("old", t = 2, 3, 4).
    Codex,
}

/// Noir's `Poseidon2::hash(inputs, inputs.len())`, or with `variable_length` the variant that
/// appends 1 (what Noir computes for `hash(inputs, n)` with n below the array's length).
/// More inputs than the program's `noirHash` takes are refused, as it refuses them.
pub fn noir_hash(inputs: &[String], variable_length: bool) -> Result<Fr, String> {
    if inputs.len() > noir::MAX_PROGRAM_INPUTS {
        return Err(input::count_error(
            "noir",
            &format!("at most {}", noir::MAX_PROGRAM_INPUTS),
            "the program's noirHash reverts with TooManyInputs above that",
            inputs.len(),
        ));
    }
    let elements = input::parse_all(inputs)?;
    Ok(if variable_length {
        noir::hash_variable_length(&elements)
    } else {
        noir::hash(&elements)
    })
}

/// The permutation of a state of 2, 3 or 4 elements (the width is the number of inputs).
pub fn permute(set: Set, inputs: &[String]) -> Result<Vec<Fr>, String> {
    // The count first: a wrong count is reported even when an input is bad too.
    if !(2..=4).contains(&inputs.len()) {
        return Err(input::count_error(
            "permute",
            "a state of 2, 3 or 4",
            "t = the number of inputs",
            inputs.len(),
        ));
    }
    let mut state = input::parse_all(inputs)?;
    match (set, state.as_mut_slice()) {
        (Set::Barretenberg, [a, b]) => permute_in(params::barretenberg_t2::permute, [a, b]),
        (Set::Barretenberg, [a, b, c]) => permute_in(params::barretenberg_t3::permute, [a, b, c]),
        (Set::Barretenberg, [a, b, c, d]) => {
            permute_in(params::barretenberg_t4::permute, [a, b, c, d])
        }
        (Set::Codex, [a, b]) => permute_in(params::codex_t2::permute, [a, b]),
        (Set::Codex, [a, b, c]) => permute_in(params::codex_t3::permute, [a, b, c]),
        (Set::Codex, [a, b, c, d]) => permute_in(params::codex_t4::permute, [a, b, c, d]),
        _ => unreachable!("counted above"),
    }
    Ok(state)
}

fn permute_in<const T: usize>(permute: fn(&mut [Fr; T]), lanes: [&mut Fr; T]) {
    let mut state: [Fr; T] = core::array::from_fn(|i| *lanes[i]);
    permute(&mut state);
    for (lane, value) in lanes.into_iter().zip(state) {
        *lane = value;
    }
}

/// TaceoLabs poseidon2-solidity `compress` (Barretenberg set): `permutation(x)[0] + x[0]`.
pub fn compress(inputs: &[String]) -> Result<Fr, String> {
    if !(2..=4).contains(&inputs.len()) {
        return Err(input::count_error(
            "compress",
            "2, 3 or 4",
            "t = the number of inputs",
            inputs.len(),
        ));
    }
    let x = input::parse_all(inputs)?;
    match x.as_slice() {
        [a, b] => Ok(poseidon2::compress::<2, params::BarretenbergT2>(&[*a, *b])),
        [a, b, c] => Ok(poseidon2::compress::<3, params::BarretenbergT3>(&[
            *a, *b, *c,
        ])),
        [a, b, c, d] => Ok(poseidon2::compress::<4, params::BarretenbergT4>(&[
            *a, *b, *c, *d,
        ])),
        _ => unreachable!("counted above"),
    }
}
