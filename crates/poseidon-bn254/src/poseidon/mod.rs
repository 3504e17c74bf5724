//! circomlib-compatible Poseidon (x⁵ S-box, 8 full rounds, circomlib's partial round counts and
//! constants) for 1 to 5 inputs (t = 2…6, every width poseidon-solidity ships).
//!
//! One engine (the `circom_poseidon!` macro) runs every width: the first half of the full rounds,
//! the partial rounds, the second half, squeezing lane 0, as circomlibjs `poseidon_opt.js` does.
//! The partial rounds (56–60 of them, where only lane 0 has an S-box) come in three
//! representations, the same permutation each (the tests prove it); each width's parameter module
//! holds the tables of all three, and the re-export of `hash1` … `hash5` below picks one per width:
//!
//! - **sparse** (circomlib's optimized form): after the first half the MDS matrix is factored
//!   into a dense pre-matrix `P` and one sparse matrix per partial round (`S`), so a partial round
//!   costs 2t − 1 products, but each round has 2t − 1 constants of its own, passed as immediates
//!   at each of the 56–60 call sites: too large for t = 5 and 6 to fit Stylus's 24 KiB limit.
//! - **dense**: every partial round mixes with the MDS matrix `M` (t² products) and adds one
//!   constant (circomlib's optimized `C` moves every partial-round constant to lane 0). One
//!   shared round body holds `M`, so the tables are small; the products are many.
//! - **companion**: the dense form in another basis of lanes 1…t−1 (`COMPANION_*`, derived by
//!   `scripts/gen/gen-constants.mjs` from `M`): with `Mᵀ = [[a, bᵀ], [c, D]]` and the Krylov basis
//!   `Q = [c, Dc, …, Dⁿ⁻¹c]`, `D` becomes the companion matrix of its characteristic polynomial
//!   and `c` the first unit vector, so a round is lane 0's S-box and constant, one t-term dot
//!   product for the new lane 0 (`ROW`), and the last Krylov lane times `SCALE[j]` added to the
//!   lane before, each lane moving one place along: 2t − 1 products, like the sparse form, with
//!   every round sharing the same 2t − 1 constants. `PRE` enters that basis, the last partial
//!   round's `POST` leaves it. Because the constants are shared, the whole round is one fused
//!   body (the state in locals, the constants its immediates) called with the round's own
//!   constant: no per-operation calls, loads and stores, and a program a third the size.
//!
//! Measured on Stylus, the companion form is the cheapest at every width (fewer products than
//! dense, one shared round body instead of sparse's per-round constants) and the smallest but
//! one, so every width ships it; `forms` keeps the other two for the tests and for measuring, behind
//! the `forms` feature (not part of the API a user builds on). The
//! measurements that chose it are in `CHANGELOG.md`; today's gas is in `gas-report/`.
//!
//! The rounds are unrolled (`seq!`) and every table index is a compile-time constant, so the
//! round constants become instruction immediates instead of a data segment (on Stylus a data
//! segment costs ~0.75 gas per byte on every call).
//!
//! `hash2([a, b])` equals circomlibjs `poseidon([a, b])` and poseidon-solidity `PoseidonT3.hash`.

// `const`, not `static`, on purpose: the engines index the tables with compile-time indices, so
// each entry becomes instruction immediates; a static is a data segment, which Stylus charges
// 0.75 gas per byte on every call.
#[allow(clippy::large_const_arrays)]
pub mod params;

use crate::field::kernel::{ops, round_kernel};
use crate::Fr;
use seq_macro::seq;

/// The widest state the engine unrolls for (t = 6, five inputs).
const MAX_WIDTH: usize = 6;

/// state[i] += table[offset + i] for every lane.
#[inline(always)]
fn add_round_constants<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    table: &[Fr; N],
    offset: usize,
) {
    for (i, lane) in state.iter_mut().enumerate() {
        lane.add_assign(&table[offset + i]);
    }
}

