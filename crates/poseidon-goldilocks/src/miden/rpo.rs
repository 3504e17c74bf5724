//! Miden's RPO hash, miden-crypto 0.28.1's `Rpo256`: the sponge of [`super`] over the RPO
//! permutation ([`crate::rescue::Rpo`]). miden-crypto's `Rpo256` uses the same sponge as its
//! Poseidon2 (the `AlgebraicSponge` trait's provided methods); only its Merkle types are
//! Poseidon2's, so [`root_from_path`] is `MerklePath::compute_root`'s fold with `Rpo256::merge`.
//!
//! The state is [RATE (lanes 0..8), CAPACITY (8..12)], as in miden-crypto since 0.21.0; the
//! RPO permutation itself is a map of the twelve lanes that the layout change left alone, but
//! digests of versions before 0.21.0 ([CAPACITY, RATE]) differ from these.
//!
//! Each function is `#[inline]`, so that it is compiled only where it is called (as
//! [`super::poseidon2`]'s).

use super::{PathError, Word};
use crate::rescue::{self, Rpo};
use crate::Goldilocks;

/// miden-crypto's `Rpo256::apply_permutation`.
#[inline]
pub fn permute(state: &[Goldilocks; 12]) -> [Goldilocks; 12] {
    rescue::permute::<Rpo>(state)
}

/// miden-crypto's `Rpo256::hash_elements`.
#[inline]
pub fn hash_elements(elements: &[Goldilocks]) -> Word {
    super::hash_elements::<Rpo>(elements)
}

/// miden-crypto's `Rpo256::hash` (bytes).
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> Word {
    super::hash_bytes::<Rpo>(bytes)
}

/// miden-crypto's `Rpo256::merge`.
#[inline]
pub fn merge(left: &Word, right: &Word) -> Word {
    super::merge::<Rpo>(left, right)
}

/// miden-crypto's `Rpo256::merge_in_domain`.
#[inline]
pub fn merge_in_domain(left: &Word, right: &Word, domain: Goldilocks) -> Word {
    super::merge_in_domain::<Rpo>(left, right, domain)
}

/// The root of a Merkle path hashed with `Rpo256::merge`, as `MerklePath::compute_root` folds it.
#[inline]
pub fn root_from_path(leaf: &Word, siblings: &[Word], index: u64) -> Result<Word, PathError> {
    super::root_from_path::<Rpo>(leaf, siblings, index)
}
