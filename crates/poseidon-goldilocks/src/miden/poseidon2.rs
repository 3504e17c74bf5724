//! Miden's Poseidon2 hash, miden-crypto 0.28.1's `Poseidon2`: the sponge of [`super`] over
//! Plonky3's Goldilocks Poseidon2 ([`crate::poseidon2::plonky3`]).
//!
//! Each function is `#[inline]`, so that it is compiled only where it is called: compiled here, it
//! would change how the permutation's helpers are inlined in every program that links this crate
//! (the crate's CHANGELOG has the case).

use super::{PathError, Word};
use crate::poseidon2::plonky3::Plonky3;
use crate::Goldilocks;

pub use crate::poseidon2::plonky3::permute;

/// miden-crypto's `Poseidon2::hash_elements`.
#[inline]
pub fn hash_elements(elements: &[Goldilocks]) -> Word {
    super::hash_elements::<Plonky3>(elements)
}

/// miden-crypto's `Poseidon2::hash` (bytes).
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> Word {
    super::hash_bytes::<Plonky3>(bytes)
}

/// miden-crypto's `Poseidon2::merge`.
#[inline]
pub fn merge(left: &Word, right: &Word) -> Word {
    super::merge::<Plonky3>(left, right)
}

/// miden-crypto's `Poseidon2::merge_in_domain`.
#[inline]
pub fn merge_in_domain(left: &Word, right: &Word, domain: Goldilocks) -> Word {
    super::merge_in_domain::<Plonky3>(left, right, domain)
}

/// miden-crypto's `MerklePath::compute_root` (its trees hash with Poseidon2).
#[inline]
pub fn root_from_path(leaf: &Word, siblings: &[Word], index: u64) -> Result<Word, PathError> {
    super::root_from_path::<Plonky3>(leaf, siblings, index)
}
