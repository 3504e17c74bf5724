//! Selector dispatch: calldata in, return data or revert data out. Pure (no host calls), so
//! native tests exercise exactly what the deployed program runs.
//!
//! Hand-written instead of stylus-sdk's `#[public]` router because the router reverts with empty
//! data when arguments do not decode; here every failure is a custom error. Selectors and errors
//! come from the `sol!` declarations in [`crate::abi`]; arguments are read in place
//! ([`crate::calldata`]) and results encoded by [`crate::returndata`], neither of which can panic.

use alloc::vec::Vec;

#[allow(unused_imports)] // unused in a build with only the Goldilocks functions
use alloy_sol_types::SolCall;

use crate::abi::{IPoseidonErrors::InvalidCalldata, Revert};
#[allow(unused_imports)] // which groups are used depends on the enabled features
use crate::{abi, calldata::Args, functions, returndata};

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
    let args = Args::new(args);
    // `None` from an argument read: the calldata does not decode.
    #[allow(unused_variables)] // unused in a build with only the Goldilocks functions
    let decoded = |result: Option<Result<Vec<u8>, Revert>>| {
        result.unwrap_or_else(|| Err(invalid_calldata(calldata)))
    };
    #[cfg(any(test, feature = "goldilocks"))]
    if let Some(outcome) = crate::goldilocks::route(*selector, &args) {
        return outcome;
    }
    match *selector {
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::hashCall::SELECTOR => decoded((|| {
            let (a, b) = (args.word(0)?, args.word(1)?);
            Some(functions::hash2(a, b).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::rootFromPathCall::SELECTOR => decoded((|| {
            let (leaf, siblings, path_bits) = (args.word(0)?, args.words(1)?, args.word(2)?);
            Some(functions::root_from_path(leaf, siblings, path_bits).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::nodesFromPathCall::SELECTOR => decoded((|| {
            let (leaf, siblings, path_bits) = (args.word(0)?, args.words(1)?, args.word(2)?);
            Some(functions::nodes_from_path(leaf, siblings, path_bits).map(|n| n.into_abi()))
        })()),
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::hashPairsCall::SELECTOR => decoded((|| {
            let flat = args.words(0)?;
            Some(functions::hash_pairs(flat).map(|out| out.into_abi()))
        })()),
        #[cfg(any(test, feature = "poseidon2"))]
        abi::IPoseidon2::poseidon2Call::SELECTOR => decoded((|| {
            let (a, b) = (args.word(0)?, args.word(1)?);
            Some(functions::poseidon2(a, b).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "poseidon2-t3"))]
        abi::IPoseidon2T3::poseidon2PermuteT3Call::SELECTOR => {
            decoded(args.static_words::<3>(0).map(|state| {
                crate::poseidon2::permute_t3(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "poseidon2-t3"))]
        abi::IPoseidon2T3::poseidon2CompressT3Call::SELECTOR => decoded(
            args.static_words::<3>(0)
                .map(|inputs| crate::poseidon2::compress_t3(inputs).map(returndata::word)),
        ),
        #[cfg(any(test, feature = "noir"))]
        abi::INoirPoseidon2::noirHashCall::SELECTOR => decoded(
            args.words(0)
                .map(|inputs| crate::poseidon2::noir_hash(inputs).map(returndata::word)),
        ),
        #[cfg(any(test, feature = "noir"))]
        abi::INoirPoseidon2::noirHash2Call::SELECTOR => decoded((|| {
            let (a, b) = (args.word(0)?, args.word(1)?);
            Some(crate::poseidon2::noir_hash2(a, b).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "noir"))]
        abi::INoirPoseidon2::poseidon2PermuteT4Call::SELECTOR => {
            decoded(args.static_words::<4>(0).map(|state| {
                crate::poseidon2::permute_t4(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "noir"))]
        abi::INoirPoseidon2::poseidon2CompressT4Call::SELECTOR => decoded(
            args.static_words::<4>(0)
                .map(|inputs| crate::poseidon2::compress_t4(inputs).map(returndata::word)),
        ),
        #[cfg(any(test, feature = "poseidon2-t2"))]
        abi::IPoseidon2T2::poseidon2PermuteT2Call::SELECTOR => {
            decoded(args.static_words::<2>(0).map(|state| {
                crate::poseidon2::permute_t2(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "poseidon2-t2"))]
        abi::IPoseidon2T2::poseidon2CompressT2Call::SELECTOR => decoded(
            args.static_words::<2>(0)
                .map(|inputs| crate::poseidon2::compress_t2(inputs).map(returndata::word)),
        ),
        #[cfg(any(test, feature = "poseidon2-codex"))]
        abi::IPoseidon2Codex::poseidon2CodexPermuteT2Call::SELECTOR => {
            decoded(args.static_words::<2>(0).map(|state| {
                crate::poseidon2::codex_permute_t2(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "poseidon2-codex"))]
        abi::IPoseidon2Codex::poseidon2CodexPermuteT3Call::SELECTOR => {
            decoded(args.static_words::<3>(0).map(|state| {
                crate::poseidon2::codex_permute_t3(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "poseidon2-codex"))]
        abi::IPoseidon2Codex::poseidon2CodexPermuteT4Call::SELECTOR => {
            decoded(args.static_words::<4>(0).map(|state| {
                crate::poseidon2::codex_permute_t4(state).map(|out| returndata::words(&out))
            }))
        }
        #[cfg(any(test, feature = "hash1"))]
        abi::IPoseidonT2::hashCall::SELECTOR => decoded((|| {
            let a = args.word(0)?;
            Some(functions::hash1(a).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "hash3"))]
        abi::IPoseidonT4::hashCall::SELECTOR => decoded((|| {
            let (a, b, c) = (args.word(0)?, args.word(1)?, args.word(2)?);
            Some(functions::hash3(a, b, c).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "hash4"))]
        abi::IPoseidonT5::hashCall::SELECTOR => decoded((|| {
            let (a, b, c, d) = (args.word(0)?, args.word(1)?, args.word(2)?, args.word(3)?);
            Some(functions::hash4(a, b, c, d).map(returndata::word))
        })()),
        #[cfg(any(test, feature = "hash5"))]
        abi::IPoseidonT6::hashCall::SELECTOR => decoded((|| {
            let (a, b, c) = (args.word(0)?, args.word(1)?, args.word(2)?);
            let (d, e) = (args.word(3)?, args.word(4)?);
            Some(functions::hash5(a, b, c, d, e).map(returndata::word))
        })()),
        _ => Err(invalid_calldata(calldata)),
    }
}
