//! The contract's functions on arguments read in place from the calldata: input checks, the
//! calls into `poseidon_bn254`, and the custom error for every rejected input. Nothing is
//! reduced mod p: a word ≥ p is an error.

#[cfg(any(test, feature = "merkle"))]
use alloy_primitives::U256;
use poseidon_bn254::Fr;

#[cfg(any(test, feature = "merkle"))]
use crate::abi::IPoseidonErrors::{
    EmptyInput, OddPairsLength, PathBitsOutOfRange, TooManySiblings,
};
use crate::abi::Revert;
use crate::calldata::Word;
#[cfg(any(test, feature = "merkle"))]
use crate::returndata::WordArray;

/// Most siblings `rootFromPath`/`nodesFromPath` accept: a path in a tree of depth 256 still has
/// one bit per level in the `uint256` `pathBits`, so no smaller limit is needed; gas bounds real
/// calls.
#[cfg(any(test, feature = "merkle"))]
pub const MAX_SIBLINGS: usize = 256;

/// The word as a field element, or `InputNotInField(position, value)` if it is ≥ p.
#[cfg_attr(
    not(any(
        test,
        feature = "hash6",
        feature = "hash7",
        feature = "hash8",
        feature = "hash9",
        feature = "hash10",
        feature = "hash11",
        feature = "hash12",
        feature = "hash13",
        feature = "hash14",
        feature = "hash15",
        feature = "hash16",
        feature = "merkle",
        feature = "poseidon2",
        feature = "mimc"
    )),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn field_element(word: &Word, position: usize) -> Result<Fr, Revert> {
    Fr::from_be_bytes(word).map_err(|rejected| Revert::InputNotInField(rejected.at(position)))
}

/// The word conversions of circomlib Poseidon of width `K` = t ≤ 6: the Montgomery product of
/// [`field_element`] and of the output goes through the dot kernel of `K` terms that the
/// permutation links anyway (`Fr::from_be_bytes_via_dot`), so the program carries no product body
/// of its own for them, for one kernel call per conversion (the uncached ladder in
/// `gas-report/report.md`). Where the conversions are many, they cost more cached gas than the
/// bytes save uncached, so these programs convert with their own product: the wide widths (up to
/// 17 conversions; measured at 7, 11 and 17: `crates/poseidon-bn254/CHANGELOG.md`) and the Merkle
/// program (`merkle`: 21 for `rootFromPath` at depth 20). `inline-conversions` builds the layout
/// before, to measure it.
#[cfg(any(
    test,
    feature = "hash1",
    feature = "hash2",
    feature = "hash3",
    feature = "hash4",
    feature = "hash5"
))]
mod circom {
    use super::{Fr, Revert, Word};

    /// The word as a field element, or `InputNotInField(position, value)` if it is ≥ p.
    #[inline(always)]
    pub(super) fn element<const K: usize>(word: &Word, position: usize) -> Result<Fr, Revert> {
        #[cfg(not(any(feature = "inline-conversions", feature = "merkle")))]
        let element = Fr::from_be_bytes_via_dot::<K>(word);
        #[cfg(any(feature = "inline-conversions", feature = "merkle"))]
        let element = Fr::from_be_bytes(word);
        element.map_err(|rejected| Revert::InputNotInField(rejected.at(position)))
    }

    /// A hash's output as its word.
    #[inline(always)]
    pub(super) fn word<const K: usize>(hash: &Fr) -> Word {
        #[cfg(not(any(feature = "inline-conversions", feature = "merkle")))]
        return hash.to_be_bytes_via_dot::<K>();
        #[cfg(any(feature = "inline-conversions", feature = "merkle"))]
        hash.to_be_bytes()
    }
}

/// circomlib Poseidon t = 2: `hash(uint256)`.
#[cfg(any(test, feature = "hash1"))]
pub fn hash1(a: &Word) -> Result<Word, Revert> {
    let inputs = [circom::element::<2>(a, 0)?];
    Ok(circom::word::<2>(&poseidon_bn254::poseidon::hash1(&inputs)))
}

