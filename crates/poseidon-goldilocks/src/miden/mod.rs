//! Miden's hashes: the sponge of miden-crypto 0.28.1 (`hash::algebraic_sponge`) over a width-12
//! permutation, written from its definition.
//!
//! - The state is [RATE, CAPACITY]: lanes 0..8 are the rate, lanes 8..12 the capacity, and a
//!   digest ([`Word`]) is lanes 0..4. (miden-crypto 0.21.0 moved the rate to the front and the
//!   digests changed with it; these are 0.28.1's.)
//! - Inputs overwrite the rate; the first capacity lane holds the input length mod 8 (elements)
//!   or 8 + the element count mod 8 (bytes), the second the domain of `merge_in_domain`.
//! - A last partial block is padded with zeros (elements) or with a 1 byte then zeros (bytes, in
//!   7-byte elements); no input means no permutation, the zero digest.
//!
//! [`poseidon2`] is Miden's native hash since VM 0.21 (Plonky3's Goldilocks Poseidon2); [`rpo`]
//! and [`rpx`] are the same sponge over the Rescue permutations ([`crate::rescue`]), as
//! miden-crypto's `Rpo256` and `Rpx256` (one `AlgebraicSponge` for all three: the same lanes,
//! padding and domain lane).

pub mod poseidon2;
pub mod rpo;
pub mod rpx;

use crate::sponge::{squeeze as digest, Permutation};
use crate::Goldilocks;
use core::fmt;

/// A Miden word: a digest, four canonical elements.
pub type Word = [Goldilocks; 4];

/// Lanes the inputs overwrite.
const RATE: usize = 8;
/// The first capacity lane: the length flag.
const LENGTH_LANE: usize = 8;
/// The second capacity lane: the domain of [`merge_in_domain`].
const DOMAIN_LANE: usize = 9;
/// Bytes per element when hashing bytes (7: any 7 bytes and a padding byte are below p).
const BYTES_PER_ELEMENT: usize = 7;
/// The deepest path a Miden node index allows.
pub const MAX_DEPTH: usize = 64;

/// miden-crypto's `hash_elements`: the elements absorbed 8 at a time into the zero state whose
/// first capacity lane is their number mod 8; a last partial block is padded with zeros.
pub fn hash_elements<P: Permutation>(elements: &[Goldilocks]) -> Word {
    hash_elements_iter::<P>(elements.iter().copied())
}

/// [`hash_elements`] over elements as they come (no buffer).
pub fn hash_elements_iter<P: Permutation>(
    elements: impl ExactSizeIterator<Item = Goldilocks>,
) -> Word {
    absorb::<P>(
        (elements.len() % RATE) as u64,
        elements.map(Goldilocks::value),
    )
}

/// miden-crypto's `hash` of bytes: 7 bytes to an element (little-endian), the last element's
/// bytes followed by a 1 byte; the first capacity lane is 8 + the number of elements mod 8.
pub fn hash_bytes<P: Permutation>(bytes: &[u8]) -> Word {
    let elements = bytes.len().div_ceil(BYTES_PER_ELEMENT);
    let lanes = bytes
        .chunks(BYTES_PER_ELEMENT)
        .enumerate()
        .map(|(i, chunk)| {
            let mut buffer = [0u8; 8];
            for (byte, value) in buffer.iter_mut().zip(chunk) {
                *byte = *value;
            }
            if i + 1 == elements {
                if let Some(pad) = buffer.get_mut(chunk.len()) {
                    *pad = 1;
                }
            }
            u64::from_le_bytes(buffer)
        });
    absorb::<P>((RATE + elements % RATE) as u64, lanes)
}

/// The sponge: from the zero state with `length_flag` in the first capacity lane, the lanes
/// overwrite the rate 8 at a time, each block permuted; a last partial block is padded with
/// zeros. Written without indexing that could panic (that would link the panic machinery).
fn absorb<P: Permutation>(length_flag: u64, lanes: impl Iterator<Item = u64>) -> Word {
    let mut state = [0u64; 12];
    state[LENGTH_LANE] = length_flag;
    let mut filled = 0;
    for value in lanes {
        if let Some(lane) = state.get_mut(filled) {
            *lane = value;
        }
        filled += 1;
        if filled == RATE {
            P::permute_lanes(&mut state);
            filled = 0;
        }
    }
    if filled > 0 {
        for lane in state.iter_mut().take(RATE).skip(filled) {
            *lane = 0;
        }
        P::permute_lanes(&mut state);
    }
    digest(&state)
}

/// The state [left, right, 0, 0, 0, 0] with `domain` in the second capacity lane, permuted.
fn merge_with<P: Permutation>(left: &Word, right: &Word, domain: u64) -> Word {
    let mut state = [0u64; 12];
    state[..4].copy_from_slice(&left.map(Goldilocks::value));
    state[4..RATE].copy_from_slice(&right.map(Goldilocks::value));
    state[DOMAIN_LANE] = domain;
    P::permute_lanes(&mut state);
    digest(&state)
}

/// miden-crypto's `merge`: the hash of two words (a Merkle node from its children).
pub fn merge<P: Permutation>(left: &Word, right: &Word) -> Word {
    merge_with::<P>(left, right, 0)
}

/// miden-crypto's `merge_in_domain`: [`merge`] with `domain` in the second capacity lane.
pub fn merge_in_domain<P: Permutation>(left: &Word, right: &Word, domain: Goldilocks) -> Word {
    merge_with::<P>(left, right, domain.value())
}

/// A path whose index names no node at its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathError {
    /// More siblings than [`MAX_DEPTH`].
    TooDeep {
        /// The number of siblings.
        depth: usize,
    },
    /// An index at or above 2^depth.
    IndexOutOfRange {
        /// The index.
        index: u64,
        /// The number of siblings.
        depth: usize,
    },
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PathError::TooDeep { depth } => {
                write!(f, "a path of {depth} siblings is deeper than {MAX_DEPTH}")
            }
            PathError::IndexOutOfRange { index, depth } => {
                write!(f, "index {index} is not below 2^{depth}")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PathError {}

/// miden-crypto's `MerklePath::compute_root`: the root from a leaf, its siblings (the leaf's
/// first) and its index at the path's depth; at each level an odd index means the node is a right
/// child (`merge(sibling, node)`), else a left child (`merge(node, sibling)`).
pub fn root_from_path<P: Permutation>(
    leaf: &Word,
    siblings: &[Word],
    index: u64,
) -> Result<Word, PathError> {
    root_from_path_iter::<P>(leaf, siblings.iter().copied(), index)
}

/// [`root_from_path`] over siblings as they come (no buffer).
pub fn root_from_path_iter<P: Permutation>(
    leaf: &Word,
    siblings: impl ExactSizeIterator<Item = Word>,
    index: u64,
) -> Result<Word, PathError> {
    let depth = siblings.len();
    if depth > MAX_DEPTH {
        return Err(PathError::TooDeep { depth });
    }
    if depth < MAX_DEPTH && index >> depth != 0 {
        return Err(PathError::IndexOutOfRange { index, depth });
    }
    let mut position = index;
    let mut node = *leaf;
    for sibling in siblings {
        node = if position & 1 == 1 {
            merge::<P>(&sibling, &node)
        } else {
            merge::<P>(&node, &sibling)
        };
        position >>= 1;
    }
    Ok(node)
}
