//! Selector dispatch: calldata in, return data or revert data out. Pure (no host calls), so
//! native tests exercise exactly what the deployed program runs.
//!
//! Hand-written instead of stylus-sdk's `#[public]` router because the router reverts with empty
//! data when arguments do not decode; here every failure is a custom error. Selectors and errors
//! come from the selector table ([`crate::selectors`], generated from `contracts/selectors.json`:
//! ours and the other projects' selectors of the same function) and errors from the `sol!`
//! declarations in [`crate::abi`]; arguments are read in place ([`crate::calldata`]) and results
//! encoded by [`crate::returndata`], neither of which can panic.

use alloc::vec::Vec;

use crate::abi::{IStylusPoseidon::InvalidCalldata, Revert};
use crate::calldata::Args;
#[cfg(any(
    test,
    feature = "goldilocks",
    feature = "miden-poseidon2",
    feature = "rpo",
    feature = "rpx"
))]
use crate::goldilocks;
#[cfg(any(test, feature = "miden-poseidon2", feature = "rpo", feature = "rpx"))]
use crate::miden;
#[cfg(any(test, feature = "mimc"))]
use crate::mimc;
#[cfg(any(
    test,
    feature = "noir",
    feature = "poseidon2-t3",
    feature = "poseidon2-t2",
    feature = "poseidon2-codex"
))]
use crate::poseidon2;
use crate::selectors::{self, Function};
#[allow(unused_imports)] // which groups are used depends on the enabled features
use crate::{functions, returndata};
#[cfg(any(test, feature = "miden-poseidon2"))]
use poseidon_goldilocks::poseidon2::plonky3::Plonky3;
#[cfg(any(test, feature = "rpo"))]
use poseidon_goldilocks::rescue::Rpo;
#[cfg(any(test, feature = "rpx"))]
use poseidon_goldilocks::rescue::Rpx;
#[cfg(any(test, feature = "goldilocks"))]
use poseidon_goldilocks::{poseidon::Poseidon, poseidon2::Poseidon2};

/// Runs the call encoded in `calldata`: `Ok(return data)` or `Err(revert data)`, the revert data
/// being one of the `IPoseidonErrors` custom errors, ABI-encoded.
pub fn dispatch(calldata: &[u8]) -> Result<Vec<u8>, Vec<u8>> {
    route(calldata).map_err(|revert| returndata::revert(&revert))
}

/// `InvalidCalldata` with the first four bytes of the calldata, zero-padded when shorter.
fn invalid_calldata(calldata: &[u8]) -> Revert {
    let mut selector = [0u8; 4];
    for (byte, value) in selector.iter_mut().zip(calldata) {
        *byte = *value;
    }
    Revert::InvalidCalldata(InvalidCalldata {
        selector: selector.into(),
    })
}

fn route(calldata: &[u8]) -> Result<Vec<u8>, Revert> {
    // A zero-padded short selector must not match a real one whose last bytes are zero.
    let Some((selector, args)) = calldata.split_first_chunk::<4>() else {
        return Err(invalid_calldata(calldata));
    };
    let Some(function) = selectors::function(*selector) else {
        return Err(invalid_calldata(calldata));
    };
    // `None`: the arguments do not decode.
    call(function, &Args::new(args)).unwrap_or_else(|| Err(invalid_calldata(calldata)))
}

