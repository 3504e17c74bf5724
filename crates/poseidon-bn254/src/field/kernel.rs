//! Fused round kernels: several field operations of one permutation round as one function body.
//!
//! On wasm32 every public [`Fr`] operation is a call to one shared body with its operands and
//! result in linear memory: per operation a call (3,800 ink, plus 2,450 per block entered) and,
//! for a 9-limb value, 9 loads (680 ink each) and 9 stores (950 each). A Poseidon round chains
//! 3–8 operations on the same lanes; fused, the state is loaded once, every intermediate stays
//! in wasm locals, and the state is stored once.
//!
//! [`round_kernel!`] declares such a round. Its body is written once against [`ops`] (always
//! inlined). On wasm32 it becomes an `#[inline(never)]` function whose constant operands arrive
//! as scalar `u64` parameters, so each call site passes them as `i64.const` immediates (no data
//! segment, see `shared` in `field/mod.rs`), behind an `#[inline(always)]` wrapper that takes
//! `&[Fr; N]`. Natively the body is simply inlined.

use super::Fr;

/// Limbs of the backend representation: the scalar parameters one constant takes on wasm32.
#[cfg(all(target_arch = "wasm32", use_u29x9))]
pub(crate) const LIMBS: usize = 9;
#[cfg(all(target_arch = "wasm32", not(use_u29x9)))]
pub(crate) const LIMBS: usize = 4;

// Natively the kernels are plain inlined bodies and never split constants into limbs.
#[cfg(target_arch = "wasm32")]
impl Fr {
    /// Limb `i` of the internal representation (a kernel's scalar parameter).
    #[inline(always)]
    pub(crate) const fn repr_limb(&self, i: usize) -> u64 {
        self.0[i]
    }

    /// `N` elements from `N · LIMBS` representation limbs, as [`Fr::repr_limb`] gave them.
    #[inline(always)]
    pub(crate) fn from_repr_limbs<const N: usize, const M: usize>(flat: [u64; M]) -> [Fr; N] {
        debug_assert_eq!(N * LIMBS, M);
        core::array::from_fn(|j| Fr(core::array::from_fn(|i| flat[j * LIMBS + i])))
    }
}

/// The field operations, always inlined: the building blocks of a kernel body. Same results as
/// the [`Fr`] methods of the same names.
pub(crate) mod ops {
    use super::super::backend;
    use super::Fr;

    /// a + b.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::add(&a.0, &b.0))
    }

    /// a + b without reducing: a chain of these ends in [`reduce`] or a product; values stay
    /// within the backend's contract (`contract::add_unreduced`). On a backend that keeps values
    /// reduced it is `add`.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_unreduced(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::add_unreduced(&a.0, &b.0))
    }

    /// Brings an unreduced value back near p (`contract::reduce`).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn reduce(a: &Fr) -> Fr {
        Fr(backend::reduce(&a.0))
    }

    /// a · b + c with one Montgomery reduction (see `u29x9::mul_add`; `contract::mul_add`).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn mul_add(a: &Fr, b: &Fr, c: &Fr) -> Fr {
        Fr(backend::mul_add(&a.0, &b.0, &c.0))
    }

    /// a⁵: two squarings and one multiplication (takes an unreduced input: `contract::mul`).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow5(a: &Fr) -> Fr {
        Fr(backend::mul(&backend::square(&backend::square(&a.0)), &a.0))
    }

    /// a · b.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn mul(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::mul(&a.0, &b.0))
    }

    /// Σ a[i]·b[i], reduced once (see [`Fr::sum_of_products`]).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn sum_of_products<const N: usize>(a: &[Fr; N], b: &[Fr; N]) -> Fr {
        Fr(backend::sum_of_products::<N>(
            a.each_ref().map(|x| &x.0),
            b.each_ref().map(|x| &x.0),
        ))
    }
}

