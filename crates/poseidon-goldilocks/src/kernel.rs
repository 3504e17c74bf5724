//! Round kernels: one round of a permutation as one function body on wasm32.
//!
//! On Stylus a call costs 3,800 ink (plus 2,450 per block entered), a 64-bit load 680 and a
//! store 950, while locals and arithmetic cost 75–210. A round reads and writes all twelve
//! lanes many times; as one body the state is loaded once, every intermediate stays in wasm
//! locals, and the state is stored once. The round's constants arrive as scalar `u64`
//! parameters, so each call site passes them as `i64.const` immediates: indexing a `const`
//! table with compile-time indices never creates a data segment (which Stylus charges ~0.75 gas
//! per byte on every call). One body per kind of round keeps the module small (the unrolled
//! permutation would be ~100 KB); natively the body is simply inlined.

/// Declares a round kernel over a 12-lane state:
///
/// ```ignore
/// round_kernel! {
///     /// Docs.
///     fn name(state, constants: [i64; N]) { /* body: reads and writes `state: &mut [u64; 12]` */ }
/// }
/// ```
///
/// called as `name(&mut state, &TABLE[literal])` (constants of any `Copy` scalar type).
macro_rules! round_kernel {
    (
        $(#[$doc:meta])*
        fn $name:ident($state:ident, $consts:ident: [$ty:ty; $n:literal]) $body:block
    ) => {
        $(#[$doc])*
        #[cfg(target_arch = "wasm32")]
        #[inline(always)]
        fn $name($state: &mut [u64; 12], $consts: &[$ty; $n]) {
            seq_macro::seq!(K in 0..$n {
                #[inline(never)]
                #[allow(clippy::too_many_arguments)]
                fn kernel($state: &mut [u64; 12], #(c~K: $ty,)*) {
                    let $consts: [$ty; $n] = [#(c~K,)*];
                    $body
                }
                kernel($state, #($consts[K],)*);
            });
        }

        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        #[inline(always)]
        fn $name($state: &mut [u64; 12], $consts: &[$ty; $n]) {
            let $consts: [$ty; $n] = *$consts;
            $body
        }
    };
}
pub(crate) use round_kernel;
