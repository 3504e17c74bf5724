// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {
    INoirPoseidon2Aliases,
    IPoseidonT2Aliases,
    IPoseidonT3Aliases,
    IPoseidonT4Aliases,
    IPoseidonT5Aliases,
    IPoseidonT6Aliases,
    IPoseidonT7Aliases,
    IPoseidonT8Aliases,
    IPoseidonT9Aliases,
    IPoseidonT10Aliases,
    IPoseidonT11Aliases,
    IPoseidonT12Aliases,
    IPoseidonT13Aliases,
    IPoseidonT14Aliases,
    IPoseidonT15Aliases,
    IPoseidonT16Aliases,
    IPoseidonT17Aliases
} from "./generated/IPoseidonAliases.sol";

/// @title Errors shared by every Poseidon hasher of this project
/// @notice The Stylus contract and the Solidity/Yul references revert with exactly these, so a caller
/// can swap one hasher for another without changing its error handling.
interface IPoseidonErrors {
    /// @notice An input is not a canonical element of the function's field (it is >= p: the BN254 scalar
    /// field, or Goldilocks for `IGoldilocksPoseidon`).
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
    /// @notice A Merkle-cap check got a leaf index beyond the leaves its cap and path cover
    /// (`leaves` = cap.length * 2^siblings.length).
    error LeafIndexOutOfRange(uint256 leafIndex, uint256 leaves);
    /// @notice `noirHash` got more inputs than its maximum (`max` = 1,024).
    error TooManyInputs(uint256 count, uint256 max);
    /// @notice `mimcSpongeMultiHash` was asked for no outputs or more than its maximum (`max` = 256).
    error OutputCountOutOfRange(uint256 count, uint256 max);
}

/// @title circomlib Poseidon T3 hasher over BN254: `hash` and the Merkle functions over it
/// @notice All functions are `pure` on the implementation side and are called with STATICCALL. The EVM
/// references and the Stylus program `poseidon_stylus_merkle.wasm` (`PoseidonAddresses.POSEIDON_STYLUS_MERKLE`)
/// implement all of it; the Stylus program `poseidon_stylus.wasm` (`POSEIDON_STYLUS`) only `hash` and its
/// aliases (`IPoseidonT3Aliases`), so that an uncached call pays init for no Merkle code: there the Merkle
/// functions revert `InvalidCalldata(selector)`.
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
/// @notice `noirHash` equals Noir's `poseidon::poseidon2::Poseidon2::hash(inputs, inputs.len())` (Noir's
/// `poseidon` library; `std::hash::poseidon2::Poseidon2::hash` up to 1.0.0-beta.3, same values)
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

/// @title Poseidon and Poseidon2 over Goldilocks (p = 2^64 - 2^32 + 1), width 12, plonky2 conventions
/// @notice The Stylus Goldilocks program (`poseidon_stylus_goldilocks.wasm`). Poseidon is plonky2 1.1's
/// `PoseidonHash`; Poseidon2 is HorizenLabs' Goldilocks width-12 instance (zkhash 0.2) with the same sponge
/// shapes: rate 8, capacity 4, inputs overwrite the rate lanes, a digest is lanes 0..4. `GoldilocksPoseidonYul`
/// implements `permute` and `twoToOne` in EVM bytecode.
/// @dev Elements are `uint64`. A word that is not a `uint64` does not decode (Stylus: `InvalidCalldata`);
/// a value >= p reverts `InputNotInField(position, value)`, never reduced. Positions number the function's
/// elements in argument order, arrays flattened: `twoToOne`: left[i] -> i, right[i] -> 4 + i;
/// `rootFromPath`: leafData[i] -> i, siblings[j][k] -> leafData.length + 4j + k; `verifyMerkleProofToCap`:
/// leafData[i] -> i, cap[j][k] -> n + 4j + k, siblings[j][k] -> n + 4 * cap.length + 4j + k.
interface IGoldilocksPoseidon is IPoseidonErrors {
    /// @notice plonky2's Poseidon permutation (`<GoldilocksField as Poseidon>::poseidon`).
    function permute(uint64[12] calldata state) external view returns (uint64[12] memory);