/// Declares a fused round kernel (see the module docs):
///
/// ```text
/// round_kernel! {
///     /// Docs.
///     fn name(state: &mut [Fr; T], constants: [Fr; N]; params: 29x9 => P9, u64x4 => P4) {
///         // body: reads and writes `state`, reads `constants` (an array of `Fr`), uses `ops`
///     }
/// }
/// ```
///
/// and calls it as `name(&mut state, &[c0, c1, …])`. `P9` and `P4` are `N · 9` and `N · 4`
/// written out (`seq!` needs literals); a compile-time assertion checks them. A kernel may take
/// one type parameter (`fn name<I: Bound>(…)`, called as `name::<I>(…)`): its body can then use
/// `I`'s constants, which become immediates of that instance's copy of the kernel.
macro_rules! round_kernel {
    (
        $(#[$doc:meta])*
        fn $name:ident($state:ident: &mut [Fr; $t:literal], $consts:ident: [Fr; $n:literal];
            params: 29x9 => $p9:literal, u64x4 => $p4:literal) $body:block
    ) => {
        $(#[$doc])*
        #[cfg(target_arch = "wasm32")]
        #[inline(always)]
        fn $name($state: &mut [$crate::Fr; $t], $consts: &[$crate::Fr; $n]) {
            const _: () = assert!($p9 == $n * 9 && $p4 == $n * 4, "scalar parameter counts");
            #[cfg(use_u29x9)]
            $crate::field::kernel::scalar_kernel!($p9, 9, $state, $t, $consts, $n, $body);
            #[cfg(not(use_u29x9))]
            $crate::field::kernel::scalar_kernel!($p4, 4, $state, $t, $consts, $n, $body);
        }

        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn $name($state: &mut [$crate::Fr; $t], $consts: &[$crate::Fr; $n]) {
            const _: () = assert!($p9 == $n * 9 && $p4 == $n * 4, "scalar parameter counts");
            let $consts = *$consts;
            $body
        }
    };
    (
        $(#[$doc:meta])*
        fn $name:ident<$g:ident: $bound:path>($state:ident: &mut [Fr; $t:literal], $consts:ident: [Fr; $n:literal];
            params: 29x9 => $p9:literal, u64x4 => $p4:literal) $body:block
    ) => {
        $(#[$doc])*
        #[cfg(target_arch = "wasm32")]
        #[inline(always)]
        fn $name<$g: $bound>($state: &mut [$crate::Fr; $t], $consts: &[$crate::Fr; $n]) {
            const _: () = assert!($p9 == $n * 9 && $p4 == $n * 4, "scalar parameter counts");
            #[cfg(use_u29x9)]
            $crate::field::kernel::scalar_kernel!($p9, 9, $state, $t, $consts, $n, $body, $g: $bound);
            #[cfg(not(use_u29x9))]
            $crate::field::kernel::scalar_kernel!($p4, 4, $state, $t, $consts, $n, $body, $g: $bound);
        }

        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn $name<$g: $bound>($state: &mut [$crate::Fr; $t], $consts: &[$crate::Fr; $n]) {
            const _: () = assert!($p9 == $n * 9 && $p4 == $n * 4, "scalar parameter counts");
            let $consts = *$consts;
            $body
        }
    };
}
pub(crate) use round_kernel;

/// The wasm32 half of [`round_kernel!`] for one representation: defines the kernel with
/// `$params` = N · `$limbs` scalar parameters, one per limb of every constant, and calls it.
/// (`KERNEL_PARAM` is not a name a body uses.)
#[cfg(target_arch = "wasm32")]
macro_rules! scalar_kernel {
    ($params:literal, $limbs:literal, $state:ident, $t:literal, $consts:ident, $n:literal, $body:block) => {
        seq_macro::seq!(KERNEL_PARAM in 0..$params {
            #[inline(never)]
            #[allow(clippy::too_many_arguments)]
            fn kernel($state: &mut [$crate::Fr; $t], #(c~KERNEL_PARAM: u64,)*) {
                let $consts: [$crate::Fr; $n] = $crate::Fr::from_repr_limbs([#(c~KERNEL_PARAM,)*]);
                $body
            }
            kernel($state, #($consts[KERNEL_PARAM / $limbs].repr_limb(KERNEL_PARAM % $limbs),)*)
        })
    };
    ($params:literal, $limbs:literal, $state:ident, $t:literal, $consts:ident, $n:literal, $body:block, $g:ident: $bound:path) => {
        seq_macro::seq!(KERNEL_PARAM in 0..$params {
            #[inline(never)]
            #[allow(clippy::too_many_arguments)]
            fn kernel<$g: $bound>($state: &mut [$crate::Fr; $t], #(c~KERNEL_PARAM: u64,)*) {
                let $consts: [$crate::Fr; $n] = $crate::Fr::from_repr_limbs([#(c~KERNEL_PARAM,)*]);
                $body
            }
            kernel::<$g>($state, #($consts[KERNEL_PARAM / $limbs].repr_limb(KERNEL_PARAM % $limbs),)*)
        })
    };
}
#[cfg(target_arch = "wasm32")]
pub(crate) use scalar_kernel;
