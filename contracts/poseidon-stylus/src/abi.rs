//! The contract's Solidity interface, declared once with alloy's `sol!`: the selectors and
//! argument decoders the dispatcher uses, the custom errors it reverts with, and (with the
//! `export-abi` feature) the JSON ABI that `cargo stylus export-abi` prints.
//!
//! Functions come in groups, one per cargo feature, one deployable each: each Poseidon width
//! brings its own round constants, and a program is charged per call for its size. Unit tests
//! compile every group.

use alloy_sol_types::sol;

sol! {
    /// Errors shared with `solidity/IStylusPoseidon.sol` (`IPoseidonErrors`) plus the Stylus-only
    /// `InvalidCalldata`.
    #[sol(abi)]
    #[sol(all_derives)]
    interface IPoseidonErrors {
        /// An input is not a canonical BN254 scalar field element (it is >= p).
        error InputNotInField(uint256 position, uint256 value);
        /// `hashPairs` got an array of odd length.
        error OddPairsLength(uint256 length);
        /// `hashPairs` got no elements, or `rootFromPath`/`nodesFromPath` got no siblings.
        error EmptyInput();
        /// `rootFromPath`/`nodesFromPath` got more siblings than the maximum depth.
        error TooManySiblings(uint256 count, uint256 max);
        /// `rootFromPath`/`nodesFromPath` got path bits at or above the path's depth.
        error PathBitsOutOfRange(uint256 pathBits, uint256 depth);
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

#[cfg(any(test, feature = "hash5"))]
sol! {
    /// circomlib Poseidon t = 6 (feature `hash5`).
    #[sol(abi)]
    interface IPoseidonT6 {
        /// circomlib Poseidon of five inputs, equal to circomlibjs `poseidon([a, b, c, d, e])`.
        function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e) external pure returns (uint256);
    }
}