    /// @notice plonky2's `hash_no_pad`. Reverts `EmptyInput()` for no inputs (plonky2 returns the zero
    /// digest there without hashing).
    function hashNoPad(uint64[] calldata inputs) external view returns (uint64[4] memory);

    /// @notice plonky2's `hash_or_noop`, the leaf hash of its Merkle trees: up to four inputs are the
    /// digest itself, padded with zeros.
    function hashOrNoop(uint64[] calldata inputs) external view returns (uint64[4] memory);

    /// @notice plonky2's `two_to_one`: the permutation of [left, right, 0, 0, 0, 0], its first four lanes.
    function twoToOne(uint64[4] calldata left, uint64[4] calldata right)
        external
        view
        returns (uint64[4] memory);

    /// @notice The root a plonky2 Merkle path leads to: the leaf digest is `hashOrNoop(leafData)`; at level
    /// i, bit i of `leafIndex` set means node = twoToOne(siblings[i], node), else twoToOne(node, siblings[i]).
    /// @dev Reverts, in this order: `TooManySiblings(count, 256)`; `PathBitsOutOfRange(leafIndex, depth)` if
    /// `leafIndex >> siblings.length != 0`; `InputNotInField` for the first bad element.
    function rootFromPath(uint64[] calldata leafData, uint64[4][] calldata siblings, uint256 leafIndex)
        external
        view
        returns (uint64[4] memory);

    /// @notice plonky2's `verify_merkle_proof_to_cap`: whether the path leads to cap[leafIndex >> siblings.length].
    /// @dev Reverts, in this order: `TooManySiblings(count, 256)`; `LeafIndexOutOfRange(leafIndex, leaves)` when
    /// the cap has no such entry; `InputNotInField` for the first bad element.
    function verifyMerkleProofToCap(
        uint64[] calldata leafData,
        uint256 leafIndex,
        uint64[4][] calldata cap,
        uint64[4][] calldata siblings
    ) external view returns (bool);

    /// @notice The Poseidon2 permutation (zkhash 0.2 `POSEIDON2_GOLDILOCKS_12_PARAMS`).
    function poseidon2Permute(uint64[12] calldata state) external view returns (uint64[12] memory);

    /// @notice `hashNoPad` over Poseidon2.
    function poseidon2HashNoPad(uint64[] calldata inputs) external view returns (uint64[4] memory);

    /// @notice `hashOrNoop` over Poseidon2.
    function poseidon2HashOrNoop(uint64[] calldata inputs) external view returns (uint64[4] memory);

    /// @notice `twoToOne` over Poseidon2.
    function poseidon2TwoToOne(uint64[4] calldata left, uint64[4] calldata right)
        external
        view
        returns (uint64[4] memory);

    /// @notice `rootFromPath` over Poseidon2.
    function poseidon2RootFromPath(
        uint64[] calldata leafData,
        uint64[4][] calldata siblings,
        uint256 leafIndex
    ) external view returns (uint64[4] memory);

    /// @notice `verifyMerkleProofToCap` over Poseidon2.
    function poseidon2VerifyMerkleProofToCap(
        uint64[] calldata leafData,
        uint256 leafIndex,
        uint64[4][] calldata cap,
        uint64[4][] calldata siblings
    ) external view returns (bool);
}

// ---------------------------------------------------------------- Miden (Goldilocks)

/// @title Miden's hashes over Goldilocks (miden-crypto 0.28.1), on Stylus: one program, and one interface, per hash.
/// @notice `midenPoseidon2…`: Miden's native hash since VM 0.21, miden-crypto's `Poseidon2`, its sponge over
/// Plonky3's Goldilocks Poseidon2 (`p3_goldilocks::default_goldilocks_poseidon2_12`: width 12, x^7, 8 full
/// and 22 partial rounds). `rpo…` and `rpx…`: the same sponge over miden-crypto's `Rpo256` and `Rpx256`
/// (Miden's hash until 2026). Elements are `uint64`; one that is not below p = 2^64 - 2^32 + 1 reverts
/// `InputNotInField(position, value)`, positions counting elements in argument order, arrays flattened.
/// A word (digest) is four elements. The state is [RATE, CAPACITY], as since miden-crypto 0.21.0.
/// @notice Miden's Poseidon2 (`midenPoseidon2…`).
interface IMidenPoseidon2Hasher is IPoseidonErrors {
    /// @notice The permutation, `default_goldilocks_poseidon2_12().permute`.
    function midenPoseidon2Permute(uint64[12] calldata state) external view returns (uint64[12] memory);