/// circomlib Poseidon t = 3: `hash(uint256,uint256)`.
#[cfg(any(test, feature = "hash2"))]
pub fn hash2(a: &Word, b: &Word) -> Result<Word, Revert> {
    let inputs = [circom::element::<3>(a, 0)?, circom::element::<3>(b, 1)?];
    Ok(circom::word::<3>(&poseidon_bn254::poseidon::hash2(&inputs)))
}

/// circomlib Poseidon t = 4: `hash(uint256,uint256,uint256)`.
#[cfg(any(test, feature = "hash3"))]
pub fn hash3(a: &Word, b: &Word, c: &Word) -> Result<Word, Revert> {
    let inputs = [
        circom::element::<4>(a, 0)?,
        circom::element::<4>(b, 1)?,
        circom::element::<4>(c, 2)?,
    ];
    Ok(circom::word::<4>(&poseidon_bn254::poseidon::hash3(&inputs)))
}

/// circomlib Poseidon t = 5: `hash(uint256,uint256,uint256,uint256)`.
#[cfg(any(test, feature = "hash4"))]
pub fn hash4(a: &Word, b: &Word, c: &Word, d: &Word) -> Result<Word, Revert> {
    let inputs = [
        circom::element::<5>(a, 0)?,
        circom::element::<5>(b, 1)?,
        circom::element::<5>(c, 2)?,
        circom::element::<5>(d, 3)?,
    ];
    Ok(circom::word::<5>(&poseidon_bn254::poseidon::hash4(&inputs)))
}

/// circomlib Poseidon t = 6: `hash(uint256,uint256,uint256,uint256,uint256)`.
#[cfg(any(test, feature = "hash5"))]
pub fn hash5(a: &Word, b: &Word, c: &Word, d: &Word, e: &Word) -> Result<Word, Revert> {
    let inputs = [
        circom::element::<6>(a, 0)?,
        circom::element::<6>(b, 1)?,
        circom::element::<6>(c, 2)?,
        circom::element::<6>(d, 3)?,
        circom::element::<6>(e, 4)?,
    ];
    Ok(circom::word::<6>(&poseidon_bn254::poseidon::hash5(&inputs)))
}

/// `hash(uint256 × N)` of circomlib Poseidon t = N + 1, one function per feature (`hash6` is
/// iden3's `PoseidonUnit6L`): `InputNotInField(i, value)` for the first word ≥ p. The body is the
/// macro's, not a generic's over a function pointer, so each program calls its width directly.
macro_rules! wide_hashes {
    ($($feature:literal => $name:ident($n:literal);)*) => {$(
        #[doc = concat!("circomlib Poseidon of ", stringify!($n), " inputs: `hash(uint256 × ", stringify!($n), ")`.")]
        #[cfg(any(test, feature = $feature))]
        pub fn $name(words: &[Word; $n]) -> Result<Word, Revert> {
            let mut inputs = [Fr::ZERO; $n];
            for (position, (input, word)) in inputs.iter_mut().zip(words).enumerate() {
                *input = field_element(word, position)?;
            }
            Ok(poseidon_bn254::poseidon::$name(&inputs).to_be_bytes())
        }
    )*};
}
wide_hashes! {
    "hash6" => hash6(6);
    "hash7" => hash7(7);
    "hash8" => hash8(8);
    "hash9" => hash9(9);
    "hash10" => hash10(10);
    "hash11" => hash11(11);
    "hash12" => hash12(12);
    "hash13" => hash13(13);
    "hash14" => hash14(14);
    "hash15" => hash15(15);
    "hash16" => hash16(16);
}

/// iden3's sponge: `poseidonSponge(uint256[])`, `InputNotInField(i, values[i])` for the first value
/// ≥ p (checked while absorbing: hashing has no side effects), 0 for no values (as SpongePoseidon).
#[cfg(any(test, feature = "hash6"))]
pub fn poseidon_sponge(values: &[Word]) -> Result<Word, Revert> {
    let mut sponge = poseidon_bn254::poseidon::sponge::Sponge::new();
    for (position, word) in values.iter().enumerate() {
        sponge.absorb(field_element(word, position)?);
    }
    Ok(sponge.squeeze().to_be_bytes())
}

/// Poseidon2 t = 3: `poseidon2(uint256,uint256)`.
#[cfg(any(test, feature = "poseidon2"))]
pub fn poseidon2(a: &Word, b: &Word) -> Result<Word, Revert> {
    let inputs = [field_element(a, 0)?, field_element(b, 1)?];
    Ok(poseidon_bn254::poseidon2::hash2(&inputs).to_be_bytes())
}

