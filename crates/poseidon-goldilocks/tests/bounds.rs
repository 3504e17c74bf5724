//! Every engine of the crate on the bound-checking shadow of its field backend (feature
//! `bound-check`; `src/field/shadow/`): each backend function asserts its documented contract
//! on every call, from bounds proven for its operands, never from their values.
//!
//! One run of each function suffices: a permutation's sequence of operations does not depend on
//! the state's values (no branch on a value; the bounds are computed from bounds), so the run
//! below proves every input. The sponge and Merkle functions branch only on lengths and on index
//! bits, so each length class (no input, a partial chunk, whole chunks, a whole and a partial
//! chunk; up to four leaf inputs or more) and both directions are run once.
//!
//! Run on each backend (`scripts/test.sh` runs both):
//! - `cargo test -p poseidon-goldilocks --features bound-check,backend-limbs --test bounds`: the
//!   wasm32 limbs, the deployed arithmetic;
//! - `cargo test -p poseidon-goldilocks --features bound-check --test bounds`: the native backend.
#![cfg(feature = "bound-check")]

use poseidon_goldilocks::{merkle, miden, poseidon, poseidon2, sponge, Digest, Goldilocks};

/// Values of every size (the bounds do not depend on them; these only feed the real backend).
fn elements(n: usize) -> Vec<Goldilocks> {
    (0..n as u64)
        .map(|i| Goldilocks::from_noncanonical(u64::MAX - i.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
        .collect()
}

fn digest(seed: u64) -> Digest {
    core::array::from_fn(|i| Goldilocks::from_noncanonical(seed.wrapping_mul(i as u64 + 3)))
}

/// Each public function of one family, once per length class.
fn every_function<P: sponge::Permutation>(
    permute: fn(&[Goldilocks; 12]) -> [Goldilocks; 12],
    hash_no_pad: fn(&[Goldilocks]) -> Digest,
    two_to_one: fn(&Digest, &Digest) -> Digest,
    hash_or_noop: fn(&[Goldilocks]) -> Digest,
) {
    permute(&[Goldilocks::from_noncanonical(u64::MAX); 12]);
    for length in [0, 3, 8, 13, 16] {
        hash_no_pad(&elements(length));
        sponge::hash_no_pad_iter::<P>(elements(length));
    }
    two_to_one(&digest(1), &digest(2));
    for length in [4, 5] {
        hash_or_noop(&elements(length));
    }
    let siblings = [digest(3), digest(4)];
    // Index 0b10: a left child, then a right child.
    let node = merkle::node_from_path::<P, _>(&elements(6), siblings, 0b10);
    assert!(merkle::verify_to_cap::<P>(
        &elements(6),
        0b10,
        &[node],
        &siblings
    ));
}

#[test]
fn poseidon_keeps_every_bound() {
    every_function::<poseidon::Poseidon>(
        poseidon::permute,
        poseidon::hash_no_pad,
        poseidon::two_to_one,
        poseidon::hash_or_noop,
    );
}

#[test]
fn poseidon2_keeps_every_bound() {
    every_function::<poseidon2::Poseidon2>(
        poseidon2::permute,
        poseidon2::hash_no_pad,
        poseidon2::two_to_one,
        poseidon2::hash_or_noop,
    );
}

/// Each public function of one of Miden's hashes, once per length class.
macro_rules! every_miden_function {
    ($hash:path) => {{
        use $hash as hash;
        hash::permute(&[Goldilocks::from_noncanonical(u64::MAX); 12]);
        for length in [0, 3, 8, 13, 16] {
            hash::hash_elements(&elements(length));
        }
        for length in [0, 5, 7, 56, 60] {
            hash::hash_bytes(&vec![0xff; length]);
        }
        hash::merge(&digest(1), &digest(2));
        hash::merge_in_domain(
            &digest(1),
            &digest(2),
            Goldilocks::from_noncanonical(u64::MAX),
        );
        // Index 0b10: a left child, then a right child.
        hash::root_from_path(&digest(5), &[digest(3), digest(4)], 0b10).unwrap();
    }};
}

#[test]
fn miden_poseidon2_keeps_every_bound() {
    every_miden_function!(miden::poseidon2);
}

#[test]
fn miden_rpo_keeps_every_bound() {
    every_miden_function!(miden::rpo);
}

#[test]
fn miden_rpx_keeps_every_bound() {
    every_miden_function!(miden::rpx);
}