    /// @notice `Poseidon2::hash_elements`: 8 elements per permutation, the count mod 8 in the capacity;
    /// no elements is the zero word.
    function midenPoseidon2HashElements(uint64[] calldata elements) external view returns (uint64[4] memory);

    /// @notice `Poseidon2::hash` of bytes: 7 bytes per element (little-endian), the last followed by a 1 byte.
    function midenPoseidon2HashBytes(bytes calldata data) external view returns (uint64[4] memory);

    /// @notice `Poseidon2::merge`: the Merkle node of two words.
    function midenPoseidon2Merge(uint64[4] calldata left, uint64[4] calldata right)
        external
        view
        returns (uint64[4] memory);

    /// @notice `Poseidon2::merge_in_domain`: `merge` with `domain` in the second capacity element.
    function midenPoseidon2MergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        view
        returns (uint64[4] memory);

    /// @notice `MerklePath::compute_root`: at level i, bit i of `index` set means node = merge(siblings[i], node),
    /// else merge(node, siblings[i]).
    /// @dev Reverts, in this order: `TooManySiblings(count, 64)`; `PathBitsOutOfRange(index, depth)` if
    /// `index >> siblings.length != 0`; `InputNotInField` for the first bad element.
    function midenPoseidon2RootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        view
        returns (uint64[4] memory);
}

/// @notice Miden's RPO256 (`rpo…`).
interface IRpoHasher is IPoseidonErrors {
    /// @notice The permutation, `Rpo256::apply_permutation` (7 rounds of Rescue-Prime Optimized).
    function rpoPermute(uint64[12] calldata state) external view returns (uint64[12] memory);

    /// @notice `Rpo256::hash_elements`: 8 elements per permutation, the count mod 8 in the capacity;
    /// no elements is the zero word.
    function rpoHashElements(uint64[] calldata elements) external view returns (uint64[4] memory);

    /// @notice `Rpo256::hash` of bytes: 7 bytes per element (little-endian), the last followed by a 1 byte.
    function rpoHashBytes(bytes calldata data) external view returns (uint64[4] memory);

    /// @notice `Rpo256::merge`: the Merkle node of two words.
    function rpoMerge(uint64[4] calldata left, uint64[4] calldata right)
        external
        view
        returns (uint64[4] memory);

    /// @notice `Rpo256::merge_in_domain`: `merge` with `domain` in the second capacity element.
    function rpoMergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        view
        returns (uint64[4] memory);

    /// @notice `MerklePath::compute_root` with `Rpo256::merge`: at level i, bit i of `index` set means node = merge(siblings[i], node),
    /// else merge(node, siblings[i]).
    /// @dev Reverts, in this order: `TooManySiblings(count, 64)`; `PathBitsOutOfRange(index, depth)` if
    /// `index >> siblings.length != 0`; `InputNotInField` for the first bad element.
    function rpoRootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        view
        returns (uint64[4] memory);
}

/// @notice Miden's RPX256 (`rpx…`).
interface IRpxHasher is IPoseidonErrors {
    /// @notice The permutation, `Rpx256::apply_permutation` (RPX: FB, E, FB, E, FB, E, M rounds).
    function rpxPermute(uint64[12] calldata state) external view returns (uint64[12] memory);

    /// @notice `Rpx256::hash_elements`: 8 elements per permutation, the count mod 8 in the capacity;
    /// no elements is the zero word.
    function rpxHashElements(uint64[] calldata elements) external view returns (uint64[4] memory);

