//! MiMC on the bound checker (feature `bound-check`, poseidon-bn254's `field/shadow.rs`): every
//! field operation of each hash asserts its backend's contract on shadow values that carry their
//! proven bounds. No hash branches on a value, only on the number of inputs and outputs, so one
//! run of each length proves the bounds for every input. The inputs and keys are p − 1.

use mimc_bn254::{mimc7, sponge};
use poseidon_bn254::{Fr, MODULUS_LIMBS};

fn largest() -> Fr {
    let [low, rest @ ..] = MODULUS_LIMBS;
    let mut limbs = [low - 1, 0, 0, 0];
    limbs[1..].copy_from_slice(&rest);
    Fr::from_limbs(limbs).expect("p − 1 is canonical")
}

#[test]
fn mimc_sponge_every_function() {
    let x = largest();
    let (left, right) = sponge::hash(x, x, x);
    for output in [left, right, sponge::hash_left_right(x, x)] {
        output.to_limbs();
    }
    for length in 0..=3 {
        let mut outputs = [Fr::ZERO; 3];
        sponge::multi_hash(&vec![x; length], x, &mut outputs);
        for output in outputs {
            output.to_limbs();
        }
    }
}

#[test]
fn mimc7_every_function() {
    let x = largest();
    mimc7::hash(x, x).to_limbs();
    for length in 0..=3 {
        mimc7::multi_hash(&vec![x; length], x).to_limbs();
    }
}
