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
    /// @notice `noirHash` got more inputs than its maximum (`max` = 1,024).
    error TooManyInputs(uint256 count, uint256 max);
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

/// @title Noir's Poseidon2 hash and the t = 4 Poseidon2 permutation over BN254
/// @notice `noirHash` equals Noir's `std::hash::poseidon2::Poseidon2::hash(inputs, inputs.len())`
/// (barretenberg's sponge: t = 4, rate 3, capacity lane 3 = n * 2^64, lane 0 out). The t = 4
/// functions use the Barretenberg parameter set (HorizenLabs after commit bb476b9; barretenberg,
/// taceo-poseidon2, the npm package zkpassport/poseidon2). An input >= p reverts `InputNotInField(index, value)`.
/// Implemented by the Stylus program `poseidon_stylus_noir.wasm` and by `NoirPoseidon2Yul`.
interface INoirPoseidon2Hasher is IPoseidonErrors {
    /// @notice Noir's Poseidon2 hash of 0 to 1,024 inputs.
    /// @dev Reverts `TooManyInputs(count, 1024)` above 1,024 inputs, then `InputNotInField(i, inputs[i])`
    /// for the first input >= p.
    function noirHash(uint256[] calldata inputs) external view returns (uint256);

    /// @notice Noir's Poseidon2 hash of two inputs, `noirHash([a, b])` (Merkle nodes).
    function noirHash2(uint256 a, uint256 b) external view returns (uint256);

    /// @notice The Poseidon2 permutation, t = 4, Barretenberg set.
    function poseidon2PermuteT4(uint256[4] calldata state) external view returns (uint256[4] memory);

    /// @notice TaceoLabs poseidon2-solidity `compress`, t = 4: permutation(inputs)[0] + inputs[0] mod p.
    function poseidon2CompressT4(uint256[4] calldata inputs) external view returns (uint256);
}

/// @title Every other Poseidon2 instance: t = 2, 3 in the Barretenberg set, t = 2, 3, 4 in the Codex set
/// @notice Barretenberg set: HorizenLabs' constants after commit bb476b9 (openzeppelin-crypto 0.3,
/// taceo-poseidon2, TaceoLabs poseidon2-solidity). Codex set: the constants before bb476b9 (Codex's
/// nim-poseidon2, rust-poseidon-bn254-pure). An input >= p reverts `InputNotInField(index, value)`.
interface IPoseidon2Instances is INoirPoseidon2Hasher {
    /// @notice The Poseidon2 permutation, t = 2, Barretenberg set (deployable `poseidon_stylus_poseidon2_t2`).
    function poseidon2PermuteT2(uint256[2] calldata state) external view returns (uint256[2] memory);

    /// @notice TaceoLabs poseidon2-solidity `compress`, t = 2: permutation(inputs)[0] + inputs[0] mod p.
    function poseidon2CompressT2(uint256[2] calldata inputs) external view returns (uint256);

    /// @notice The Poseidon2 permutation, t = 3, Barretenberg set (deployable `poseidon_stylus_poseidon2`).
    function poseidon2PermuteT3(uint256[3] calldata state) external view returns (uint256[3] memory);

    /// @notice TaceoLabs poseidon2-solidity `compress`, t = 3: permutation(inputs)[0] + inputs[0] mod p.
    function poseidon2CompressT3(uint256[3] calldata inputs) external view returns (uint256);

    /// @notice The Poseidon2 permutation, t = 2, Codex set (deployable `poseidon_stylus_poseidon2_codex`).
    function poseidon2CodexPermuteT2(uint256[2] calldata state) external view returns (uint256[2] memory);

    /// @notice The Poseidon2 permutation, t = 3, Codex set (Codex nim-poseidon2's `permInPlace`).
    function poseidon2CodexPermuteT3(uint256[3] calldata state) external view returns (uint256[3] memory);

    /// @notice The Poseidon2 permutation, t = 4, Codex set.
    function poseidon2CodexPermuteT4(uint256[4] calldata state) external view returns (uint256[4] memory);
}

/// @title The Stylus Poseidon contract's full interface
/// @notice Deployed on Arbitrum as a Stylus (WASM) program; `PoseidonT3Yul` implements the T3 and
/// Poseidon2 part of it in EVM bytecode for other chains.
interface IStylusPoseidon is IPoseidonT3Hasher, IPoseidon2Instances {
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

    /// @notice Poseidon2 t = 3 (HorizenLabs BN254 parameters) two-input sponge hash, equal to
    /// openzeppelin-crypto 0.3 `Poseidon2::<BN256Params, FpBN256>`: absorb(a), absorb(b), squeeze.
    function poseidon2(uint256 a, uint256 b) external view returns (uint256);
}
