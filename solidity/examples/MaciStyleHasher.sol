// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {
    IPoseidonT3Hasher,
    IPoseidonT4Hasher,
    IPoseidonT5Hasher,
    IPoseidonT6Hasher
} from "../IStylusPoseidon.sol";
import {PoseidonHasher} from "../PoseidonHasher.sol";

/// @title MACI-style hashing from Stylus programs, one program per circomlib width
/// @notice The hash functions a MACI-style voting app calls (state leaves, messages, ballots, tree
/// nodes): circomlib Poseidon of 2 to 5 inputs, `hash2` … `hash5` with fixed-size arrays as MACI's
/// `Hasher` takes them, and `hashLeftRight` for its trees. Each width comes from its own deployed Stylus
/// program (`poseidon_stylus.wasm`, `poseidon_stylus_hash3.wasm`, `poseidon_stylus_hash4.wasm`,
/// `poseidon_stylus_hash5.wasm`), and each returns what poseidon-solidity's `PoseidonT3` … `PoseidonT6`
/// return for the same inputs, at a fraction of their gas on Arbitrum.
/// An input >= p reverts with the program's `InputNotInField(position, value)`, re-thrown unchanged.
contract MaciStyleHasher {
    using PoseidonHasher for IPoseidonT3Hasher;
    using PoseidonHasher for IPoseidonT4Hasher;
    using PoseidonHasher for IPoseidonT5Hasher;
    using PoseidonHasher for IPoseidonT6Hasher;

    /// @notice The program for 2 inputs (t = 3).
    IPoseidonT3Hasher public immutable t3;
    /// @notice The program for 3 inputs (t = 4).
    IPoseidonT4Hasher public immutable t4;
    /// @notice The program for 4 inputs (t = 5).
    IPoseidonT5Hasher public immutable t5;
    /// @notice The program for 5 inputs (t = 6).
    IPoseidonT6Hasher public immutable t6;

    constructor(IPoseidonT3Hasher t3_, IPoseidonT4Hasher t4_, IPoseidonT5Hasher t5_, IPoseidonT6Hasher t6_) {
        (t3, t4, t5, t6) = (t3_, t4_, t5_, t6_);
    }

    /// @notice circomlib Poseidon of 2 inputs (poseidon-solidity `PoseidonT3.hash`).
    function hash2(uint256[2] memory array) public view returns (uint256) {
        return t3.hashT3(array[0], array[1]);
    }

    /// @notice circomlib Poseidon of 3 inputs (poseidon-solidity `PoseidonT4.hash`).
    function hash3(uint256[3] memory array) public view returns (uint256) {
        return t4.hashT4(array[0], array[1], array[2]);
    }

    /// @notice circomlib Poseidon of 4 inputs (poseidon-solidity `PoseidonT5.hash`).
    function hash4(uint256[4] memory array) public view returns (uint256) {
        return t5.hashT5(array[0], array[1], array[2], array[3]);
    }

    /// @notice circomlib Poseidon of 5 inputs (poseidon-solidity `PoseidonT6.hash`).
    function hash5(uint256[5] memory array) public view returns (uint256) {
        return t6.hashT6(array[0], array[1], array[2], array[3], array[4]);
    }

    /// @notice A binary tree node: `hash2([left, right])`.
    function hashLeftRight(uint256 left, uint256 right) public view returns (uint256) {
        return t3.hashT3(left, right);
    }

    /// @notice A state leaf in the shape MACI gives it: the voter's public key, voice credits and
    /// sign-up time, `hash4([pubKeyX, pubKeyY, voiceCreditBalance, timestamp])`.
    function hashStateLeaf(uint256 pubKeyX, uint256 pubKeyY, uint256 voiceCreditBalance, uint256 timestamp)
        public
        view
        returns (uint256)
    {
        return t5.hashT5(pubKeyX, pubKeyY, voiceCreditBalance, timestamp);
    }

    /// @notice A message leaf in the shape MACI gives it: a 10-word encrypted message hashed in two
    /// halves of five, then with the sender's ephemeral public key:
    /// `hash4([hash5(data[0..5]), hash5(data[5..10]), encPubKeyX, encPubKeyY])`.
    function hashMessage(uint256[10] memory data, uint256 encPubKeyX, uint256 encPubKeyY)
        public
        view
        returns (uint256)
    {
        uint256 low = t6.hashT6(data[0], data[1], data[2], data[3], data[4]);
        uint256 high = t6.hashT6(data[5], data[6], data[7], data[8], data[9]);
        return t5.hashT5(low, high, encPubKeyX, encPubKeyY);
    }
}
