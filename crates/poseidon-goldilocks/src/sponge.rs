//! plonky2's sponge shapes over any width-12 permutation: rate 8 (lanes 0..8), capacity 4
//! (lanes 8..12), inputs *overwrite* the rate lanes ("overwrite mode", no padding), and a digest
//! is lanes 0..4 of the state. These are plonky2 1.1's `hash_n_to_m_no_pad`, `compress` (its
//! `two_to_one`) and `Hasher::hash_or_noop`, written from their definitions.

use crate::{field, Goldilocks};

/// Lanes of the state.
pub const WIDTH: usize = 12;
/// Lanes the inputs overwrite on each absorption.
pub const RATE: usize = 8;
/// Elements of a digest (plonky2's `NUM_HASH_OUT_ELTS`).
pub const DIGEST_ELEMENTS: usize = 4;

/// A digest: plonky2's `HashOut`, four canonical elements.
pub type Digest = [Goldilocks; DIGEST_ELEMENTS];

/// A width-12 permutation over lanes holding residues (any 64-bit value stands for its value mod p).
pub trait Permutation {
    /// Permutes the state in place.
    fn permute_lanes(state: &mut [u64; WIDTH]);
}

/// The digest of the state: lanes 0..4, canonical.
pub(crate) fn squeeze(state: &[u64; WIDTH]) -> Digest {
    core::array::from_fn(|i| Goldilocks::from_noncanonical(state[i]))
}

/// plonky2's `hash_no_pad`: from the zero state, each chunk of up to 8 inputs overwrites the
/// first lanes and the state is permuted; the digest is lanes 0..4. No input means no
/// permutation at all: the zero digest, as plonky2 computes it.
pub fn hash_no_pad<P: Permutation>(inputs: &[Goldilocks]) -> Digest {
    hash_no_pad_iter::<P>(inputs.iter().copied())
}

/// [`hash_no_pad`] over elements as they come (no buffer): a last, shorter chunk overwrites only
/// its own lanes, as plonky2's `set_from_slice` does.
pub fn hash_no_pad_iter<P: Permutation>(inputs: impl IntoIterator<Item = Goldilocks>) -> Digest {
    let mut state = [0u64; WIDTH];
    let mut filled = 0;
    for input in inputs {
        // `get_mut`, not an index: the compiler cannot see that `filled < RATE`, and a bounds
        // check would link the panic machinery (a data segment, paid on every Stylus call).
        if let Some(lane) = state.get_mut(filled) {
            *lane = input.value();
        }
        filled += 1;
        if filled == RATE {
            P::permute_lanes(&mut state);
            filled = 0;
        }
    }
    if filled > 0 {
        P::permute_lanes(&mut state);
    }
    squeeze(&state)
}

/// plonky2's `two_to_one` (`compress`): the permutation of [left, right, 0, 0, 0, 0], lanes 0..4.
pub fn two_to_one<P: Permutation>(left: &Digest, right: &Digest) -> Digest {
    let mut state = [0u64; WIDTH];
    state[..DIGEST_ELEMENTS].copy_from_slice(&field::lanes(left));
    state[DIGEST_ELEMENTS..2 * DIGEST_ELEMENTS].copy_from_slice(&field::lanes(right));
    P::permute_lanes(&mut state);
    squeeze(&state)
}

/// plonky2's `hash_or_noop`, the leaf hash of its Merkle trees: up to four inputs are the digest
/// itself, padded with zeros; more are hashed with [`hash_no_pad`].
pub fn hash_or_noop<P: Permutation>(inputs: &[Goldilocks]) -> Digest {
    hash_or_noop_iter::<P>(inputs.iter().copied())
}

/// [`hash_or_noop`] over elements as they come.
pub fn hash_or_noop_iter<P: Permutation>(
    inputs: impl ExactSizeIterator<Item = Goldilocks>,
) -> Digest {
    if inputs.len() <= DIGEST_ELEMENTS {
        let mut digest = [Goldilocks::ZERO; DIGEST_ELEMENTS];
        for (slot, input) in digest.iter_mut().zip(inputs) {
            *slot = input;
        }
        digest
    } else {
        hash_no_pad_iter::<P>(inputs)
    }
}

/// The public face of one permutation family: a unit type implementing [`Permutation`] over the
/// module's `permute_lanes`, and `permute`, `hash_no_pad`, `two_to_one`, `hash_or_noop` with it.
macro_rules! permutation_family {
    ($(#[$doc:meta])* $name:ident, $reference:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl $crate::sponge::Permutation for $name {
            fn permute_lanes(state: &mut [u64; 12]) {
                permute_lanes(state)
            }
        }

        #[doc = concat!("The permutation of a 12-element state, equal to ", $reference, ".")]
        pub fn permute(state: &[$crate::Goldilocks; 12]) -> [$crate::Goldilocks; 12] {
            let mut lanes = state.map($crate::Goldilocks::value);
            permute_lanes(&mut lanes);
            lanes.map($crate::Goldilocks::from_noncanonical)
        }

        /// plonky2's `hash_no_pad` with this permutation ([`crate::sponge::hash_no_pad`]).
        pub fn hash_no_pad(inputs: &[$crate::Goldilocks]) -> $crate::Digest {
            $crate::sponge::hash_no_pad::<$name>(inputs)
        }

        /// plonky2's `two_to_one` with this permutation ([`crate::sponge::two_to_one`]).
        pub fn two_to_one(left: &$crate::Digest, right: &$crate::Digest) -> $crate::Digest {
            $crate::sponge::two_to_one::<$name>(left, right)
        }

        /// plonky2's `hash_or_noop` with this permutation ([`crate::sponge::hash_or_noop`]).
        pub fn hash_or_noop(inputs: &[$crate::Goldilocks]) -> $crate::Digest {
            $crate::sponge::hash_or_noop::<$name>(inputs)
        }
    };
}
pub(crate) use permutation_family;