/// `rootFromPath(leaf, siblings, pathBits)`. Checks, in this order: `EmptyInput`,
/// `TooManySiblings`, `PathBitsOutOfRange`, `InputNotInField(0, leaf)`, then
/// `InputNotInField(1 + i, siblings[i])` for the first sibling ≥ p (checked while hashing:
/// hashing has no side effects, so the first bad sibling is reported either way).
#[cfg(any(test, feature = "merkle"))]
pub fn root_from_path(leaf: &Word, siblings: &[Word], path_bits: &Word) -> Result<Word, Revert> {
    let path_bits = check_path(siblings, path_bits)?;
    walk_path(leaf, siblings, &path_bits, &mut []).map(|root| root.to_be_bytes())
}

/// `nodesFromPath(leaf, siblings, pathBits)`: every node `rootFromPath` computes on the way up
/// (`nodes[i]` at level i + 1, the last one the root), with the same checks in the same order.
#[cfg(any(test, feature = "merkle"))]
pub fn nodes_from_path(
    leaf: &Word,
    siblings: &[Word],
    path_bits: &Word,
) -> Result<WordArray, Revert> {
    let path_bits = check_path(siblings, path_bits)?;
    let mut nodes = WordArray::zeroed(siblings.len());
    walk_path(leaf, siblings, &path_bits, nodes.words_mut())?;
    Ok(nodes)
}

/// The checks on the path's shape, before any hashing; returns `pathBits` as a number.
#[cfg(any(test, feature = "merkle"))]
fn check_path(siblings: &[Word], path_bits: &Word) -> Result<U256, Revert> {
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
    let path_bits = U256::from_be_bytes(*path_bits);
    // depth < 256 here unless the path is full-depth, where every bit is a level.
    if depth < MAX_SIBLINGS && (path_bits >> depth) != U256::ZERO {
        return Err(Revert::PathBitsOutOfRange(PathBitsOutOfRange {
            pathBits: path_bits,
            depth: U256::from(depth),
        }));
    }
    Ok(path_bits)
}

/// The walk from the leaf to the root, shared by both path functions (one body keeps the program
/// small): returns the root and writes the node of level i + 1 to `nodes[i]` while `nodes` has
/// room (none for `rootFromPath`).
#[cfg(any(test, feature = "merkle"))]
#[inline(never)]
fn walk_path(
    leaf: &Word,
    siblings: &[Word],
    path_bits: &U256,
    nodes: &mut [Word],
) -> Result<Fr, Revert> {
    let mut node = field_element(leaf, 0)?;
    let mut slots = nodes.iter_mut();
    for (level, sibling) in siblings.iter().enumerate() {
        let sibling = field_element(sibling, 1 + level)?;
        let pair = if path_bits.bit(level) {
            [sibling, node]
        } else {
            [node, sibling]
        };
        node = poseidon_bn254::poseidon::hash2(&pair);
        if let Some(slot) = slots.next() {
            *slot = node.to_be_bytes();
        }
    }
    Ok(node)
}

/// `hashPairs(flat)`: `EmptyInput`, `OddPairsLength(length)`, then `InputNotInField(j, flat[j])`
/// for the first element ≥ p.
#[cfg(any(test, feature = "merkle"))]
pub fn hash_pairs(flat: &[Word]) -> Result<WordArray, Revert> {
    if flat.is_empty() {
        return Err(Revert::EmptyInput(EmptyInput {}));
    }
    let (pairs, odd) = flat.as_chunks::<2>();
    if !odd.is_empty() {
        return Err(Revert::OddPairsLength(OddPairsLength {
            length: U256::from(flat.len()),
        }));
    }
    let mut out = WordArray::zeroed(pairs.len());
    for ((pair_index, [a, b]), slot) in pairs.iter().enumerate().zip(out.words_mut()) {
        let inputs = [
            field_element(a, 2 * pair_index)?,
            field_element(b, 2 * pair_index + 1)?,
        ];
        *slot = poseidon_bn254::poseidon::hash2(&inputs).to_be_bytes();
    }
    Ok(out)
}
