//! The round constants re-derived with a Rust keccak (the `sha3` crate), independently of the
//! generator (`scripts/gen/gen-mimc-constants.mjs`, checked there against circomlibjs): keccak256
//! chained from the seed, each value reduced mod p; round 0's constant (and MiMCSponge's last) is 0.

use mimc_bn254::{constants, mimc7, sponge, Fr};
use ruint::aliases::U256;
use sha3::{Digest, Keccak256};

fn derive(seed: &str, rounds: usize, last_is_zero: bool) -> Vec<Fr> {
    let p = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS);
    let mut c: [u8; 32] = Keccak256::digest(seed.as_bytes()).into();
    let mut out = vec![Fr::ZERO];
    for _ in 1..rounds {
        c = Keccak256::digest(c).into();
        let reduced = U256::from_be_bytes(c) % p;
        out.push(Fr::from_limbs(reduced.into_limbs()).expect("reduced below p"));
    }
    if last_is_zero {
        out[rounds - 1] = Fr::ZERO;
    }
    out
}

#[test]
fn sponge_constants_are_the_keccak_chain_of_mimcsponge() {
    assert_eq!(constants::SPONGE.len(), sponge::ROUNDS);
    assert_eq!(
        constants::SPONGE.to_vec(),
        derive("mimcsponge", sponge::ROUNDS, true)
    );
}

#[test]
fn mimc7_constants_are_the_keccak_chain_of_mimc() {
    assert_eq!(constants::MIMC7.len(), mimc7::ROUNDS);
    assert_eq!(
        constants::MIMC7.to_vec(),
        derive("mimc", mimc7::ROUNDS, false)
    );
}
