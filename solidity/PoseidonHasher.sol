// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {
    INoirPoseidon2Hasher,
    IPoseidonT2Hasher,
    IPoseidonT3Hasher,
    IPoseidonT4Hasher,
    IPoseidonT5Hasher,
    IPoseidonT6Hasher,
    IStylusPoseidon
} from "./IStylusPoseidon.sol";

/// @title One-line calls to a deployed Poseidon hasher (the Stylus contract or a Solidity/Yul one)
/// @notice Usage:
///     using PoseidonHasher for IPoseidonT3Hasher;
///     uint256 h = hasher.hashT3(a, b);
/// (also `hasher.computeRoot(leaf, siblings, pathBits)`, `hasher.computePathNodes(leaf, siblings,
/// pathBits)`, `hasher.hashT3Pairs(flat)`, on Stylus the T3 Merkle program's, `POSEIDON_STYLUS_MERKLE`; and with `using PoseidonHasher for IStylusPoseidon`,
/// `hasher.hashPoseidon2(a, b)`; with `using PoseidonHasher for INoirPoseidon2Hasher`,
/// `hasher.hashNoir(inputs)` and `hasher.hashNoir2(a, b)`; for the other circomlib widths, one program each,
/// `t2.hashT2(a)`, `t4.hashT4(a, b, c)`, `t5.hashT5(a, b, c, d)`, `t6.hashT6(a, b, c, d, e)` on an
/// `IPoseidonT2Hasher` … `IPoseidonT6Hasher`; the names differ from the interface's own functions so
/// `using` stays unambiguous).
/// Every call is a STATICCALL; a revert of the hasher (e.g. `InputNotInField`) is re-thrown with its
/// revert data unchanged, and an address that returns no word reverts `NotAPoseidonHasher`.
library PoseidonHasher {
    /// @notice `hasher` returned fewer bytes than the ABI requires, or an array not in the ABI's standard
    /// encoding (no code there, or not a hasher).
    error NotAPoseidonHasher(address hasher);

    /// @notice circomlib Poseidon T3 of (a, b) computed by `hasher`.
    /// @dev Encodes into scratch space and the free memory slot without allocating (restored below),
    /// which is what makes this cheaper than a high-level interface call.
    function hashT3(IPoseidonT3Hasher hasher, uint256 a, uint256 b) internal view returns (uint256 out) {
        bytes4 selector = IPoseidonT3Hasher.hash.selector;
        bytes4 notAHasher = NotAPoseidonHasher.selector;
        /// @solidity memory-safe-assembly
        assembly {
            let freePointer := mload(0x40)
            // calldata hash(a, b) at [0x00, 0x44): overwrites the free memory pointer, restored below.
            mstore(0x00, selector)
            mstore(0x04, a)
            mstore(0x24, b)
            let ok := staticcall(gas(), hasher, 0x00, 0x44, 0x00, 0x20)
            mstore(0x40, freePointer)
            if iszero(ok) {
                returndatacopy(freePointer, 0x00, returndatasize())
                revert(freePointer, returndatasize())
            }
            if lt(returndatasize(), 0x20) {
                mstore(0x00, notAHasher)
                mstore(0x04, hasher)
                revert(0x00, 0x24)
            }
            out := mload(0x00)
        }
    }

    /// @notice circomlib Poseidon T2 of (a) computed by `hasher` (`poseidon_stylus_hash1.wasm`).
    function hashT2(IPoseidonT2Hasher hasher, uint256 a) internal view returns (uint256) {
        return _hashWords(address(hasher), IPoseidonT2Hasher.hash.selector, 1, a, 0, 0, 0, 0);
    }

    /// @notice circomlib Poseidon T4 of (a, b, c) computed by `hasher` (`poseidon_stylus_hash3.wasm`).
    function hashT4(IPoseidonT4Hasher hasher, uint256 a, uint256 b, uint256 c)
        internal
        view
        returns (uint256)
    {
        return _hashWords(address(hasher), IPoseidonT4Hasher.hash.selector, 3, a, b, c, 0, 0);
    }

    /// @notice circomlib Poseidon T5 of (a, b, c, d) computed by `hasher` (`poseidon_stylus_hash4.wasm`).
    function hashT5(IPoseidonT5Hasher hasher, uint256 a, uint256 b, uint256 c, uint256 d)
        internal
        view
        returns (uint256)
    {
        return _hashWords(address(hasher), IPoseidonT5Hasher.hash.selector, 4, a, b, c, d, 0);
    }

    /// @notice circomlib Poseidon T6 of (a, b, c, d, e) computed by `hasher` (`poseidon_stylus_hash5.wasm`).
    function hashT6(IPoseidonT6Hasher hasher, uint256 a, uint256 b, uint256 c, uint256 d, uint256 e)
        internal
        view
        returns (uint256)
    {
        return _hashWords(address(hasher), IPoseidonT6Hasher.hash.selector, 5, a, b, c, d, e);
    }

    /// @notice Poseidon2 t = 3 of (a, b) computed by `hasher` (the Stylus contract or `PoseidonT3Yul`).
    function hashPoseidon2(IStylusPoseidon hasher, uint256 a, uint256 b) internal view returns (uint256) {
        return _decodeWord(address(hasher), abi.encodeCall(IStylusPoseidon.poseidon2, (a, b)));
    }

    /// @notice Noir's Poseidon2 hash of `inputs` (`Poseidon2::hash(inputs, inputs.length)`) computed by
    /// `hasher` (the Stylus program `poseidon_stylus_noir.wasm` or `NoirPoseidon2Yul`).
    function hashNoir(INoirPoseidon2Hasher hasher, uint256[] memory inputs) internal view returns (uint256) {
        return _decodeWord(address(hasher), abi.encodeCall(INoirPoseidon2Hasher.noirHash, (inputs)));
    }

    /// @notice Noir's Poseidon2 hash of (a, b) computed by `hasher`.
    function hashNoir2(INoirPoseidon2Hasher hasher, uint256 a, uint256 b) internal view returns (uint256) {
        return _decodeWord(address(hasher), abi.encodeCall(INoirPoseidon2Hasher.noirHash2, (a, b)));
    }

    /// @notice Merkle root from a leaf and its path, computed by `hasher` in one call.
    function computeRoot(IPoseidonT3Hasher hasher, uint256 leaf, uint256[] memory siblings, uint256 pathBits)
        internal
        view
        returns (uint256)
    {
        return _decodeWord(
            address(hasher), abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (leaf, siblings, pathBits))
        );
    }

    /// @notice Every node on the path from `leaf` to the root (nodes[i] at level i + 1, the root last),
    /// computed by `hasher` in one call: `nodesFromPath`.
    function computePathNodes(
        IPoseidonT3Hasher hasher,
        uint256 leaf,
        uint256[] memory siblings,
        uint256 pathBits
    ) internal view returns (uint256[] memory) {
        return _decodeWords(
            address(hasher), abi.encodeCall(IPoseidonT3Hasher.nodesFromPath, (leaf, siblings, pathBits))
        );
    }

    /// @notice out[i] = hash(flat[2i], flat[2i + 1]), computed by `hasher` in one call.
    function hashT3Pairs(IPoseidonT3Hasher hasher, uint256[] memory flat)
        internal
        view
        returns (uint256[] memory)
    {
        return _decodeWords(address(hasher), abi.encodeCall(IPoseidonT3Hasher.hashPairs, (flat)));
    }

    /// @dev STATICCALL of `selector` with the first `count` of (a, b, c, d, e) as arguments, returning
    /// the one word the hasher returns. The calldata is written at the free memory pointer without
    /// allocating (nothing is kept; words past `count` are written but not sent) and the result lands
    /// in scratch space; a revert is re-thrown with its data, a short answer is `NotAPoseidonHasher`.
    function _hashWords(
        address hasher,
        bytes4 selector,
        uint256 count,
        uint256 a,
        uint256 b,
        uint256 c,
        uint256 d,
        uint256 e
    ) private view returns (uint256 out) {
        bytes4 notAHasher = NotAPoseidonHasher.selector;
        /// @solidity memory-safe-assembly
        assembly {
            let input := mload(0x40)
            mstore(input, selector)
            mstore(add(input, 0x04), a)
            mstore(add(input, 0x24), b)
            mstore(add(input, 0x44), c)
            mstore(add(input, 0x64), d)
            mstore(add(input, 0x84), e)
            if iszero(staticcall(gas(), hasher, input, add(0x04, shl(5, count)), 0x00, 0x20)) {
                returndatacopy(input, 0x00, returndatasize())
                revert(input, returndatasize())
            }
            if lt(returndatasize(), 0x20) {
                mstore(0x00, notAHasher)
                mstore(0x04, hasher)
                revert(0x00, 0x24)
            }
            out := mload(0x00)
        }
    }

    function _decodeWord(address hasher, bytes memory data) private view returns (uint256) {
        bytes memory ret = _staticcall(hasher, data);
        if (ret.length < 0x20) revert NotAPoseidonHasher(hasher);
        return abi.decode(ret, (uint256));
    }

    /// @dev STATICCALL returning one `uint256[]`, decoded with a single copy: its ABI encoding is
    /// [0x20][length][length words], and [length][words] is already the memory layout of the array, so
    /// it is copied to free memory as is (abi.decode would copy the returndata, then each element again,
    /// a second copy of every word). Anything but exactly that encoding is `NotAPoseidonHasher`.
    function _decodeWords(address hasher, bytes memory data) private view returns (uint256[] memory words) {
        bytes4 notAHasher = NotAPoseidonHasher.selector;
        /// @solidity memory-safe-assembly
        assembly {
            let ok := staticcall(gas(), hasher, add(data, 0x20), mload(data), 0x00, 0x00)
            let size := returndatasize()
            words := mload(0x40)
            if iszero(ok) {
                returndatacopy(words, 0x00, size)
                revert(words, size)
            }
            // Offset and length words into scratch space; `length < 2^32` keeps the size sum exact.
            let length := 0
            if iszero(lt(size, 0x40)) {
                returndatacopy(0x00, 0x00, 0x40)
                length := mload(0x20)
            }
            if iszero(
                and(and(eq(mload(0x00), 0x20), lt(length, 0x100000000)), eq(size, add(0x40, shl(5, length))))
            ) {
                mstore(0x00, notAHasher)
                mstore(0x04, hasher)
                revert(0x00, 0x24)
            }
            returndatacopy(words, 0x20, sub(size, 0x20))
            mstore(0x40, add(words, sub(size, 0x20)))
        }
    }

    /// @dev STATICCALL that re-throws the callee's revert data unchanged.
    function _staticcall(address target, bytes memory data) private view returns (bytes memory ret) {
        bool ok;
        (ok, ret) = target.staticcall(data);
        if (!ok) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(ret, 0x20), mload(ret))
            }
        }
    }
}