    /// @notice `Rpx256::hash` of bytes: 7 bytes per element (little-endian), the last followed by a 1 byte.
    function rpxHashBytes(bytes calldata data) external view returns (uint64[4] memory);

    /// @notice `Rpx256::merge`: the Merkle node of two words.
    function rpxMerge(uint64[4] calldata left, uint64[4] calldata right)
        external
        view
        returns (uint64[4] memory);

    /// @notice `Rpx256::merge_in_domain`: `merge` with `domain` in the second capacity element.
    function rpxMergeInDomain(uint64[4] calldata left, uint64[4] calldata right, uint64 domain)
        external
        view
        returns (uint64[4] memory);

    /// @notice `MerklePath::compute_root` with `Rpx256::merge`: at level i, bit i of `index` set means node = merge(siblings[i], node),
    /// else merge(node, siblings[i]).
    /// @dev Reverts, in this order: `TooManySiblings(count, 64)`; `PathBitsOutOfRange(index, depth)` if
    /// `index >> siblings.length != 0`; `InputNotInField` for the first bad element.
    function rpxRootFromPath(uint64[4] calldata leaf, uint64[4][] calldata siblings, uint256 index)
        external
        view
        returns (uint64[4] memory);
}

// ---------------------------------------------------------------- MiMC (circomlib)

/// @title Tornado Cash's `IHasher`: circomlib's MiMCSponge with the key fixed to 0
/// @notice What Tornado Cash's `MerkleTreeWithHistory` (and the trees built on it) takes at construction.
interface IHasher {
    /// @notice circomlib's MiMCSponge (Feistel, x^5, 220 rounds) with key 0, equal to circomlibjs 0.1.7
    /// `buildMimcSponge().hash(in_xL, in_xR, 0)`.
    /// @dev Reverts `InputNotInField(0, in_xL)` or `InputNotInField(1, in_xR)` for an input >= p (Tornado's
    /// hasher reduces it silently instead).
    function MiMCSponge(uint256 in_xL, uint256 in_xR) external view returns (uint256 xL, uint256 xR);
}

/// @title circomlib's MiMC hashes: the Stylus program `poseidon_stylus_mimc.wasm`
/// @notice `MiMCSponge(uint256,uint256,uint256)` and `MiMCpe7` are the functions circomlibjs 0.1.7's
/// `mimcsponge_gencontract.js` and `mimc7_gencontract.js` generate (iden3's older sparse Merkle trees call
/// them); `MiMCSponge(uint256,uint256)` is Tornado Cash's `IHasher`. Constants are circomlibjs's:
/// keccak256-chained from the seeds "mimcsponge" and "mimc".
/// @dev An input >= p reverts `InputNotInField(position, value)`, positions in argument order (array
/// elements first, then the key); circomlibjs's contracts reduce it silently instead.
interface IMiMCHasher is IPoseidonErrors, IHasher {
    /// @notice circomlib's MiMCSponge with key `k`, equal to circomlibjs `buildMimcSponge().hash(xL_in, xR_in, k)`.
    function MiMCSponge(uint256 xL_in, uint256 xR_in, uint256 k)
        external
        view
        returns (uint256 xL, uint256 xR);

    /// @notice circomlib's MiMC7 (x^7, 91 rounds), equal to circomlibjs `buildMimc7().hash(in_x, in_k)`.
    function MiMCpe7(uint256 in_x, uint256 in_k) external view returns (uint256 out_x);

    /// @notice Tornado Cash's `MerkleTreeWithHistory.hashLeftRight` in one call: `R = left; (R, C) =
    /// MiMCSponge(R, 0); R = R + right mod p; (R, C) = MiMCSponge(R, C); return R`.
    /// @dev Reverts `InputNotInField(0, left)` or `InputNotInField(1, right)` for an input >= p (Tornado
    /// requires both below p too).
    function hashLeftRight(uint256 left, uint256 right) external view returns (uint256);

