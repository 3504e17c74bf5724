//! The macro that turns the selector table (`selectors.rs`, generated: one `(call, function)` row
//! per selector, one block per cargo feature) into the `Function` enum, the dispatcher's `match`
//! and the table of rows (`ROUTES` of `Route`, with the `std` feature). The table invokes it; this
//! module names nothing of the table.

use alloy_sol_types::SolCall;

/// A call's selector as the little-endian `u32` of its bytes: on wasm32 that is the plain load of
/// the calldata's first four bytes (a big-endian `u32` costs eight more instructions per call).
pub trait Le {
    /// `u32::from_le_bytes(SELECTOR)`.
    const LE: u32;
}

impl<C: SolCall> Le for C {
    const LE: u32 = u32::from_le_bytes(C::SELECTOR);
}

/// The `interface` of our own functions' rows (the others are other projects' selectors).
#[cfg(any(test, feature = "std"))]
pub const OURS: &str = "stylus-poseidon";

/// One row of the table, `F` the table's function enum (`selectors::Function`; generic so that this
/// module does not depend on the table it makes).
#[cfg(any(test, feature = "std"))]
pub struct Route<F> {
    /// The first four bytes of keccak256(signature).
    pub selector: [u8; 4],
    /// The Solidity signature, e.g. `hash(uint256[2])`.
    pub signature: &'static str,
    /// The function it calls.
    pub function: F,
    /// Whose interface it belongs to ([`OURS`], `poseidon-solidity`, `circomlibjs`, `poseidon2-evm`).
    pub interface: &'static str,
    /// Its JSON ABI, as `sol!` read it from the Solidity interface (for `export-abi`).
    pub abi: fn() -> alloy_json_abi::Function,
}

#[cfg(any(test, feature = "std"))]
impl<F> Route<F> {
    /// The row of call `C`.
    pub const fn of<C: SolCall + alloy_sol_types::JsonAbiExt<Abi = alloy_json_abi::Function>>(
        function: F,
        interface: &'static str,
    ) -> Self {
        Self {
            selector: C::SELECTOR,
            signature: C::SIGNATURE,
            function,
            interface,
            abi: C::abi,
        }
    }
}

/// `routes! { "feature" { /// doc
/// Variant { path::to::fooCall: "interface", ... } ... } ... }`: each row once; the feature's
/// `cfg` is written once per block and repeated here on every variant, arm and row.
macro_rules! routes {
    ($($feature:tt {
        $($(#[doc = $doc:literal])* $variant:ident { $($call:path : $interface:literal),+ $(,)? })*
    })*) => {
        /// A function of the programs: what a selector calls.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Function {
            $($($(#[doc = $doc])* #[cfg(any(test, feature = $feature))] $variant,)*)*
        }

        /// The function `selector` calls in this build, or `None` for a selector it does not answer.
        #[inline(always)]
        pub fn function(selector: [u8; 4]) -> Option<Function> {
            match u32::from_le_bytes(selector) {
                $($(
                    #[cfg(any(test, feature = $feature))]
                    $(<$call as $crate::routes::Le>::LE)|+ => Some(Function::$variant),
                )*)*
                _ => None,
            }
        }

        /// One row of the table.
        #[cfg(any(test, feature = "std"))]
        pub type Route = $crate::routes::Route<Function>;

        /// Every row of the table in this build (for the exported ABI and the tests).
        #[cfg(any(test, feature = "std"))]
        pub const ROUTES: &[Route] = &[
            $($($(
                #[cfg(any(test, feature = $feature))]
                $crate::routes::Route::of::<$call>(Function::$variant, $interface),
            )+)*)*
        ];
    };
}
pub(crate) use routes;
