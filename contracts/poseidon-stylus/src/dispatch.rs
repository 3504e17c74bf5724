//! Selector dispatch: calldata in, return data or revert data out. Pure (no host calls), so
//! native tests exercise exactly what the deployed program runs.
//!
//! Hand-written instead of stylus-sdk's `#[public]` router because the router reverts with empty
//! data when arguments do not decode; here every failure is a custom error.

use alloc::vec::Vec;

use alloy_sol_types::{SolCall, SolInterface};

use crate::abi::IPoseidonErrors::{IPoseidonErrorsErrors as Revert, InvalidCalldata};
#[allow(unused_imports)] // which groups are used depends on the enabled features
use crate::{abi, functions};

/// Runs the call encoded in `calldata`: `Ok(return data)` or `Err(revert data)`, the revert data
/// being one of the `IPoseidonErrors` custom errors, ABI-encoded.
pub fn dispatch(calldata: &[u8]) -> Result<Vec<u8>, Vec<u8>> {
    route(calldata).map_err(|revert| revert.abi_encode())
}

/// The first four bytes of the calldata, zero-padded when it is shorter.
fn selector_of(calldata: &[u8]) -> [u8; 4] {
    let mut selector = [0u8; 4];
    let len = calldata.len().min(4);
    selector[..len].copy_from_slice(&calldata[..len]);
    selector
}

fn invalid_calldata(calldata: &[u8]) -> Revert {
    Revert::InvalidCalldata(InvalidCalldata {
        selector: selector_of(calldata).into(),
    })
}

/// Decodes the arguments of `C` (the selector is already known to match), runs `body`, and
/// ABI-encodes its return value.
#[inline(always)]
#[allow(dead_code)] // unused only in a build with no function group enabled
fn call<C: SolCall>(
    calldata: &[u8],
    body: impl FnOnce(C) -> Result<C::Return, Revert>,
) -> Result<Vec<u8>, Revert> {
    // The router matched the selector already; `abi_decode_raw` skips re-checking it (and the
    // signature string its error message would keep in a data segment).
    let args = C::abi_decode_raw(&calldata[4..]).map_err(|_| invalid_calldata(calldata))?;
    body(args).map(|ret| C::abi_encode_returns(&ret))
}

fn route(calldata: &[u8]) -> Result<Vec<u8>, Revert> {
    // A zero-padded short selector must not match a real one whose last bytes are zero.
    if calldata.len() < 4 {
        return Err(invalid_calldata(calldata));
    }
    match selector_of(calldata) {
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::hashCall::SELECTOR => {
            call::<abi::IPoseidonT3::hashCall>(calldata, |c| functions::hash2(&c.a, &c.b))
        }
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::rootFromPathCall::SELECTOR => {
            call::<abi::IPoseidonT3::rootFromPathCall>(calldata, |c| {
                functions::root_from_path(&c.leaf, &c.siblings, &c.pathBits)
            })
        }
        #[cfg(any(test, feature = "hash2"))]
        abi::IPoseidonT3::hashPairsCall::SELECTOR => {
            call::<abi::IPoseidonT3::hashPairsCall>(calldata, |c| functions::hash_pairs(&c.flat))
        }
        #[cfg(any(test, feature = "poseidon2"))]
        abi::IPoseidon2::poseidon2Call::SELECTOR => {
            call::<abi::IPoseidon2::poseidon2Call>(calldata, |c| functions::poseidon2(&c.a, &c.b))
        }
        #[cfg(any(test, feature = "hash1"))]
        abi::IPoseidonT2::hashCall::SELECTOR => {
            call::<abi::IPoseidonT2::hashCall>(calldata, |c| functions::hash1(&c.a))
        }
        #[cfg(any(test, feature = "hash3"))]
        abi::IPoseidonT4::hashCall::SELECTOR => {
            call::<abi::IPoseidonT4::hashCall>(calldata, |c| functions::hash3(&c.a, &c.b, &c.c))
        }
        #[cfg(any(test, feature = "hash4"))]
        abi::IPoseidonT5::hashCall::SELECTOR => call::<abi::IPoseidonT5::hashCall>(calldata, |c| {
            functions::hash4(&c.a, &c.b, &c.c, &c.d)
        }),
        _ => Err(invalid_calldata(calldata)),
    }
}