    /// @notice circomlibjs `buildMimcSponge().multiHash(inputs, key, numOutputs)`: each input added to the
    /// rate, one sponge call each, then `numOutputs - 1` more calls, each output the rate.
    /// @dev Always an array, also for one output (circomlibjs returns a bare value then). Returns `[0]`
    /// for no inputs and one output, as circomlibjs does. Reverts `OutputCountOutOfRange(numOutputs, 256)`
    /// unless 1 <= numOutputs <= 256; `InputNotInField(i, inputs[i])`, `InputNotInField(inputs.length, key)`.
    function mimcSpongeMultiHash(uint256[] calldata inputs, uint256 key, uint256 numOutputs)
        external
        view
        returns (uint256[] memory);

    /// @notice circomlibjs `buildMimc7().multiHash(inputs, key)`: `r = key`, then for each input
    /// `r = r + input + MiMC7(input, r)`. Returns `key` for no inputs, as circomlibjs does.
    /// @dev Reverts `InputNotInField(i, inputs[i])`, `InputNotInField(inputs.length, key)`.
    function mimc7MultiHash(uint256[] calldata inputs, uint256 key) external view returns (uint256);
}

// ---------------------------------------------------------------- one circomlib width per program

/// @title iden3's Poseidon sponge, on the Stylus program `poseidon_stylus_hash6.wasm` (`IPoseidonT7Hasher`)
/// @notice The signature of iden3's `PoseidonFacade.poseidonSponge`.
interface IPoseidonSponge is IPoseidonErrors {
    /// @notice iden3's sponge, equal to iden3's contracts (npm, 3.4.0) `SpongePoseidon.hash(values)` (behind
    /// `PoseidonFacade.poseidonSponge`) and iden3's js-crypto `poseidon.spongeHashX(values, 6)`: frames of
    /// six, each full frame's hash the first element of the next, a partly filled last frame zero-padded.
    /// @dev Returns 0 for no values, as `SpongePoseidon` does. Reverts `InputNotInField(i, values[i])` for the
    /// first value >= p (`SpongePoseidon` reduces it silently instead).
    function poseidonSponge(uint256[] calldata values) external view returns (uint256);
}

// widths: generated by scripts/gen/gen-selectors.mjs from contracts/selectors.json; do not edit
/// @title circomlib Poseidon T2 hasher: the Stylus program `poseidon_stylus_hash1.wasm`
/// @notice poseidon-solidity's `PoseidonT2.hash(uint256[1])` and circomlibjs's `poseidon(uint256[1])`/`poseidon(bytes32[1])`
/// (iden3's `PoseidonUnit1L`) are aliases.
interface IPoseidonT2Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with one input (t = 2), equal to circomlibjs `poseidon([a])` and
    /// poseidon-lite `poseidon1`.
    /// @dev Reverts `InputNotInField(0, a)` for a >= p.
    function hash(uint256 a) external view returns (uint256);
}

/// @title circomlib Poseidon T4 hasher: the Stylus program `poseidon_stylus_hash3.wasm`
/// @notice poseidon-solidity's `PoseidonT4.hash(uint256[3])` and circomlibjs's `poseidon(uint256[3])`/`poseidon(bytes32[3])`
/// (iden3's `PoseidonUnit3L`) are aliases.
interface IPoseidonT4Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with three inputs (t = 4), equal to circomlibjs `poseidon([a, b, c])` and
    /// poseidon-lite `poseidon3`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c) external view returns (uint256);
}

/// @title circomlib Poseidon T5 hasher: the Stylus program `poseidon_stylus_hash4.wasm`
/// @notice poseidon-solidity's `PoseidonT5.hash(uint256[4])` and circomlibjs's `poseidon(uint256[4])`/`poseidon(bytes32[4])`
/// (iden3's `PoseidonUnit4L`) are aliases.
interface IPoseidonT5Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with four inputs (t = 5), equal to circomlibjs `poseidon([a, b, c, d])` and
    /// poseidon-lite `poseidon4`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d) external view returns (uint256);
}