round_kernel! {
    /// One lane's S-box and round constant: lane = lane⁵ + constant (circomlib's optimized form
    /// adds the next round's constants right after the S-box).
    fn sbox_add(lane: &mut [Fr; 1], constant: [Fr; 1]; params: 29x9 => 9, u64x4 => 4) {
        lane[0] = ops::add(&ops::pow5(&lane[0]), &constant[0]);
    }
}

/// new[i] = Σ_j matrix[j][i] · state[j] (circomlib's orientation), one reduction per lane.
#[inline(always)]
fn mix<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    const { assert!(T <= MAX_WIDTH) };
    let mut next = [Fr::ZERO; T];
    // Unrolled with constant lane indices (LLVM kept a loop for t = 4, indexing the matrix at
    // run time, which put it in a data segment).
    seq!(I in 0..6 {
        if I < T {
            let column: [Fr; T] = core::array::from_fn(|j| matrix[j][I]);
            next[I].assign_sum_of_products(&column, state);
        }
    });
    next
}

/// The S-box of every lane and the constants `constants[offset..offset + T]` (none when
/// `constants` is empty: the last round).
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first lane's index as `offset + 0`
fn sbox_all<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; N],
    offset: usize,
) {
    seq!(I in 0..6 {
        if I < T {
            let constant = if N == 0 { Fr::ZERO } else { constants[offset + I] };
            sbox_add(core::array::from_mut(&mut state[I]), &[constant]);
        }
    });
}

/// One full round: S-box every lane and add the constants, then mix.
#[inline(always)]
fn full_round<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; N],
    offset: usize,
    matrix: &[[Fr; T]; T],
) {
    sbox_all(state, constants, offset);
    *state = mix(state, matrix);
}

/// One sparse partial round: lane 0's S-box and constant, then the round's sparse matrix
/// `sparse[(2T − 1)·round ..]`: the first T entries are the new lane 0 as a dot product, the next
/// T − 1 scale the old lane 0 into the other lanes. (Fusing the matrix into the kernel as well
/// measured dearer and larger, so it stays separate: `CHANGELOG.md`.)
/// Natively out of line: no width ships this form, and inlining 56–60 rounds per width made the
/// native build minutes longer.
#[cfg(feature = "forms")]
#[cfg_attr(target_arch = "wasm32", inline(always))]
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
fn sparse_round<const T: usize, const NC: usize, const NS: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; NC],
    sparse: &[Fr; NS],
    constant_index: usize,
    round: usize,
) {
    sbox_add(
        core::array::from_mut(&mut state[0]),
        &[constants[constant_index]],
    );
    let base = (2 * T - 1) * round;
    let row: [Fr; T] = core::array::from_fn(|j| sparse[base + j]);
    let lane0 = Fr::sum_of_products(&row, state);
    let (first, rest) = state.split_at_mut(1);
    for (k, lane) in rest.iter_mut().enumerate() {
        lane.add_product(&first[0], &sparse[base + T + k]);
    }
    state[0] = lane0;
}

/// One companion-form partial round (every one but the last), fused: the state in locals, the
/// shared constants `row` and `scale` as immediates of this one body. Lanes in logical order
/// (0 = lane 0, 1 + j = Krylov lane r_j, n = T − 1 of them); with s = lane0⁵ + constant and
/// x = r_{n−1}: lane0' = row · (s, r_0, …, r_{n−1}), r'_0 = s + scale[0]·x,
/// r'_j = r_{j−1} + scale[j]·x.
#[inline(always)]
fn companion_round<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    constant: &Fr,
    row: &[Fr; T],
    scale: &[Fr; N],
) {
    const { assert!(N + 1 == T && T <= MAX_WIDTH) };
    let s = ops::add(&ops::pow5(&state[0]), constant);
    let x = state[N];
    let mut input = *state;
    input[0] = s;
    let lane0 = ops::sum_of_products(row, &input);
    state[1] = ops::add(&s, &ops::mul(&scale[0], &x));
    seq!(J in 1..6 {
        if J < N {
            state[1 + J] = ops::add(&input[J], &ops::mul(&scale[J], &x));
        }
    });
    state[0] = lane0;
}

