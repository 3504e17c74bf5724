//! The Goldilocks program (feature `goldilocks`): plonky2's Poseidon and HorizenLabs' Poseidon2
//! over Goldilocks from [`poseidon_goldilocks`], one set of functions per permutation (the
//! Poseidon2 names carry the prefix `poseidon2`). Checks, the library calls, and the errors.
//!
//! Elements are ABI `uint64` words, read by the dispatcher ([`crate::calldata::Args::uint64s`]
//! and its kin): a word with any of its upper 24 bytes set is not a `uint64` at all, so the
//! calldata does not decode (`InvalidCalldata`, before any check here, as a Solidity decoder
//! would). A `uint64` ≥ p is `InputNotInField(position, value)`, never reduced. Positions number the function's elements
//! in argument order, arrays flattened: `permute(state)`: state[i] → i; `hashNoPad(inputs)`:
//! i; `twoToOne(left, right)`: left[i] → i, right[i] → 4 + i; `rootFromPath(leafData,
//! siblings, leafIndex)`: leafData[i] → i, siblings[j][k] → leafData.length + 4j + k;
//! `verifyMerkleProofToCap(leafData, leafIndex, cap, siblings)`: leafData[i] → i, cap[j][k] →
//! n + 4j + k, siblings[j][k] → n + 4·cap.length + 4j + k (n = leafData.length). The first bad
//! position is reported.

use alloc::vec::Vec;

use alloy_primitives::U256;
use poseidon_goldilocks::sponge::{self, Permutation};
use poseidon_goldilocks::{Digest, Goldilocks, P};

use crate::abi::IPoseidonErrors::{
    EmptyInput, LeafIndexOutOfRange, PathBitsOutOfRange, TooManySiblings,
};
use crate::abi::{InputNotInField, Revert};
use crate::calldata::Word;
use crate::returndata;

/// Most siblings a path may have: one bit of the `uint256` leaf index per level.
pub const MAX_SIBLINGS: usize = 256;

/// The result of a call: return data, or the revert data's error.
pub type Outcome = Result<Vec<u8>, Revert>;

/// The `uint64` in the low 8 bytes of a word.
#[inline(always)]
fn low_u64(word: &Word) -> u64 {
    word.last_chunk::<8>()
        .map_or(0, |low| u64::from_be_bytes(*low))
}

/// Every value is below p, else `InputNotInField` for the first one that is not, positions
/// numbered through the groups in order.
pub(crate) fn check_field(groups: &[&[Word]]) -> Result<(), Revert> {
    for (position, word) in groups.iter().flat_map(|group| group.iter()).enumerate() {
        let value = low_u64(word);
        if value >= P {
            return Err(Revert::InputNotInField(InputNotInField {
                position: U256::from(position),
                value: U256::from(value),
            }));
        }
    }
    Ok(())
}

/// The element of a `uint64` word that passed [`check_field`].
#[inline(always)]
pub(crate) fn element(word: &Word) -> Goldilocks {
    Goldilocks::from_noncanonical(low_u64(word))
}

pub(crate) fn digest(words: &[Word; 4]) -> Digest {
    words.map(|word| element(&word))
}

pub(crate) fn digest_words(digest: &Digest) -> Vec<u8> {
    returndata::uint64_words(&digest.map(Goldilocks::value))
}

/// `permute(uint64[12])`.
pub fn permute<P: Permutation>(state: &[Word; 12]) -> Outcome {
    check_field(&[state])?;
    let mut lanes = state.map(|word| element(&word).value());
    P::permute_lanes(&mut lanes);
    Ok(returndata::uint64_words(
        &lanes.map(|lane| Goldilocks::from_noncanonical(lane).value()),
    ))
}

/// `hashNoPad(uint64[])`: `EmptyInput` for no inputs (plonky2 returns the zero digest there
/// without hashing anything; that is not a hash).
pub fn hash_no_pad<P: Permutation>(inputs: &[Word]) -> Outcome {
    if inputs.is_empty() {
        return Err(Revert::EmptyInput(EmptyInput {}));
    }
    check_field(&[inputs])?;
    Ok(digest_words(&sponge::hash_no_pad_iter::<P>(
        inputs.iter().map(element),
    )))
}