/// @title circomlib Poseidon T6 hasher: the Stylus program `poseidon_stylus_hash5.wasm`
/// @notice poseidon-solidity's `PoseidonT6.hash(uint256[5])` and circomlibjs's `poseidon(uint256[5])`/`poseidon(bytes32[5])`
/// (iden3's `PoseidonUnit5L`) are aliases.
interface IPoseidonT6Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with five inputs (t = 6), equal to circomlibjs `poseidon([a, b, c, d, e])` and
    /// poseidon-lite `poseidon5`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e) external view returns (uint256);
}

/// @title circomlib Poseidon T7 hasher: the Stylus program `poseidon_stylus_hash6.wasm`
/// @notice circomlibjs's `poseidon(uint256[6])`/`poseidon(bytes32[6])` (iden3's `PoseidonUnit6L`) and
/// `hash(uint256[6])` (poseidon-solidity's shape, which stops at five inputs) are aliases.
interface IPoseidonT7Hasher is IPoseidonErrors, IPoseidonSponge {
    /// @notice circomlib Poseidon with six inputs (t = 7), equal to circomlibjs `poseidon([a, b, c, d, e, f])` and
    /// poseidon-lite `poseidon6`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f)
        external
        view
        returns (uint256);
}

/// @title circomlib Poseidon T8 hasher: the Stylus program `poseidon_stylus_hash7.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[7])` and circomlibjs's `poseidon(uint256[7])`/`poseidon(bytes32[7])` shapes are aliases.
interface IPoseidonT8Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with seven inputs (t = 8), equal to circomlibjs `poseidon` of 7 inputs and
    /// poseidon-lite `poseidon7`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g)
        external
        view
        returns (uint256);
}

/// @title circomlib Poseidon T9 hasher: the Stylus program `poseidon_stylus_hash8.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[8])` and circomlibjs's `poseidon(uint256[8])`/`poseidon(bytes32[8])` shapes are aliases.
interface IPoseidonT9Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with eight inputs (t = 9), equal to circomlibjs `poseidon` of 8 inputs and
    /// poseidon-lite `poseidon8`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h)
        external
        view
        returns (uint256);
}

/// @title circomlib Poseidon T10 hasher: the Stylus program `poseidon_stylus_hash9.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[9])` and circomlibjs's `poseidon(uint256[9])`/`poseidon(bytes32[9])` shapes are aliases.
interface IPoseidonT10Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with nine inputs (t = 10), equal to circomlibjs `poseidon` of 9 inputs and
    /// poseidon-lite `poseidon9`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T11 hasher: the Stylus program `poseidon_stylus_hash10.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[10])` and circomlibjs's `poseidon(uint256[10])`/`poseidon(bytes32[10])` shapes are aliases.
interface IPoseidonT11Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with ten inputs (t = 11), equal to circomlibjs `poseidon` of 10 inputs and
    /// poseidon-lite `poseidon10`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T12 hasher: the Stylus program `poseidon_stylus_hash11.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[11])` and circomlibjs's `poseidon(uint256[11])`/`poseidon(bytes32[11])` shapes are aliases.
interface IPoseidonT12Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with eleven inputs (t = 12), equal to circomlibjs `poseidon` of 11 inputs and
    /// poseidon-lite `poseidon11`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T13 hasher: the Stylus program `poseidon_stylus_hash12.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[12])` and circomlibjs's `poseidon(uint256[12])`/`poseidon(bytes32[12])` shapes are aliases.
interface IPoseidonT13Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with twelve inputs (t = 13), equal to circomlibjs `poseidon` of 12 inputs and
    /// poseidon-lite `poseidon12`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k,
        uint256 l
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T14 hasher: the Stylus program `poseidon_stylus_hash13.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[13])` and circomlibjs's `poseidon(uint256[13])`/`poseidon(bytes32[13])` shapes are aliases.
interface IPoseidonT14Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with thirteen inputs (t = 14), equal to circomlibjs `poseidon` of 13 inputs and
    /// poseidon-lite `poseidon13`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k,
        uint256 l,
        uint256 m
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T15 hasher: the Stylus program `poseidon_stylus_hash14.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[14])` and circomlibjs's `poseidon(uint256[14])`/`poseidon(bytes32[14])` shapes are aliases.
interface IPoseidonT15Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with fourteen inputs (t = 15), equal to circomlibjs `poseidon` of 14 inputs and
    /// poseidon-lite `poseidon14`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k,
        uint256 l,
        uint256 m,
        uint256 n
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T16 hasher: the Stylus program `poseidon_stylus_hash15.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[15])` and circomlibjs's `poseidon(uint256[15])`/`poseidon(bytes32[15])` shapes are aliases.
interface IPoseidonT16Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with fifteen inputs (t = 16), equal to circomlibjs `poseidon` of 15 inputs and
    /// poseidon-lite `poseidon15`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k,
        uint256 l,
        uint256 m,
        uint256 n,
        uint256 o
    ) external view returns (uint256);
}

