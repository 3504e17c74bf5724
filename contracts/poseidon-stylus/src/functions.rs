//! The contract's functions on decoded arguments: input checks, one call into `poseidon_bn254`,
//! and the custom error for every rejected input. Nothing is reduced mod p: a word ≥ p is an error.

use alloy_primitives::U256;
use poseidon_bn254::Fr;

#[cfg(any(test, feature = "hash2"))]
use crate::abi::IPoseidonErrors::{
    EmptyInput, OddPairsLength, PathBitsOutOfRange, TooManySiblings,
};
use crate::abi::IPoseidonErrors::{IPoseidonErrorsErrors as Revert, InputNotInField};
#[cfg(any(test, feature = "hash2"))]
use alloc::vec::Vec;

/// Most siblings `rootFromPath` accepts: a path in a tree of depth 256 still has one bit per
/// level in the `uint256` `pathBits`, so no smaller limit is needed; gas bounds real calls.
#[cfg(any(test, feature = "hash2"))]
pub const MAX_SIBLINGS: usize = 256;

/// The word as a field element, or `InputNotInField(position, value)` if it is ≥ p.
/// Limbs in, limbs out: ruint and `Fr` both keep little-endian `u64` limbs, so no byte shuffling.
#[inline(always)]
fn field_element(value: &U256, position: usize) -> Result<Fr, Revert> {
    Fr::from_limbs(*value.as_limbs()).ok_or(Revert::InputNotInField(InputNotInField {
        position: U256::from(position),
        value: *value,
    }))
}

#[inline(always)]
fn word(value: Fr) -> U256 {
    U256::from_limbs(value.to_limbs())
}

/// circomlib Poseidon t = 2: `hash(uint256)`.
#[cfg(any(test, feature = "hash1"))]
pub fn hash1(a: &U256) -> Result<U256, Revert> {
    let inputs = [field_element(a, 0)?];
    Ok(word(poseidon_bn254::poseidon::hash1(&inputs)))
}

/// circomlib Poseidon t = 3: `hash(uint256,uint256)`.
#[cfg(any(test, feature = "hash2"))]
pub fn hash2(a: &U256, b: &U256) -> Result<U256, Revert> {
    let inputs = [field_element(a, 0)?, field_element(b, 1)?];
    Ok(word(poseidon_bn254::poseidon::hash2(&inputs)))
}

/// circomlib Poseidon t = 4: `hash(uint256,uint256,uint256)`.
#[cfg(any(test, feature = "hash3"))]
pub fn hash3(a: &U256, b: &U256, c: &U256) -> Result<U256, Revert> {
    let inputs = [
        field_element(a, 0)?,
        field_element(b, 1)?,
        field_element(c, 2)?,
    ];
    Ok(word(poseidon_bn254::poseidon::hash3(&inputs)))
}

/// circomlib Poseidon t = 5: `hash(uint256,uint256,uint256,uint256)`.
#[cfg(any(test, feature = "hash4"))]
pub fn hash4(a: &U256, b: &U256, c: &U256, d: &U256) -> Result<U256, Revert> {
    let inputs = [
        field_element(a, 0)?,
        field_element(b, 1)?,
        field_element(c, 2)?,
        field_element(d, 3)?,
    ];
    Ok(word(poseidon_bn254::poseidon::hash4(&inputs)))
}

/// Poseidon2 t = 3: `poseidon2(uint256,uint256)`.
#[cfg(any(test, feature = "poseidon2"))]
pub fn poseidon2(a: &U256, b: &U256) -> Result<U256, Revert> {
    let inputs = [field_element(a, 0)?, field_element(b, 1)?];
    Ok(word(poseidon_bn254::poseidon2::hash2(&inputs)))
}

/// `rootFromPath(leaf, siblings, pathBits)`. Checks, in this order: `EmptyInput`,
/// `TooManySiblings`, `PathBitsOutOfRange`, `InputNotInField(0, leaf)`, then
/// `InputNotInField(1 + i, siblings[i])` for the first sibling ≥ p (checked while hashing:
/// hashing has no side effects, so the first bad sibling is reported either way).
#[cfg(any(test, feature = "hash2"))]
pub fn root_from_path(leaf: &U256, siblings: &[U256], path_bits: &U256) -> Result<U256, Revert> {
    let depth = siblings.len();
    if depth == 0 {
        return Err(Revert::EmptyInput(EmptyInput {}));
    }
    if depth > MAX_SIBLINGS {
        return Err(Revert::TooManySiblings(TooManySiblings {
            count: U256::from(depth),
            max: U256::from(MAX_SIBLINGS),
        }));
    }
    // depth < 256 here unless the path is full-depth, where every bit is a level.
    if depth < MAX_SIBLINGS && (*path_bits >> depth) != U256::ZERO {
        return Err(Revert::PathBitsOutOfRange(PathBitsOutOfRange {
            pathBits: *path_bits,
            depth: U256::from(depth),
        }));
    }
    let mut node = field_element(leaf, 0)?;
    for (level, sibling) in siblings.iter().enumerate() {
        let sibling = field_element(sibling, 1 + level)?;
        let pair = if path_bits.bit(level) {
            [sibling, node]
        } else {
            [node, sibling]
        };
        node = poseidon_bn254::poseidon::hash2(&pair);
    }
    Ok(word(node))
}

/// `hashPairs(flat)`: `EmptyInput`, `OddPairsLength(length)`, then `InputNotInField(j, flat[j])`
/// for the first element ≥ p.
#[cfg(any(test, feature = "hash2"))]
pub fn hash_pairs(flat: &[U256]) -> Result<Vec<U256>, Revert> {
    if flat.is_empty() {
        return Err(Revert::EmptyInput(EmptyInput {}));
    }
    if !flat.len().is_multiple_of(2) {
        return Err(Revert::OddPairsLength(OddPairsLength {
            length: U256::from(flat.len()),
        }));
    }
    let mut out = Vec::with_capacity(flat.len() / 2);
    for (pair_index, pair) in flat.chunks_exact(2).enumerate() {
        let inputs = [
            field_element(&pair[0], 2 * pair_index)?,
            field_element(&pair[1], 2 * pair_index + 1)?,
        ];
        out.push(word(poseidon_bn254::poseidon::hash2(&inputs)));
    }
    Ok(out)
}