/// Runs `function` on the arguments: `None` when they do not decode. Every selector of a function
/// reads the same argument bytes (`contracts/selectors.json` checks it), so each arm is the
/// function's, whichever interface's selector called it.
#[inline(always)]
fn call(function: Function, args: &Args) -> Option<Result<Vec<u8>, Revert>> {
    Some(match function {
        #[cfg(any(test, feature = "hash2"))]
        Function::Hash2 => {
            let (a, b) = (args.word(0)?, args.word(1)?);
            functions::hash2(a, b).map(returndata::word)
        }
        #[cfg(any(test, feature = "merkle"))]
        Function::RootFromPath => {
            let (leaf, siblings, path_bits) = (args.word(0)?, args.words(1)?, args.word(2)?);
            functions::root_from_path(leaf, siblings, path_bits).map(returndata::word)
        }
        #[cfg(any(test, feature = "merkle"))]
        Function::NodesFromPath => {
            let (leaf, siblings, path_bits) = (args.word(0)?, args.words(1)?, args.word(2)?);
            functions::nodes_from_path(leaf, siblings, path_bits).map(|n| n.into_abi())
        }
        #[cfg(any(test, feature = "merkle"))]
        Function::HashPairs => functions::hash_pairs(args.words(0)?).map(|out| out.into_abi()),
        #[cfg(any(test, feature = "poseidon2"))]
        Function::Poseidon2 => {
            let (a, b) = (args.word(0)?, args.word(1)?);
            functions::poseidon2(a, b).map(returndata::word)
        }
        #[cfg(any(test, feature = "poseidon2-t3"))]
        Function::Poseidon2PermuteT3 => {
            poseidon2::permute_t3(args.static_words::<3>(0)?).map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "poseidon2-t3"))]
        Function::Poseidon2CompressT3 => {
            poseidon2::compress_t3(args.static_words::<3>(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "noir"))]
        Function::NoirHash => poseidon2::noir_hash(args.words(0)?).map(returndata::word),
        // poseidon2-evm's hash_1 and hash_3: Noir's hash of their one or three head words.
        #[cfg(any(test, feature = "noir"))]
        Function::NoirHash1 => {
            poseidon2::noir_hash(args.static_words::<1>(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "noir"))]
        Function::NoirHash2 => {
            let (a, b) = (args.word(0)?, args.word(1)?);
            poseidon2::noir_hash2(a, b).map(returndata::word)
        }
        #[cfg(any(test, feature = "noir"))]
        Function::NoirHash3 => {
            poseidon2::noir_hash(args.static_words::<3>(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "noir"))]
        Function::Poseidon2PermuteT4 => {
            poseidon2::permute_t4(args.static_words::<4>(0)?).map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "noir"))]
        Function::Poseidon2CompressT4 => {
            poseidon2::compress_t4(args.static_words::<4>(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "poseidon2-t2"))]
        Function::Poseidon2PermuteT2 => {
            poseidon2::permute_t2(args.static_words::<2>(0)?).map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "poseidon2-t2"))]
        Function::Poseidon2CompressT2 => {
            poseidon2::compress_t2(args.static_words::<2>(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "poseidon2-codex"))]
        Function::Poseidon2CodexPermuteT2 => {
            poseidon2::codex_permute_t2(args.static_words::<2>(0)?)
                .map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "poseidon2-codex"))]
        Function::Poseidon2CodexPermuteT3 => {
            poseidon2::codex_permute_t3(args.static_words::<3>(0)?)
                .map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "poseidon2-codex"))]
        Function::Poseidon2CodexPermuteT4 => {
            poseidon2::codex_permute_t4(args.static_words::<4>(0)?)
                .map(|out| returndata::words(&out))
        }
        #[cfg(any(test, feature = "hash1"))]
        Function::Hash1 => functions::hash1(args.word(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash3"))]
        Function::Hash3 => {
            let (a, b, c) = (args.word(0)?, args.word(1)?, args.word(2)?);
            functions::hash3(a, b, c).map(returndata::word)
        }
        #[cfg(any(test, feature = "hash4"))]
        Function::Hash4 => {
            let (a, b, c, d) = (args.word(0)?, args.word(1)?, args.word(2)?, args.word(3)?);
            functions::hash4(a, b, c, d).map(returndata::word)
        }
        #[cfg(any(test, feature = "hash5"))]
        Function::Hash5 => {
            let (a, b, c) = (args.word(0)?, args.word(1)?, args.word(2)?);
            let (d, e) = (args.word(3)?, args.word(4)?);
            functions::hash5(a, b, c, d, e).map(returndata::word)
        }
        #[cfg(any(test, feature = "hash6"))]
        Function::Hash6 => functions::hash6(args.static_words::<6>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash7"))]
        Function::Hash7 => functions::hash7(args.static_words::<7>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash8"))]
        Function::Hash8 => functions::hash8(args.static_words::<8>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash9"))]
        Function::Hash9 => functions::hash9(args.static_words::<9>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash10"))]
        Function::Hash10 => functions::hash10(args.static_words::<10>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash11"))]
        Function::Hash11 => functions::hash11(args.static_words::<11>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash12"))]
        Function::Hash12 => functions::hash12(args.static_words::<12>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash13"))]
        Function::Hash13 => functions::hash13(args.static_words::<13>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash14"))]
        Function::Hash14 => functions::hash14(args.static_words::<14>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash15"))]
        Function::Hash15 => functions::hash15(args.static_words::<15>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash16"))]
        Function::Hash16 => functions::hash16(args.static_words::<16>(0)?).map(returndata::word),
        #[cfg(any(test, feature = "hash6"))]
        Function::PoseidonSponge => {
            functions::poseidon_sponge(args.words(0)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "mimc"))]
        Function::MimcSpongeTornado => {
            let (xl, xr) = (args.word(0)?, args.word(1)?);
            mimc::mimc_sponge(xl, xr, None)
        }
        #[cfg(any(test, feature = "mimc"))]
        Function::MimcSponge => {
            let (xl, xr, k) = (args.word(0)?, args.word(1)?, args.word(2)?);
            mimc::mimc_sponge(xl, xr, Some(k))
        }
        #[cfg(any(test, feature = "mimc"))]
        Function::Mimc7 => mimc::mimc7(args.word(0)?, args.word(1)?).map(returndata::word),
        #[cfg(any(test, feature = "mimc"))]
        Function::HashLeftRight => {
            mimc::hash_left_right(args.word(0)?, args.word(1)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "mimc"))]
        Function::MimcSpongeMultiHash => {
            let (inputs, key, outputs) = (args.words(0)?, args.word(1)?, args.word(2)?);
            mimc::mimc_sponge_multi_hash(inputs, key, outputs)
        }
        #[cfg(any(test, feature = "mimc"))]
        Function::Mimc7MultiHash => {
            mimc::mimc7_multi_hash(args.words(0)?, args.word(1)?).map(returndata::word)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPermute => goldilocks::permute::<Poseidon>(args.uint64_array(0)?),
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksHashNoPad => goldilocks::hash_no_pad::<Poseidon>(args.uint64s(0)?),
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksHashOrNoop => goldilocks::hash_or_noop::<Poseidon>(args.uint64s(0)?),
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksTwoToOne => {
            let (left, right) = (args.uint64_array(0)?, args.uint64_array(4)?);
            goldilocks::two_to_one::<Poseidon>(left, right)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksRootFromPath => {
            let (leaf, siblings) = (args.uint64s(0)?, args.uint64_groups(1)?);
            goldilocks::root_from_path::<Poseidon>(leaf, siblings, args.word(2)?)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksVerifyMerkleProofToCap => {
            let (leaf, leaf_index) = (args.uint64s(0)?, args.word(1)?);
            let (cap, siblings) = (args.uint64_groups(2)?, args.uint64_groups(3)?);
            goldilocks::verify_to_cap::<Poseidon>(leaf, leaf_index, cap, siblings)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2Permute => {
            goldilocks::permute::<Poseidon2>(args.uint64_array(0)?)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2HashNoPad => {
            goldilocks::hash_no_pad::<Poseidon2>(args.uint64s(0)?)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2HashOrNoop => {
            goldilocks::hash_or_noop::<Poseidon2>(args.uint64s(0)?)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2TwoToOne => {
            let (left, right) = (args.uint64_array(0)?, args.uint64_array(4)?);
            goldilocks::two_to_one::<Poseidon2>(left, right)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2RootFromPath => {
            let (leaf, siblings) = (args.uint64s(0)?, args.uint64_groups(1)?);
            goldilocks::root_from_path::<Poseidon2>(leaf, siblings, args.word(2)?)
        }
        #[cfg(any(test, feature = "goldilocks"))]
        Function::GoldilocksPoseidon2VerifyMerkleProofToCap => {
            let (leaf, leaf_index) = (args.uint64s(0)?, args.word(1)?);
            let (cap, siblings) = (args.uint64_groups(2)?, args.uint64_groups(3)?);
            goldilocks::verify_to_cap::<Poseidon2>(leaf, leaf_index, cap, siblings)
        }
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2Permute => goldilocks::permute::<Plonky3>(args.uint64_array(0)?),
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2HashElements => miden::hash_elements::<Plonky3>(args.uint64s(0)?),
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2HashBytes => miden::hash_bytes::<Plonky3>(args.bytes(0)?),
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2Merge => {
            miden::merge::<Plonky3>(args.uint64_array(0)?, args.uint64_array(4)?)
        }
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2MergeInDomain => {
            let (left, right) = (args.uint64_array(0)?, args.uint64_array(4)?);
            miden::merge_in_domain::<Plonky3>(left, right, args.uint64_array(8)?)
        }
        #[cfg(any(test, feature = "miden-poseidon2"))]
        Function::MidenPoseidon2RootFromPath => {
            let (leaf, siblings) = (args.uint64_array(0)?, args.uint64_groups(4)?);
            miden::root_from_path::<Plonky3>(leaf, siblings, args.word(5)?)
        }
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoPermute => goldilocks::permute::<Rpo>(args.uint64_array(0)?),
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoHashElements => miden::hash_elements::<Rpo>(args.uint64s(0)?),
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoHashBytes => miden::hash_bytes::<Rpo>(args.bytes(0)?),
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoMerge => miden::merge::<Rpo>(args.uint64_array(0)?, args.uint64_array(4)?),
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoMergeInDomain => {
            let (left, right) = (args.uint64_array(0)?, args.uint64_array(4)?);
            miden::merge_in_domain::<Rpo>(left, right, args.uint64_array(8)?)
        }
        #[cfg(any(test, feature = "rpo"))]
        Function::RpoRootFromPath => {
            let (leaf, siblings) = (args.uint64_array(0)?, args.uint64_groups(4)?);
            miden::root_from_path::<Rpo>(leaf, siblings, args.word(5)?)
        }
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxPermute => goldilocks::permute::<Rpx>(args.uint64_array(0)?),
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxHashElements => miden::hash_elements::<Rpx>(args.uint64s(0)?),
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxHashBytes => miden::hash_bytes::<Rpx>(args.bytes(0)?),
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxMerge => miden::merge::<Rpx>(args.uint64_array(0)?, args.uint64_array(4)?),
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxMergeInDomain => {
            let (left, right) = (args.uint64_array(0)?, args.uint64_array(4)?);
            miden::merge_in_domain::<Rpx>(left, right, args.uint64_array(8)?)
        }
        #[cfg(any(test, feature = "rpx"))]
        Function::RpxRootFromPath => {
            let (leaf, siblings) = (args.uint64_array(0)?, args.uint64_groups(4)?);
            miden::root_from_path::<Rpx>(leaf, siblings, args.word(5)?)
        }
    })
}
