//! The errors of `@zk-kit/lean-imt.sol` 2.0.1 (`InternalLeanIMT.sol`), declared with alloy's `sol!`
//! (same signatures, so the same selectors; a test reads them from the npm package), and Solidity's
//! `Panic(uint256)` where zk-kit's code panics instead.

use alloy_sol_types::{sol, Panic};
use stylus_sdk::prelude::*;

sol! {
    /// `update`/`remove`: the siblings do not lead to the current root.
    #[derive(Debug, PartialEq, Eq)]
    error WrongSiblingNodes();
    /// A leaf (or a sibling given to `update`/`remove`) is not below the BN254 scalar field's p.
    #[derive(Debug, PartialEq, Eq)]
    error LeafGreaterThanSnarkScalarField();
    /// `insert`/`insertMany` got a 0 leaf (0 marks a removed leaf).
    #[derive(Debug, PartialEq, Eq)]
    error LeafCannotBeZero();
    /// The leaf is in the tree already.
    #[derive(Debug, PartialEq, Eq)]
    error LeafAlreadyExists();
    /// The leaf is not in the tree.
    #[derive(Debug, PartialEq, Eq)]
    error LeafDoesNotExist();
}

/// Every way a call reverts, each encoded as Solidity encodes it.
#[derive(SolidityError, Debug, PartialEq, Eq)]
pub enum LeanImtError {
    /// See [`WrongSiblingNodes`].
    WrongSiblingNodes(WrongSiblingNodes),
    /// See [`LeafGreaterThanSnarkScalarField`].
    LeafGreaterThanSnarkScalarField(LeafGreaterThanSnarkScalarField),
    /// See [`LeafCannotBeZero`].
    LeafCannotBeZero(LeafCannotBeZero),
    /// See [`LeafAlreadyExists`].
    LeafAlreadyExists(LeafAlreadyExists),
    /// See [`LeafDoesNotExist`].
    LeafDoesNotExist(LeafDoesNotExist),
    /// Solidity's `Panic(code)`: 0x11 (underflow) from `insertMany([])` on some sizes, 0x32
    /// (index out of bounds) from it on the others and from `update`/`remove` with too few
    /// siblings, as zk-kit's code reverts there.
    Panic(Panic),
}