/// @title circomlib Poseidon T17 hasher: the Stylus program `poseidon_stylus_hash16.wasm`
/// @notice No EVM library computes this width (circomlibjs's generated contracts stop at six inputs, poseidon-solidity
/// at five); `hash(uint256[16])` and circomlibjs's `poseidon(uint256[16])`/`poseidon(bytes32[16])` shapes are aliases.
interface IPoseidonT17Hasher is IPoseidonErrors {
    /// @notice circomlib Poseidon with sixteen inputs (t = 17), equal to circomlibjs `poseidon` of 16 inputs and
    /// poseidon-lite `poseidon16`.
    /// @dev Reverts `InputNotInField(i, value)` for the first input >= p (i = 0 for a, 1 for b, ...).
    function hash(
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e,
        uint256 f,
        uint256 g,
        uint256 h,
        uint256 i,
        uint256 j,
        uint256 k,
        uint256 l,
        uint256 m,
        uint256 n,
        uint256 o,
        uint256 p
    ) external view returns (uint256);
}

// widths: end

/// @title The Stylus Poseidon contract's full interface
/// @notice Deployed on Arbitrum as a Stylus (WASM) program; `PoseidonT3Yul` implements the T3 and
/// Poseidon2 part of it in EVM bytecode for other chains. The `…Aliases` interfaces are the other
/// projects' selectors each program answers (poseidon-solidity, circomlibjs, poseidon2-evm;
/// contracts/selectors.json).
interface IStylusPoseidon is
    IPoseidonT3Hasher,
    IPoseidon2Instances,
    IMiMCHasher,
    IPoseidonT2Hasher,
    IPoseidonT4Hasher,
    IPoseidonT5Hasher,
    IPoseidonT6Hasher,
    IPoseidonT7Hasher,
    IPoseidonT8Hasher,
    IPoseidonT9Hasher,
    IPoseidonT10Hasher,
    IPoseidonT11Hasher,
    IPoseidonT12Hasher,
    IPoseidonT13Hasher,
    IPoseidonT14Hasher,
    IPoseidonT15Hasher,
    IPoseidonT16Hasher,
    IPoseidonT17Hasher,
    IPoseidonT2Aliases,
    IPoseidonT3Aliases,
    IPoseidonT4Aliases,
    IPoseidonT5Aliases,
    IPoseidonT6Aliases,
    IPoseidonT7Aliases,
    IPoseidonT8Aliases,
    IPoseidonT9Aliases,
    IPoseidonT10Aliases,
    IPoseidonT11Aliases,
    IPoseidonT12Aliases,
    IPoseidonT13Aliases,
    IPoseidonT14Aliases,
    IPoseidonT15Aliases,
    IPoseidonT16Aliases,
    IPoseidonT17Aliases,
    INoirPoseidon2Aliases
{
    /// @notice The calldata has an unknown selector, is shorter than a selector, or its arguments do not
    /// decode (Stylus only: a Solidity contract reverts without data in these cases).
    /// @param selector The first four bytes of the calldata, zero-padded when shorter.
    error InvalidCalldata(bytes4 selector);

    /// @notice Poseidon2 t = 3 (HorizenLabs BN254 parameters) two-input sponge hash, equal to
    /// openzeppelin-crypto 0.3 `Poseidon2::<BN256Params, FpBN256>`: absorb(a), absorb(b), squeeze.
    function poseidon2(uint256 a, uint256 b) external view returns (uint256);
}