/// `hashOrNoop(uint64[])`: up to four inputs are the digest (padded with zeros), as in plonky2.
pub fn hash_or_noop<P: Permutation>(inputs: &[Word]) -> Outcome {
    check_field(&[inputs])?;
    Ok(digest_words(&sponge::hash_or_noop_iter::<P>(
        inputs.iter().map(element),
    )))
}

/// `twoToOne(uint64[4], uint64[4])`.
pub fn two_to_one<P: Permutation>(left: &[Word; 4], right: &[Word; 4]) -> Outcome {
    check_field(&[left, right])?;
    Ok(digest_words(&sponge::two_to_one::<P>(
        &digest(left),
        &digest(right),
    )))
}

/// `TooManySiblings` above [`MAX_SIBLINGS`].
fn check_depth(siblings: &[[Word; 4]]) -> Result<(), Revert> {
    if siblings.len() > MAX_SIBLINGS {
        return Err(Revert::TooManySiblings(TooManySiblings {
            count: U256::from(siblings.len()),
            max: U256::from(MAX_SIBLINGS),
        }));
    }
    Ok(())
}

/// plonky2's walk (elements already checked): the `hash_or_noop` leaf digest, then `two_to_one`
/// per level, bit i of the index choosing the side.
fn walk<P: Permutation>(leaf: &[Word], siblings: &[[Word; 4]], index: &U256) -> Digest {
    let mut node = sponge::hash_or_noop_iter::<P>(leaf.iter().map(element));
    for (level, sibling) in siblings.iter().enumerate() {
        let sibling = digest(sibling);
        node = if index.bit(level) {
            sponge::two_to_one::<P>(&sibling, &node)
        } else {
            sponge::two_to_one::<P>(&node, &sibling)
        };
    }
    node
}

/// `rootFromPath(leafData, siblings, leafIndex)`. Checks in this order (after the dispatcher's
/// `InvalidCalldata`): `TooManySiblings`, `PathBitsOutOfRange(leafIndex, depth)` if `leafIndex >> depth != 0`, then
/// the elements (leaf data, then siblings). No siblings is a one-leaf tree: the root is the
/// leaf digest.
pub fn root_from_path<P: Permutation>(
    leaf: &[Word],
    siblings: &[[Word; 4]],
    leaf_index: &Word,
) -> Outcome {
    check_depth(siblings)?;
    let index = U256::from_be_bytes(*leaf_index);
    let depth = siblings.len();
    if depth < MAX_SIBLINGS && (index >> depth) != U256::ZERO {
        return Err(Revert::PathBitsOutOfRange(PathBitsOutOfRange {
            pathBits: index,
            depth: U256::from(depth),
        }));
    }
    check_field(&[leaf, siblings.as_flattened()])?;
    Ok(digest_words(&walk::<P>(leaf, siblings, &index)))
}

/// `verifyMerkleProofToCap(leafData, leafIndex, cap, siblings)`: whether the path leads to
/// `cap[leafIndex >> siblings.length]`. Checks in this order (after the dispatcher's
/// `InvalidCalldata`): `TooManySiblings`, `LeafIndexOutOfRange(leafIndex, cap.length · 2^depth)` when the cap has
/// no such entry, then the elements (leaf data, cap, siblings).
pub fn verify_to_cap<P: Permutation>(
    leaf: &[Word],
    leaf_index: &Word,
    cap: &[[Word; 4]],
    siblings: &[[Word; 4]],
) -> Outcome {
    check_depth(siblings)?;
    let index = U256::from_be_bytes(*leaf_index);
    let depth = siblings.len();
    let entry = if depth < MAX_SIBLINGS {
        index >> depth
    } else {
        U256::ZERO
    };
    let Some(expected) = usize::try_from(entry).ok().and_then(|entry| cap.get(entry)) else {
        // entry ≥ cap.length here, so cap.length · 2^depth ≤ leafIndex: the shift cannot overflow.
        return Err(Revert::LeafIndexOutOfRange(LeafIndexOutOfRange {
            leafIndex: index,
            leaves: U256::from(cap.len()) << depth,
        }));
    };
    check_field(&[leaf, cap.as_flattened(), siblings.as_flattened()])?;
    let node = walk::<P>(leaf, siblings, &index);
    Ok(returndata::boolean(digest(expected) == node))
}