/// A partial round whose shared constants are immediates of its one body, called with the
/// round's own constant: on wasm32 a [`round_kernel!`] (the constant as scalar parameters);
/// natively an out-of-line function (inlining 60 rounds of t² products into one function made the
/// native build take many minutes).
macro_rules! shared_round {
    ($(#[$doc:meta])* fn $name:ident($state:ident: &mut [Fr; $t:literal], $constant:ident: [Fr; 1]) $body:block) => {
        #[cfg(target_arch = "wasm32")]
        $crate::field::kernel::round_kernel! {
            $(#[$doc])*
            fn $name($state: &mut [Fr; $t], $constant: [Fr; 1]; params: 29x9 => 9, u64x4 => 4) $body
        }
        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        #[inline(never)]
        fn $name($state: &mut [Fr; $t], $constant: &[Fr; 1]) {
            let $constant = *$constant;
            $body
        }
    };
}
use shared_round;

/// Generates the permutation-and-squeeze of one width from its parameter module, with its partial
/// rounds in the representation named last (`sparse`, `dense` or `companion`).
macro_rules! circom_poseidon {
    ($(#[$doc:meta])* $name:ident, $params:ident, $inputs:literal, $width:literal, $partial_rounds:literal, $form:ident) => {
        $(#[$doc])*
        pub fn $name(inputs: &[$crate::Fr; $inputs]) -> $crate::Fr {
            use $crate::poseidon::{add_round_constants, full_round, mix, params::$params::{C, M}, sbox_all};
            use $crate::Fr;
            use seq_macro::seq;
            const T: usize = $width;
            const HALF_FULL: usize = $crate::poseidon::params::$params::FULL_ROUNDS / 2;
            /// Where the partial rounds' constants start in `C` (one per round).
            const PARTIAL_CONSTANTS: usize = (HALF_FULL + 1) * T;
            const SECOND_HALF_CONSTANTS: usize = PARTIAL_CONSTANTS + $partial_rounds;
            const _: () = assert!(
                $width == $crate::poseidon::params::$params::WIDTH
                    && $partial_rounds == $crate::poseidon::params::$params::PARTIAL_ROUNDS
            );

            let mut state = [Fr::ZERO; T];
            state[1..].copy_from_slice(inputs);
            add_round_constants(&mut state, &C, 0);
            seq!(R in 0..3 {
                full_round(&mut state, &C, (R + 1) * T, &M);
            });
            // The last full round of the first half; the representation picks its mix.
            sbox_all(&mut state, &C, HALF_FULL * T);
            circom_poseidon!(@partial $form, $params, $width, $partial_rounds, state, PARTIAL_CONSTANTS);
            seq!(R in 0..3 {
                full_round(&mut state, &C, SECOND_HALF_CONSTANTS + R * T, &M);
            });
            // The last S-box has no constant after it; adding zero reuses the round kernel
            // instead of linking a second S-box body.
            sbox_all(&mut state, &[], 0);
            mix(&state, &M)[0]
        }
    };

    // circomlib's optimized form: the pre-sparse matrix, then one sparse matrix per round.
    (@partial sparse, $params:ident, $width:literal, $partial_rounds:literal, $state:ident, $first:ident) => {{
        use $crate::poseidon::{params::$params::{P, S}, sparse_round};
        $state = mix(&$state, &P);
        seq!(R in 0..$partial_rounds {
            sparse_round(&mut $state, &C, &S, $first + R, R);
        });
    }};

    // The MDS matrix every round, inside one round body with `M` as its immediates.
    (@partial dense, $params:ident, $width:literal, $partial_rounds:literal, $state:ident, $first:ident) => {{
        $crate::poseidon::shared_round! {
            /// A dense partial round: lane 0's S-box and constant, then the MDS matrix.
            fn dense_round(state: &mut [Fr; $width], constant: [Fr; 1]) {
                $crate::poseidon::sbox_add(core::array::from_mut(&mut state[0]), &constant);
                *state = $crate::poseidon::mix(state, &M);
            }
        }
        $state = mix(&$state, &M);
        seq!(R in 0..$partial_rounds {
            dense_round(&mut $state, &[C[$first + R]]);
        });
    }};

    // The companion basis: `PRE` in, one fused round body, `POST` out.
    (@partial companion, $params:ident, $width:literal, $partial_rounds:literal, $state:ident, $first:ident) => {{
        use $crate::poseidon::params::$params::{COMPANION_POST, COMPANION_PRE, COMPANION_ROW, COMPANION_SCALE};
        $crate::poseidon::shared_round! {
            /// A companion-form partial round.
            fn companion_round(state: &mut [Fr; $width], constant: [Fr; 1]) {
                $crate::poseidon::companion_round(state, &constant[0], &COMPANION_ROW, &COMPANION_SCALE);
            }
        }
        $state = mix(&$state, &COMPANION_PRE);
        seq!(R in 0..$partial_rounds {
            if R + 1 < $partial_rounds {
                companion_round(&mut $state, &[C[$first + R]]);
            }
        });
        // The last partial round mixes with POST, back into the standard basis.
        $crate::poseidon::sbox_add(
            core::array::from_mut(&mut $state[0]),
            &[C[$first + $partial_rounds - 1]],
        );
        $state = mix(&$state, &COMPANION_POST);
    }};
}

/// The five widths in one representation: `hash1` … `hash5` (1 to 5 inputs, t = 2 … 6).
macro_rules! circom_widths {
    ($form:ident) => {
        circom_poseidon!(
            /// Poseidon of one input (t = 2): circomlibjs `poseidon([a])`, poseidon-solidity
            /// `PoseidonT2.hash`.
            hash1, t2, 1, 2, 56, $form
        );
        circom_poseidon!(
            /// Poseidon of two inputs (t = 3): circomlibjs `poseidon([a, b])`, poseidon-solidity
            /// `PoseidonT3.hash`. The hash of Merkle trees and nullifiers.
            hash2, t3, 2, 3, 57, $form
        );
        circom_poseidon!(
            /// Poseidon of three inputs (t = 4): circomlibjs `poseidon([a, b, c])`,
            /// poseidon-solidity `PoseidonT4.hash`.
            hash3, t4, 3, 4, 56, $form
        );
        circom_poseidon!(
            /// Poseidon of four inputs (t = 5): circomlibjs `poseidon([a, b, c, d])`,
            /// poseidon-solidity `PoseidonT5.hash`.
            hash4, t5, 4, 5, 60, $form
        );
        circom_poseidon!(
            /// Poseidon of five inputs (t = 6): circomlibjs `poseidon([a, b, c, d, e])`,
            /// poseidon-solidity `PoseidonT6.hash`.
            hash5, t6, 5, 6, 60, $form
        );
    };
}

/// Every width in every representation of the partial rounds. [`hash1`] … [`hash5`] are the
/// representation each width ships with; the others (feature `forms`, which only measurement
/// builds and this crate's tests enable) are here so that tests can prove every representation
/// equal to the references and the size and gas of each can be measured.
pub mod forms {
    /// circomlib's sparse partial rounds (`P`, `S`).
    #[cfg(feature = "forms")]
    pub mod sparse {
        circom_widths!(sparse);
    }

    /// Dense partial rounds (the MDS matrix every round).
    #[cfg(feature = "forms")]
    pub mod dense {
        circom_widths!(dense);
    }

    /// Companion-form partial rounds (`COMPANION_*`): what [`hash1`](super::hash1) …
    /// [`hash5`](super::hash5) are.
    pub mod companion {
        circom_widths!(companion);
    }
}

// The representation every width ships with: the companion form, measured cheapest at every width.
#[cfg(not(any(feature = "form-sparse", feature = "form-dense")))]
pub use forms::companion::{hash1, hash2, hash3, hash4, hash5};
// One other representation for every width, to measure it (`form-*` features; sparse wins if both).
#[cfg(all(feature = "form-dense", not(feature = "form-sparse")))]
pub use forms::dense::{hash1, hash2, hash3, hash4, hash5};
#[cfg(feature = "form-sparse")]
pub use forms::sparse::{hash1, hash2, hash3, hash4, hash5};
