// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

/// @title Errors shared by every Poseidon hasher of this project
/// @notice The Stylus contract and the Solidity/Yul references revert with exactly these, so a caller
/// can swap one hasher for another without changing its error handling.
interface IPoseidonErrors {
    /// @notice An input is not a canonical BN254 scalar field element (it is >= p).
    /// @param position 0-based index of the offending argument (see each function for its numbering).
    error InputNotInField(uint256 position, uint256 value);
    /// @notice `hashPairs` got an array of odd length.
    error OddPairsLength(uint256 length);
    /// @notice `hashPairs` got no elements, or `rootFromPath`/`nodesFromPath` got no siblings.
    error EmptyInput();
    /// @notice `rootFromPath`/`nodesFromPath` got more siblings than the maximum depth.
    error TooManySiblings(uint256 count, uint256 max);
    /// @notice `rootFromPath`/`nodesFromPath` got path bits at or above the path's depth (siblings.length).
    error PathBitsOutOfRange(uint256 pathBits, uint256 depth);
}

/// @title circomlib Poseidon T3 hasher over BN254: the functions every hasher of this project offers
/// @notice All functions are `pure` on the implementation side and are called with STATICCALL.
interface IPoseidonT3Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with two inputs (t = 3), equal to circomlibjs `poseidon([a, b])`.
    /// @dev Reverts `InputNotInField(0, a)` or `InputNotInField(1, b)` for an input >= p (a checked first).
    function hash(uint256 a, uint256 b) external view returns (uint256);

    /// @notice Root of a binary Poseidon T3 Merkle tree from a leaf and its authentication path.
    /// @dev Level i (0 = leaves): bit i of `pathBits` is 1 when the node is a right child, so
    /// node = hash(siblings[i], node); else node = hash(node, siblings[i]).
    /// Reverts, in this order: `EmptyInput()` for no siblings; `TooManySiblings(count, 256)` above 256;
    /// `PathBitsOutOfRange(pathBits, depth)` if `pathBits >> depth != 0`; `InputNotInField(0, leaf)`;
    /// `InputNotInField(1 + i, siblings[i])` for the first sibling >= p.
    function rootFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits)
        external
        view
        returns (uint256);

    /// @notice Every node on the path from a leaf to the root: nodes[i] is the node at level i + 1, so
    /// nodes[siblings.length - 1] is the root (what `rootFromPath` returns for the same arguments).
    /// @dev Same arguments, hashing order and errors (in the same order) as `rootFromPath`.
    function nodesFromPath(uint256 leaf, uint256[] calldata siblings, uint256 pathBits)
        external
        view
        returns (uint256[] memory nodes);

    /// @notice Hashes consecutive pairs: out[i] = hash(flat[2i], flat[2i + 1]).
    /// @dev Reverts `EmptyInput()` for an empty array, `OddPairsLength(length)` for an odd length, and
    /// `InputNotInField(j, flat[j])` for the first element >= p (j indexes `flat`).
    function hashPairs(uint256[] calldata flat) external view returns (uint256[] memory);
}

/// @title The Stylus Poseidon contract's full interface
/// @notice Deployed on Arbitrum as a Stylus (WASM) program; `PoseidonT3Yul` implements the T3 and
/// Poseidon2 part of it in EVM bytecode for other chains.
interface IStylusPoseidon is IPoseidonT3Hasher {
    /// @notice The calldata has an unknown selector, is shorter than a selector, or its arguments do not
    /// decode (Stylus only: a Solidity contract reverts without data in these cases).
    /// @param selector The first four bytes of the calldata, zero-padded when shorter.
    error InvalidCalldata(bytes4 selector);

    /// @notice circomlib Poseidon with one input (t = 2).
    function hash(uint256 a) external view returns (uint256);

    /// @notice circomlib Poseidon with three inputs (t = 4).
    function hash(uint256 a, uint256 b, uint256 c) external view returns (uint256);

    /// @notice circomlib Poseidon with four inputs (t = 5).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d) external view returns (uint256);

    /// @notice circomlib Poseidon with five inputs (t = 6).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e) external view returns (uint256);

    /// @notice Poseidon2 t = 3 (HorizenLabs BN254 parameters) two-input sponge hash, equal to
    /// openzeppelin-crypto 0.3 `Poseidon2::<BN256Params, FpBN256>`: absorb(a), absorb(b), squeeze.
    function poseidon2(uint256 a, uint256 b) external view returns (uint256);
}

// ---------------------------------------------------------------- one circomlib width per program

/// @title circomlib Poseidon T2 hasher: the Stylus program `poseidon_stylus_hash1.wasm`
interface IPoseidonT2Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with one input (t = 2), equal to circomlibjs `poseidon([a])` and
    /// poseidon-solidity `PoseidonT2.hash([a])`.
    /// @dev Reverts `InputNotInField(0, a)` for a >= p.
    function hash(uint256 a) external view returns (uint256);
}

/// @title circomlib Poseidon T4 hasher: the Stylus program `poseidon_stylus_hash3.wasm`
interface IPoseidonT4Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with three inputs (t = 4), equal to circomlibjs `poseidon([a, b, c])` and
    /// poseidon-solidity `PoseidonT4.hash([a, b, c])`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c) external view returns (uint256);
}

/// @title circomlib Poseidon T5 hasher: the Stylus program `poseidon_stylus_hash4.wasm`
interface IPoseidonT5Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with four inputs (t = 5), equal to circomlibjs `poseidon([a, b, c, d])`
    /// and poseidon-solidity `PoseidonT5.hash([a, b, c, d])`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p.
    function hash(uint256 a, uint256 b, uint256 c, uint256 d) external view returns (uint256);
}

/// @title circomlib Poseidon T6 hasher: the Stylus program `poseidon_stylus_hash5.wasm`
interface IPoseidonT6Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with five inputs (t = 6), equal to circomlibjs
    /// `poseidon([a, b, c, d, e])` and poseidon-solidity `PoseidonT6.hash([a, b, c, d, e])`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p.
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e) external view returns (uint256);
}
