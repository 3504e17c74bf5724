//! Miden's hashes as programs (features `miden-poseidon2`, `rpo`, `rpx`: one program each, the same
//! functions under the prefixes `midenPoseidon2`, `rpo` and `rpx`): miden-crypto 0.28.1's sponge,
//! `merge`, `merge_in_domain` and Merkle paths over a width-12 Goldilocks permutation, from
//! [`poseidon_goldilocks::miden`]. Checks, the library calls, and the errors.
//!
//! Elements are ABI `uint64` words, checked as the Goldilocks program checks them
//! ([`crate::goldilocks`]): a word that is not a `uint64` is `InvalidCalldata`, a `uint64` ≥ p is
//! `InputNotInField(position, value)`. Positions number the function's elements in argument
//! order, arrays flattened: `…Permute(state)` and `…HashElements(elements)`: i; `…Merge(left,
//! right)`: left[i] → i, right[i] → 4 + i; `…MergeInDomain(left, right, domain)`: as `…Merge`,
//! domain → 8; `…RootFromPath(leaf, siblings, index)`: leaf[i] → i, siblings[j][k] → 4 + 4j + k.

use alloy_primitives::U256;
use poseidon_goldilocks::miden::{self, PathError, MAX_DEPTH};
use poseidon_goldilocks::sponge::Permutation;

use crate::abi::IPoseidonErrors::{PathBitsOutOfRange, TooManySiblings};
use crate::abi::Revert;
use crate::calldata::Word;
use crate::goldilocks::{check_field, digest, digest_words, element, Outcome};

/// `…HashElements(uint64[])`: no elements is the zero digest, as in miden-crypto.
pub fn hash_elements<P: Permutation>(elements: &[Word]) -> Outcome {
    check_field(&[elements])?;
    Ok(digest_words(&miden::hash_elements_iter::<P>(
        elements.iter().map(element),
    )))
}

/// `…HashBytes(bytes)`: any bytes.
pub fn hash_bytes<P: Permutation>(bytes: &[u8]) -> Outcome {
    Ok(digest_words(&miden::hash_bytes::<P>(bytes)))
}

/// `…Merge(uint64[4], uint64[4])`.
pub fn merge<P: Permutation>(left: &[Word; 4], right: &[Word; 4]) -> Outcome {
    check_field(&[left, right])?;
    Ok(digest_words(&miden::merge::<P>(
        &digest(left),
        &digest(right),
    )))
}

/// `…MergeInDomain(uint64[4], uint64[4], uint64)`.
pub fn merge_in_domain<P: Permutation>(
    left: &[Word; 4],
    right: &[Word; 4],
    domain: &[Word; 1],
) -> Outcome {
    check_field(&[left, right, domain])?;
    Ok(digest_words(&miden::merge_in_domain::<P>(
        &digest(left),
        &digest(right),
        element(&domain[0]),
    )))
}

/// `…RootFromPath(uint64[4], uint64[4][], uint256)`. Checks in this order (after the
/// dispatcher's `InvalidCalldata`): `TooManySiblings(count, 64)`, `PathBitsOutOfRange(index,
/// depth)` if `index >> depth != 0`, then the elements (leaf, then siblings). No siblings: the
/// root is the leaf.
pub fn root_from_path<P: Permutation>(
    leaf: &[Word; 4],
    siblings: &[[Word; 4]],
    index: &Word,
) -> Outcome {
    let depth = siblings.len();
    let index = U256::from_be_bytes(*index);
    let out_of_range = || {
        Revert::PathBitsOutOfRange(PathBitsOutOfRange {
            pathBits: index,
            depth: U256::from(depth),
        })
    };
    if depth > MAX_DEPTH {
        return Err(Revert::TooManySiblings(TooManySiblings {
            count: U256::from(depth),
            max: U256::from(MAX_DEPTH),
        }));
    }
    let position = u64::try_from(index).map_err(|_| out_of_range())?;
    if depth < MAX_DEPTH && position >> depth != 0 {
        return Err(out_of_range());
    }
    check_field(&[leaf, siblings.as_flattened()])?;
    let root =
        miden::root_from_path_iter::<P>(&digest(leaf), siblings.iter().map(digest), position)
            .map_err(|error| match error {
                PathError::TooDeep { .. } | PathError::IndexOutOfRange { .. } => out_of_range(),
            })?;
    Ok(digest_words(&root))
}
