//! The exported Stylus entry point (wasm32 only; native builds test [`crate::dispatch::dispatch`]
//! directly).
//!
//! Written out instead of stylus-sdk's `#[entrypoint]` so that the program has no reachable
//! panic: the macro's `Vec::with_capacity(len)` can overflow for all the compiler knows, and
//! mini-alloc may return null, and either path links std's panic and formatting machinery,
//! whose strings and tables are data segments, which Stylus charges ~0.75 gas per byte on every
//! call (what they cost is in `crates/poseidon-bn254/CHANGELOG.md`). The steps are the macro's,
//! minus two that a pure program does not need: the reentrancy check (nothing here calls out or
//! keeps state) and the storage-cache flush (no storage).

use stylus_sdk::hostio;

/// The program: calldata in, return data (status 0) or revert data (status 1) out.
#[no_mangle]
pub extern "C" fn user_entrypoint(len: usize) -> usize {
    // SAFETY: a no-op call that keeps the `pay_for_memory_grow` import, which Nitro's
    // instrumentation calls whenever memory grows (activation fails without it), as the SDK does.
    unsafe { hostio::pay_for_memory_grow(0) };
    // Larger calldata cannot exist on chain; the bound lets the compiler drop the capacity-overflow
    // panic of `with_capacity` below.
    if len > isize::MAX as usize {
        return 1;
    }
    let mut calldata = alloc::vec::Vec::with_capacity(len);
    // SAFETY: `read_args` writes exactly the `len` calldata bytes into the reserved capacity.
    unsafe {
        hostio::read_args(calldata.as_mut_ptr());
        calldata.set_len(len);
    }
    let (output, status) = match crate::dispatch::dispatch(&calldata) {
        Ok(data) => (data, 0),
        Err(data) => (data, 1),
    };
    // SAFETY: `output` is a live buffer of `output.len()` bytes.
    unsafe { hostio::write_result(output.as_ptr(), output.len()) };
    status
}
