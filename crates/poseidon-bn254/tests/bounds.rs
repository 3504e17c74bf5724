//! The bound checker over every engine (feature `bound-check`; scripts/test.sh runs it on both
//! backends): each permutation, hash and sponge runs once on shadow values that carry their
//! proven bounds, and every field operation asserts its backend's contract (`field/shadow.rs`).
//!
//! One run covers every input: no engine branches on a value, only on the number of inputs, so
//! the sponges run at every length up to two frames or blocks past their first, and each
//! permutation runs once. The inputs are p − 1 (the values do not matter; the largest is the
//! one a reader expects).
#![cfg(feature = "bound-check")]

use poseidon_bn254::poseidon2::{self, noir, params, Instance, Layers, Width};
use poseidon_bn254::{poseidon, Fr};

const P_MINUS_1: [u64; 4] = [
    poseidon_bn254::MODULUS_LIMBS[0] - 1,
    poseidon_bn254::MODULUS_LIMBS[1],
    poseidon_bn254::MODULUS_LIMBS[2],
    poseidon_bn254::MODULUS_LIMBS[3],
];

fn largest() -> Fr {
    Fr::from_limbs(P_MINUS_1).expect("p − 1 is canonical")
}

fn inputs<const N: usize>() -> [Fr; N] {
    [largest(); N]
}

#[test]
fn circomlib_every_width() {
    // t = 2 … 17; `to_limbs` reads each output (the checker asserts its precondition too).
    let outputs = [
        poseidon::hash1(&inputs()),
        poseidon::hash2(&inputs()),
        poseidon::hash3(&inputs()),
        poseidon::hash4(&inputs()),
        poseidon::hash5(&inputs()),
        poseidon::hash6(&inputs()),
        poseidon::hash7(&inputs()),
        poseidon::hash8(&inputs()),
        poseidon::hash9(&inputs()),
        poseidon::hash10(&inputs()),
        poseidon::hash11(&inputs()),
        poseidon::hash12(&inputs()),
        poseidon::hash13(&inputs()),
        poseidon::hash14(&inputs()),
        poseidon::hash15(&inputs()),
        poseidon::hash16(&inputs()),
    ];
    for output in outputs {
        output.to_limbs();
    }
}

/// The representations of the partial rounds that no program ships (feature `forms`).
#[cfg(feature = "forms")]
#[test]
fn circomlib_every_width_in_every_form() {
    macro_rules! every_width {
        ($form:ident) => {{
            use poseidon::forms::$form as form;
            [
                form::hash1(&inputs()),
                form::hash2(&inputs()),
                form::hash3(&inputs()),
                form::hash4(&inputs()),
                form::hash5(&inputs()),
                form::hash6(&inputs()),
                form::hash7(&inputs()),
                form::hash8(&inputs()),
                form::hash9(&inputs()),
                form::hash10(&inputs()),
                form::hash11(&inputs()),
                form::hash12(&inputs()),
                form::hash13(&inputs()),
                form::hash14(&inputs()),
                form::hash15(&inputs()),
                form::hash16(&inputs()),
            ]
        }};
    }
    for output in every_width!(sparse).into_iter().chain(every_width!(dense)) {
        output.to_limbs();
    }
}

#[test]
fn iden3_sponge_every_length_class() {
    // Frames of six: the first takes five values, later ones five more each; 0 … 16 covers no
    // value, a partial and a full first frame, and two later frames of each kind.
    for length in 0..=16 {
        poseidon::sponge::sponge(&vec![largest(); length]).to_limbs();
    }
}

fn permutation_and_compression<const T: usize, I: Instance<T>>()
where
    Width<T>: Layers<T>,
{
    let mut state = inputs::<T>();
    poseidon2::permutation::<T, I>(&mut state);
    for lane in state {
        lane.to_limbs();
    }
    poseidon2::compress::<T, I>(&inputs()).to_limbs();
}

#[test]
fn poseidon2_every_instance() {
    permutation_and_compression::<2, params::BarretenbergT2>();
    permutation_and_compression::<3, params::BarretenbergT3>();
    permutation_and_compression::<4, params::BarretenbergT4>();
    permutation_and_compression::<2, params::CodexT2>();
    permutation_and_compression::<3, params::CodexT3>();
    permutation_and_compression::<4, params::CodexT4>();
    poseidon2::hash2(&inputs()).to_limbs();
}

#[test]
fn noir_sponge_every_length_class() {
    // Blocks of three: 0 … 9 covers the empty message and every remainder over three blocks.
    noir::hash2(&inputs()).to_limbs();
    for length in 0..=9 {
        let message = vec![largest(); length];
        noir::hash(&message).to_limbs();
        noir::hash_variable_length(&message).to_limbs();
    }
}

#[test]
fn field_operations_of_the_public_api() {
    // What a user's code can chain: every public operation on the largest values.
    let (a, b) = (largest(), largest());
    let mut x = a.add(&b).sub(&a).mul(&b).square().double().pow5();
    x.add_assign(&a);
    x.mul_assign(&b);
    x.add_product(&a, &b);
    x.pow5_assign();
    x.add_pow5_of_sum(&a, &b, &x.clone());
    x.pow7_of_sum_assign(&a, &b);
    x.assign_sum_of_products(&inputs::<16>(), &inputs::<16>());
    Fr::sum_of_products(&inputs::<6>(), &inputs::<6>()).to_limbs();
    x.to_be_bytes();
}
