//! The contract's Solidity interface, declared once with alloy's `sol!`: the selectors and
//! argument decoders the dispatcher uses, the custom errors it reverts with, and (with the
//! `export-abi` feature) the JSON ABI that `cargo stylus export-abi` prints.
//!
//! Functions come in groups, one per cargo feature, one deployable each: each Poseidon width
//! brings its own round constants, and a program is charged per call for its size. Unit tests
//! compile every group.

use alloy_sol_types::sol;

/// An input is not a canonical element of the function's field (it is ≥ p: BN254's scalar
/// field, or Goldilocks for the Goldilocks functions). Declared once, in the library
/// (`poseidon_bn254::abi`), for these programs and for any contract built on the library.
pub use poseidon_bn254::abi::InputNotInField;

use IPoseidonErrors::{
    EmptyInput, InvalidCalldata, LeafIndexOutOfRange, OddPairsLength, PathBitsOutOfRange,
    TooManyInputs, TooManySiblings,
};

/// Every custom error the programs revert with: `InputNotInField` and the `IPoseidonErrors`
/// below, which together are `solidity/IStylusPoseidon.sol`'s `IPoseidonErrors` plus the
/// Stylus-only `InvalidCalldata`.
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
    /// See [`InvalidCalldata`].
    InvalidCalldata(InvalidCalldata),
}

sol! {
    /// The programs' errors other than `InputNotInField` (see [`Revert`]).
    #[sol(abi)]
    #[sol(all_derives)]
    interface IPoseidonErrors {
        /// `hashPairs` got an array of odd length.
        error OddPairsLength(uint256 length);
        /// `hashPairs` got no elements, or `rootFromPath`/`nodesFromPath` got no siblings.
        error EmptyInput();
        /// `rootFromPath`/`nodesFromPath` got more siblings than the maximum depth.
        error TooManySiblings(uint256 count, uint256 max);
        /// `rootFromPath`/`nodesFromPath` got path bits at or above the path's depth.
        error PathBitsOutOfRange(uint256 pathBits, uint256 depth);
        /// A Merkle-cap check got a leaf index beyond the leaves its cap and path cover
        /// (`leaves` = cap length · 2^siblings).
        error LeafIndexOutOfRange(uint256 leafIndex, uint256 leaves);
        /// `noirHash` got more inputs than its maximum.
        error TooManyInputs(uint256 count, uint256 max);
        /// The calldata has an unknown selector, is shorter than a selector, or its arguments do
        /// not decode. `selector` is the first four bytes, zero-padded when shorter.
        error InvalidCalldata(bytes4 selector);
    }
}

#[cfg(any(test, feature = "hash2"))]
sol! {
    /// circomlib Poseidon t = 3 and the Merkle helpers built on it (feature `hash2`).
    #[sol(abi)]
    interface IPoseidonT3 {
        /// circomlib Poseidon of two inputs (t = 3), equal to circomlibjs `poseidon([a, b])`.
        function hash(uint256 a, uint256 b) external pure returns (uint256);
        /// Root of a binary Poseidon T3 Merkle tree from a leaf and its authentication path.
        function rootFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits) external pure returns (uint256);
        /// Every node on the path from a leaf to the root: nodes[i] is the node at level i + 1.
        function nodesFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits) external pure returns (uint256[] memory nodes);
        /// out[i] = hash(flat[2i], flat[2i + 1]).
        function hashPairs(uint256[] calldata flat) external pure returns (uint256[] memory);
    }
}

#[cfg(any(test, feature = "poseidon2"))]
sol! {
    /// Poseidon2 t = 3 (feature `poseidon2`).
    #[sol(abi)]
    interface IPoseidon2 {
        /// Poseidon2 two-input sponge hash, equal to openzeppelin-crypto 0.3.
        function poseidon2(uint256 a, uint256 b) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "hash1"))]
sol! {
    /// circomlib Poseidon t = 2 (feature `hash1`).
    #[sol(abi)]
    interface IPoseidonT2 {
        /// circomlib Poseidon of one input, equal to circomlibjs `poseidon([a])`.
        function hash(uint256 a) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "hash3"))]
sol! {
    /// circomlib Poseidon t = 4 (feature `hash3`).
    #[sol(abi)]
    interface IPoseidonT4 {
        /// circomlib Poseidon of three inputs, equal to circomlibjs `poseidon([a, b, c])`.
        function hash(uint256 a, uint256 b, uint256 c) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "hash4"))]
sol! {
    /// circomlib Poseidon t = 5 (feature `hash4`).
    #[sol(abi)]
    interface IPoseidonT5 {
        /// circomlib Poseidon of four inputs, equal to circomlibjs `poseidon([a, b, c, d])`.
        function hash(uint256 a, uint256 b, uint256 c, uint256 d) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "goldilocks"))]
