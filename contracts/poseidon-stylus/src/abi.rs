//! The contract's Solidity interface, read by alloy's `sol!` from `solidity/IStylusPoseidon.sol`
//! (the one declaration of our functions and errors; its NatSpec is their documentation) and from
//! `solidity/generated/IPoseidonAliases.sol` (the other projects' selectors the programs answer,
//! written by `scripts/gen/gen-selectors.mjs` from `contracts/selectors.json`). The dispatcher's
//! selectors ([`crate::selectors`]), the revert data and the `export-abi` JSON ABI come from here.
//!
//! `sol!` skips the file's `import` and `is` lists: each interface below holds the functions it
//! declares itself (e.g. [`IStylusPoseidon`] the other circomlib widths and `poseidon2`).

use alloy_sol_types::sol;

/// An input is not a canonical element of the function's field (it is ≥ p: BN254's scalar
/// field, or Goldilocks for the Goldilocks functions). The library's type (`poseidon_bn254::abi`),
/// for these programs and for any contract built on the library; `IPoseidonErrors` declares the
/// same error (a unit test checks they agree).
pub use poseidon_bn254::abi::InputNotInField;

use IPoseidonErrors::{
    EmptyInput, LeafIndexOutOfRange, OddPairsLength, PathBitsOutOfRange, TooManyInputs,
    TooManySiblings,
};
use IStylusPoseidon::InvalidCalldata;

/// Every custom error the programs revert with: `IPoseidonErrors` (with the library's
/// [`InputNotInField`]) plus the Stylus-only `InvalidCalldata` of `IStylusPoseidon`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Revert {
    /// See [`InputNotInField`].
    InputNotInField(InputNotInField),
    /// See [`OddPairsLength`].
    OddPairsLength(OddPairsLength),
    /// See [`EmptyInput`].
    EmptyInput(EmptyInput),
    /// See [`TooManySiblings`].
    TooManySiblings(TooManySiblings),
    /// See [`PathBitsOutOfRange`].
    PathBitsOutOfRange(PathBitsOutOfRange),
    /// See [`LeafIndexOutOfRange`].
    LeafIndexOutOfRange(LeafIndexOutOfRange),
    /// See [`TooManyInputs`].
    TooManyInputs(TooManyInputs),
    /// See [`IPoseidonErrors::OutputCountOutOfRange`]. Only the MiMC program raises it: elsewhere the
    /// variant would change the enum, and with it every other program's code.
    #[cfg(any(test, feature = "mimc"))]
    OutputCountOutOfRange(IPoseidonErrors::OutputCountOutOfRange),
    /// See [`InvalidCalldata`].
    InvalidCalldata(InvalidCalldata),
}

sol!(
    #![sol(abi, all_derives)]
    "../../solidity/IStylusPoseidon.sol"
);

sol!(
    #![sol(abi, all_derives)]
    "../../solidity/generated/IPoseidonAliases.sol"
);