sol! {
    /// plonky2's Poseidon and HorizenLabs' Poseidon2 over Goldilocks, width 12, with plonky2's
    /// sponge and Merkle conventions (feature `goldilocks`). Elements are `uint64`.
    #[sol(abi)]
    interface IGoldilocksPoseidon {
        /// plonky2's Poseidon permutation.
        function permute(uint64[12] calldata state) external pure returns (uint64[12] memory);
        /// plonky2's `PoseidonHash::hash_no_pad`.
        function hashNoPad(uint64[] calldata inputs) external pure returns (uint64[4] memory);
        /// plonky2's `PoseidonHash::hash_or_noop` (the leaf hash of its Merkle trees).
        function hashOrNoop(uint64[] calldata inputs) external pure returns (uint64[4] memory);
        /// plonky2's `PoseidonHash::two_to_one` (a Merkle node).
        function twoToOne(uint64[4] calldata left, uint64[4] calldata right) external pure returns (uint64[4] memory);
        /// The root a plonky2 Merkle path leads to (cap height 0).
        function rootFromPath(uint64[] calldata leafData, uint64[4][] calldata siblings, uint256 leafIndex) external pure returns (uint64[4] memory);
        /// plonky2's `verify_merkle_proof_to_cap`.
        function verifyMerkleProofToCap(uint64[] calldata leafData, uint256 leafIndex, uint64[4][] calldata cap, uint64[4][] calldata siblings) external pure returns (bool);
        /// The Poseidon2 permutation (zkhash's Goldilocks width-12 instance).
        function poseidon2Permute(uint64[12] calldata state) external pure returns (uint64[12] memory);
        /// `hashNoPad` over Poseidon2.
        function poseidon2HashNoPad(uint64[] calldata inputs) external pure returns (uint64[4] memory);
        /// `hashOrNoop` over Poseidon2.
        function poseidon2HashOrNoop(uint64[] calldata inputs) external pure returns (uint64[4] memory);
        /// `twoToOne` over Poseidon2.
        function poseidon2TwoToOne(uint64[4] calldata left, uint64[4] calldata right) external pure returns (uint64[4] memory);
        /// `rootFromPath` over Poseidon2.
        function poseidon2RootFromPath(uint64[] calldata leafData, uint64[4][] calldata siblings, uint256 leafIndex) external pure returns (uint64[4] memory);
        /// `verifyMerkleProofToCap` over Poseidon2.
        function poseidon2VerifyMerkleProofToCap(uint64[] calldata leafData, uint256 leafIndex, uint64[4][] calldata cap, uint64[4][] calldata siblings) external pure returns (bool);
    }
}

#[cfg(any(test, feature = "noir"))]
sol! {
    /// Noir's Poseidon2 hash and the t = 4 Barretenberg-set permutation (feature `noir`).
    #[sol(abi)]
    interface INoirPoseidon2 {
        /// Noir's `poseidon::poseidon2::Poseidon2::hash(inputs, inputs.len())` (`std::hash::poseidon2`
        /// up to Noir 1.0.0-beta.3, same values), 0 to 1,024 inputs.
        function noirHash(uint256[] calldata inputs) external pure returns (uint256);
        /// Noir's Poseidon2 hash of two inputs, `noirHash([a, b])`.
        function noirHash2(uint256 a, uint256 b) external pure returns (uint256);
        /// The Poseidon2 permutation, t = 4, Barretenberg set (barretenberg, Noir).
        function poseidon2PermuteT4(uint256[4] calldata state) external pure returns (uint256[4] memory);
        /// TaceoLabs poseidon2-solidity `compress`, t = 4: permutation(inputs)[0] + inputs[0].
        function poseidon2CompressT4(uint256[4] calldata inputs) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "poseidon2-t3"))]
sol! {
    /// The t = 3 Barretenberg-set permutation and compression (feature `poseidon2-t3`).
    #[sol(abi)]
    interface IPoseidon2T3 {
        /// The Poseidon2 permutation, t = 3, Barretenberg set (openzeppelin-crypto 0.3, taceo-poseidon2).
        function poseidon2PermuteT3(uint256[3] calldata state) external pure returns (uint256[3] memory);
        /// TaceoLabs poseidon2-solidity `compress`, t = 3: permutation(inputs)[0] + inputs[0].
        function poseidon2CompressT3(uint256[3] calldata inputs) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "poseidon2-t2"))]
sol! {
    /// The t = 2 Barretenberg-set permutation and compression (feature `poseidon2-t2`).
    #[sol(abi)]
    interface IPoseidon2T2 {
        /// The Poseidon2 permutation, t = 2, Barretenberg set (taceo-poseidon2, TaceoLabs poseidon2-solidity).
        function poseidon2PermuteT2(uint256[2] calldata state) external pure returns (uint256[2] memory);
        /// TaceoLabs poseidon2-solidity `compress`, t = 2: permutation(inputs)[0] + inputs[0].
        function poseidon2CompressT2(uint256[2] calldata inputs) external pure returns (uint256);
    }
}

#[cfg(any(test, feature = "poseidon2-codex"))]
sol! {
    /// The Codex-set permutations, t = 2, 3, 4 (feature `poseidon2-codex`).
    #[sol(abi)]
    interface IPoseidon2Codex {
        /// The Poseidon2 permutation, t = 2, Codex set (HorizenLabs before bb476b9).
        function poseidon2CodexPermuteT2(uint256[2] calldata state) external pure returns (uint256[2] memory);
        /// The Poseidon2 permutation, t = 3, Codex set (Codex nim-poseidon2).
        function poseidon2CodexPermuteT3(uint256[3] calldata state) external pure returns (uint256[3] memory);
        /// The Poseidon2 permutation, t = 4, Codex set.
        function poseidon2CodexPermuteT4(uint256[4] calldata state) external pure returns (uint256[4] memory);
    }
}

#[cfg(any(test, feature = "hash5"))]
sol! {
    /// circomlib Poseidon t = 6 (feature `hash5`).
    #[sol(abi)]
    interface IPoseidonT6 {
        /// circomlib Poseidon of five inputs, equal to circomlibjs `poseidon([a, b, c, d, e])`.
        function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e) external pure returns (uint256);
    }
}
