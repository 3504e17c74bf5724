//! circomlib-compatible Poseidon (x⁵ S-box, 8 full rounds, circomlib's partial round counts and
//! constants) for 1 to 16 inputs (t = 2…17, every width circomlib defines; poseidon-solidity ships
//! t = 2…6, iden3's contracts t = 2…7).
//!
//! One engine (the generic `hash` below) runs every width, each an [`Instance`] (its generated
//! parameter module, `params/tN.rs`): the first half of the full rounds, the partial rounds, the
//! second half, squeezing lane 0, as circomlibjs `poseidon_opt.js` does. The fused round bodies,
//! which need a literal width, come from a per-width [`Kernels`] impl (as Poseidon2's `Layers`).
//! The partial rounds (56–70 of them, where only lane 0 has an S-box) come in three
//! representations, the same permutation each (the tests prove it); each width's parameter module
//! holds the tables of all three, and the re-export of `hash1` … `hash16` below picks one per width:
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
pub mod sponge;

use crate::field::kernel::{ops, round_kernel};
use crate::Fr;
use seq_macro::seq;

/// The widest state the engine unrolls for (t = 17, sixteen inputs: circomlib's widest).
const MAX_WIDTH: usize = 17;

/// The widest state the engine inlines everywhere (t = 2 … 6, the widths it was tuned on, whose
/// programs must not change). A wider state (up to 289 products a mix) has its full-round mix as
/// one out-of-line body per instance, called by every round: on wasm32 with `M` as its immediates
/// (eight inline copies would not fit a program), natively so that the build stays short; and
/// natively its S-boxes out of line too.
const MAX_NARROW_WIDTH: usize = 6;

/// state[i] += table[offset + i] for every lane.
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first lane's index as `offset + 0`
fn add_round_constants<const T: usize>(state: &mut [Fr; T], table: &[Fr], offset: usize) {
    if T <= MAX_NARROW_WIDTH {
        // LLVM unrolls this loop up to t = 6, so every constant is an immediate.
        for (i, lane) in state.iter_mut().enumerate() {
            lane.add_assign(&table[offset + i]);
        }
        return;
    }
    // Beyond, it kept the loop and put the whole table in a data segment, paid on every call
    // (CHANGELOG.md): unrolled here with literal lane indices.
    seq!(I in 0..17 {
        if I < T {
            state[I].add_assign(&table[offset + I]);
        }
    });
}

round_kernel! {
    /// One lane's S-box and round constant: lane = lane⁵ + constant (circomlib's optimized form
    /// adds the next round's constants right after the S-box).
    fn sbox_add(lane: &mut [Fr; 1], constant: [Fr; 1]; params: 29x9 => 9, u64x4 => 4) {
        lane[0] = ops::add(&ops::pow5(&lane[0]), &constant[0]);
    }
}

/// new[i] = Σ_j matrix[j][i] · state[j] (circomlib's orientation), one reduction per lane (per
/// six terms beyond t = 6).
#[inline(always)]
fn mix<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    // Natively a wide mix is out of line even for `PRE` and `POST` (a shorter build).
    #[cfg(not(target_arch = "wasm32"))]
    if T > MAX_NARROW_WIDTH {
        return mix_native_out_of_line(state, matrix);
    }
    mix_inline(state, matrix)
}

/// [`mix`] of a wide state, natively (see [`MAX_NARROW_WIDTH`]).
#[cfg(not(target_arch = "wasm32"))]
#[inline(never)]
fn mix_native_out_of_line<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    mix_inline(state, matrix)
}

/// Whether width `T`'s full-round mix is one out-of-line body per instance, called by every full
/// round: always beyond [`MAX_NARROW_WIDTH`]; on wasm32 at every width, since seven inline copies
/// cost a narrow program thousands of bytes (0.13 gas a byte on every uncached call) and saved no
/// cached gas (the measurements are the uncached ladder in `gas-report/`). The `inline-mix` feature
/// builds the layout before, to measure it.
const fn mix_out_of_line(t: usize) -> bool {
    t > MAX_NARROW_WIDTH || (cfg!(target_arch = "wasm32") && !cfg!(feature = "inline-mix"))
}

/// The full rounds' mix with instance `I`'s MDS matrix: out of line or inline, as
/// [`mix_out_of_line`] says.
#[inline(always)]
fn mix_m<const T: usize, I: Instance<T>>(state: &[Fr; T]) -> [Fr; T] {
    if mix_out_of_line(T) {
        mix_m_out_of_line::<T, I>(state)
    } else {
        mix(state, &I::M)
    }
}

/// [`mix_m`] out of line.
#[inline(never)]
fn mix_m_out_of_line<const T: usize, I: Instance<T>>(state: &[Fr; T]) -> [Fr; T] {
    mix(state, &I::M)
}

#[inline(always)]
fn mix_inline<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    const { assert!(T <= MAX_WIDTH) };
    let mut next = [Fr::ZERO; T];
    // Unrolled with constant lane indices (LLVM kept a loop for t = 4, indexing the matrix at
    // run time, which put it in a data segment).
    seq!(I in 0..17 {
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
fn sbox_all<const T: usize>(state: &mut [Fr; T], constants: &[Fr], offset: usize) {
    // Natively a wide state's S-boxes are out of line: inlined into every round, they made the
    // native build minutes longer.
    #[cfg(not(target_arch = "wasm32"))]
    if T > MAX_NARROW_WIDTH {
        return sbox_all_native_out_of_line(state, constants, offset);
    }
    sbox_all_inline(state, constants, offset)
}

/// [`sbox_all`] of a wide state, natively.
#[cfg(not(target_arch = "wasm32"))]
#[inline(never)]
fn sbox_all_native_out_of_line<const T: usize>(
    state: &mut [Fr; T],
    constants: &[Fr],
    offset: usize,
) {
    sbox_all_inline(state, constants, offset)
}

#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first lane's index as `offset + 0`
fn sbox_all_inline<const T: usize>(state: &mut [Fr; T], constants: &[Fr], offset: usize) {
    seq!(I in 0..17 {
        if I < T {
            let constant = if constants.is_empty() { Fr::ZERO } else { constants[offset + I] };
            sbox_add(core::array::from_mut(&mut state[I]), &[constant]);
        }
    });
}

/// One full round of instance `I`: S-box every lane and add the constants `C[offset..]`, then mix.
#[inline(always)]
fn full_round<const T: usize, I: Instance<T>>(state: &mut [Fr; T], offset: usize) {
    sbox_all(state, I::C, offset);
    *state = mix_m::<T, I>(state);
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
#[cfg(feature = "forms")]
fn sparse_round<const T: usize>(
    state: &mut [Fr; T],
    constants: &[Fr],
    sparse: &[Fr],
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
fn companion_round<const T: usize>(
    state: &mut [Fr; T],
    constant: &Fr,
    row: &[Fr; T],
    scale: &[Fr],
) {
    const { assert!(T <= MAX_WIDTH) };
    let s = ops::add(&ops::pow5(&state[0]), constant);
    let x = state[T - 1];
    let mut input = *state;
    input[0] = s;
    let lane0 = ops::sum_of_products(row, &input);
    state[1] = ops::add(&s, &ops::mul(&scale[0], &x));
    seq!(J in 1..17 {
        if J + 1 < T {
            state[1 + J] = ops::add(&input[J], &ops::mul(&scale[J], &x));
        }
    });
    state[0] = lane0;
}

/// A circomlib Poseidon instance of width `T`: its round counts and tables, those of every
/// representation of the partial rounds. Implemented by the generated parameter modules of
/// [`params`] (`params::t3::T3`, …); the engine (`hash`, behind `hash1` … `hash16`) runs it.
/// Tables whose length is not `T` are slices: the engine indexes them with compile-time indices
/// only, so their entries stay immediates.
pub trait Instance<const T: usize> {
    /// Full rounds (half before, half after the partial rounds).
    const FULL_ROUNDS: usize;
    /// Partial rounds.
    const PARTIAL_ROUNDS: usize;
    /// Round constants, optimized form (`FULL_ROUNDS · T + PARTIAL_ROUNDS`): one per partial
    /// round, added to lane 0.
    const C: &'static [Fr];
    /// MDS matrix (used as `new[i] = Σ_j M[j][i] · state[j]`).
    const M: [[Fr; T]; T];
    /// Sparse form: the pre-sparse matrix after the last full round of the first half.
    #[cfg(feature = "forms")]
    const P: [[Fr; T]; T];
    /// Sparse form: the partial rounds' sparse matrices, `2T − 1` entries per round.
    #[cfg(feature = "forms")]
    const S: &'static [Fr];
    /// Companion form: lane 0's row of every partial round but the last.
    const COMPANION_ROW: [Fr; T];
    /// Companion form: the multiples of the last Krylov lane (`T − 1` entries).
    const COMPANION_SCALE: &'static [Fr];
    /// Companion form: the mix into the partial rounds.
    const COMPANION_PRE: [[Fr; T]; T];
    /// Companion form: the last partial round's mix, back to the standard basis.
    const COMPANION_POST: [[Fr; T]; T];
}

/// A partial round whose shared constants are immediates of its one body, called with the
/// round's own constant: on wasm32 a [`round_kernel!`] (the constant as scalar parameters);
/// natively an out-of-line function (inlining 60 rounds of t² products into one function made the
/// native build take many minutes).
macro_rules! shared_round {
    ($(#[$doc:meta])* fn $name:ident<$g:ident: $bound:path>($state:ident: &mut [Fr; $t:literal], $constant:ident: [Fr; 1]) $body:block) => {
        #[cfg(target_arch = "wasm32")]
        $crate::field::kernel::round_kernel! {
            $(#[$doc])*
            fn $name<$g: $bound>($state: &mut [Fr; $t], $constant: [Fr; 1]; params: 29x9 => 9, u64x4 => 4) $body
        }
        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        #[inline(never)]
        fn $name<$g: $bound>($state: &mut [Fr; $t], $constant: &[Fr; 1]) {
            let $constant = *$constant;
            $body
        }
    };
}

/// A state width the engine has round kernels for (2 … 17).
pub struct Width<const T: usize>;

/// The fused partial-round bodies of one width: a round kernel needs a literal width, so each
/// width implements this once (sealed: `Width<2>` … `Width<17>`).
pub trait Kernels<const T: usize>: sealed::Sealed {
    /// A companion-form partial round (every one but the last) of instance `I`.
    fn companion_round<I: Instance<T>>(state: &mut [Fr; T], constant: &Fr);
    /// A dense partial round of instance `I`: lane 0's S-box and constant, then the MDS matrix.
    #[cfg(feature = "forms")]
    fn dense_round<I: Instance<T>>(state: &mut [Fr; T], constant: &Fr);
}

mod sealed {
    pub trait Sealed {}
}

/// [`Kernels`] for each width, from one body.
macro_rules! width_kernels {
    ($($t:literal),*) => {$(
        impl sealed::Sealed for Width<$t> {}

        impl Kernels<$t> for Width<$t> {
            #[inline(always)]
            fn companion_round<I: Instance<$t>>(state: &mut [Fr; $t], constant: &Fr) {
                shared_round! {
                    /// A companion-form partial round.
                    fn round<I: Instance<$t>>(state: &mut [Fr; $t], constant: [Fr; 1]) {
                        companion_round(state, &constant[0], &I::COMPANION_ROW, I::COMPANION_SCALE);
                    }
                }
                round::<I>(state, &[*constant]);
            }

            #[cfg(feature = "forms")]
            #[inline(always)]
            fn dense_round<I: Instance<$t>>(state: &mut [Fr; $t], constant: &Fr) {
                shared_round! {
                    /// A dense partial round: lane 0's S-box and constant, then the MDS matrix.
                    fn round<I: Instance<$t>>(state: &mut [Fr; $t], constant: [Fr; 1]) {
                        sbox_add(core::array::from_mut(&mut state[0]), &constant);
                        *state = mix(state, &I::M);
                    }
                }
                round::<I>(state, &[*constant]);
            }
        }
    )*};
}
width_kernels!(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17);

/// The partial rounds are unrolled to this many (`seq!` needs a literal), each behind a
/// compile-time `R < PARTIAL_ROUNDS`.
const MAX_PARTIAL_ROUNDS: usize = 70;

/// Where instance `I`'s partial-round constants start in `C` (one per round).
const fn partial_constants<const T: usize, I: Instance<T>>() -> usize {
    (I::FULL_ROUNDS / 2 + 1) * T
}

/// A representation of the partial rounds (see the module docs): a mix into its basis, then the
/// same step every round; [`PartialRounds::run`] is the one loop all three share.
trait PartialRounds {
    /// Whether the last partial round is [`PartialRounds::last`]'s rather than the loop's (the
    /// companion form's, which leaves the basis).
    const OWN_LAST: bool = false;

    /// The mix after the first half's last S-box, into the form's basis.
    fn enter<const T: usize, I: Instance<T>>(state: &mut [Fr; T]);

    /// Partial round `round`, whose constant is `I::C[constant]`.
    fn round<const T: usize, I: Instance<T>>(state: &mut [Fr; T], constant: usize, round: usize)
    where
        Width<T>: Kernels<T>;

    /// The last partial round, when [`PartialRounds::OWN_LAST`].
    #[inline(always)]
    fn last<const T: usize, I: Instance<T>>(_state: &mut [Fr; T], _constant: usize) {}

    /// Every partial round, from the state after the first half's last S-box (and its
    /// constants) to the state the second half starts from.
    #[inline(always)]
    #[allow(clippy::identity_op)] // `seq!` spells the first round as `first + 0`
    fn run<const T: usize, I: Instance<T>>(state: &mut [Fr; T])
    where
        Width<T>: Kernels<T>,
    {
        let first = const { partial_constants::<T, I>() };
        Self::enter::<T, I>(state);
        seq!(R in 0..70 {
            if R + (Self::OWN_LAST as usize) < I::PARTIAL_ROUNDS {
                Self::round::<T, I>(state, first + R, R);
            }
        });
        if Self::OWN_LAST {
            Self::last::<T, I>(state, first + I::PARTIAL_ROUNDS - 1);
        }
    }
}

/// circomlib's optimized form: the pre-sparse matrix, then one sparse matrix per round.
#[cfg(feature = "forms")]
struct Sparse;

#[cfg(feature = "forms")]
impl PartialRounds for Sparse {
    #[inline(always)]
    fn enter<const T: usize, I: Instance<T>>(state: &mut [Fr; T]) {
        *state = mix(state, &I::P);
    }

    #[inline(always)]
    fn round<const T: usize, I: Instance<T>>(state: &mut [Fr; T], constant: usize, round: usize) {
        sparse_round(state, I::C, I::S, constant, round);
    }
}

/// The MDS matrix every round, inside one round body with `M` as its immediates.
#[cfg(feature = "forms")]
struct Dense;

#[cfg(feature = "forms")]
impl PartialRounds for Dense {
    #[inline(always)]
    fn enter<const T: usize, I: Instance<T>>(state: &mut [Fr; T]) {
        *state = mix(state, &I::M);
    }

    #[inline(always)]
    fn round<const T: usize, I: Instance<T>>(state: &mut [Fr; T], constant: usize, _round: usize)
    where
        Width<T>: Kernels<T>,
    {
        Width::<T>::dense_round::<I>(state, &I::C[constant]);
    }
}

/// The companion basis: `PRE` in, one fused round body, `POST` out.
struct Companion;

impl PartialRounds for Companion {
    const OWN_LAST: bool = true;

    #[inline(always)]
    fn enter<const T: usize, I: Instance<T>>(state: &mut [Fr; T]) {
        *state = mix(state, &I::COMPANION_PRE);
    }

    #[inline(always)]
    fn round<const T: usize, I: Instance<T>>(state: &mut [Fr; T], constant: usize, _round: usize)
    where
        Width<T>: Kernels<T>,
    {
        Width::<T>::companion_round::<I>(state, &I::C[constant]);
    }

    /// The last partial round mixes with POST, back into the standard basis.
    #[inline(always)]
    fn last<const T: usize, I: Instance<T>>(state: &mut [Fr; T], constant: usize) {
        sbox_add(core::array::from_mut(&mut state[0]), &[I::C[constant]]);
        *state = mix(state, &I::COMPANION_POST);
    }
}

/// The permutation-and-squeeze of instance `I` (`N = T − 1` inputs), with its partial rounds in
/// representation `F`.
#[inline(always)]
// `seq!` spells the first rounds' offsets as `(0 + 1) * T` and `second_half + 0 * T`.
#[allow(clippy::identity_op, clippy::erasing_op)]
fn hash<const T: usize, const N: usize, I: Instance<T>, F: PartialRounds>(inputs: &[Fr; N]) -> Fr
where
    Width<T>: Kernels<T>,
{
    const {
        assert!(N + 1 == T && I::FULL_ROUNDS == 8 && I::PARTIAL_ROUNDS <= MAX_PARTIAL_ROUNDS);
        assert!(I::C.len() == I::FULL_ROUNDS * T + I::PARTIAL_ROUNDS);
        assert!(I::COMPANION_SCALE.len() == N);
    };
    #[cfg(feature = "forms")]
    const {
        assert!(I::S.len() == (2 * T - 1) * I::PARTIAL_ROUNDS)
    };
    let half_full = const { I::FULL_ROUNDS / 2 };
    let second_half = const { partial_constants::<T, I>() + I::PARTIAL_ROUNDS };

    let mut state = [Fr::ZERO; T];
    state[1..].copy_from_slice(inputs);
    add_round_constants(&mut state, I::C, 0);
    seq!(R in 0..3 {
        full_round::<T, I>(&mut state, (R + 1) * T);
    });
    // The last full round of the first half; the representation picks its mix.
    sbox_all(&mut state, I::C, half_full * T);
    F::run::<T, I>(&mut state);
    seq!(R in 0..3 {
        full_round::<T, I>(&mut state, second_half + R * T);
    });
    // The last S-box has no constant after it; adding zero reuses the round kernel
    // instead of linking a second S-box body.
    sbox_all(&mut state, &[], 0);
    if mix_out_of_line(T) {
        // Only lane 0 is squeezed: one dot product, not the whole out-of-line mix.
        let column: [Fr; T] = core::array::from_fn(|j| I::M[j][0]);
        Fr::sum_of_products(&column, &state)
    } else {
        mix(&state, &I::M)[0]
    }
}

/// The sixteen widths in one representation: `hash1` … `hash16` (1 to 16 inputs, t = 2 … 17).
macro_rules! circom_widths {
    ($form:ty) => {
        use crate::poseidon::{hash, params};
        use crate::Fr;

        /// Poseidon of one input (t = 2): circomlibjs `poseidon([a])`, poseidon-solidity
        /// `PoseidonT2.hash`.
        pub fn hash1(inputs: &[Fr; 1]) -> Fr {
            hash::<2, 1, params::t2::T2, $form>(inputs)
        }

        /// Poseidon of two inputs (t = 3): circomlibjs `poseidon([a, b])`, poseidon-solidity
        /// `PoseidonT3.hash`. The hash of Merkle trees and nullifiers.
        pub fn hash2(inputs: &[Fr; 2]) -> Fr {
            hash::<3, 2, params::t3::T3, $form>(inputs)
        }

        /// Poseidon of three inputs (t = 4): circomlibjs `poseidon([a, b, c])`,
        /// poseidon-solidity `PoseidonT4.hash`.
        pub fn hash3(inputs: &[Fr; 3]) -> Fr {
            hash::<4, 3, params::t4::T4, $form>(inputs)
        }

        /// Poseidon of four inputs (t = 5): circomlibjs `poseidon([a, b, c, d])`,
        /// poseidon-solidity `PoseidonT5.hash`.
        pub fn hash4(inputs: &[Fr; 4]) -> Fr {
            hash::<5, 4, params::t5::T5, $form>(inputs)
        }

        /// Poseidon of five inputs (t = 6): circomlibjs `poseidon([a, b, c, d, e])`,
        /// poseidon-solidity `PoseidonT6.hash`.
        pub fn hash5(inputs: &[Fr; 5]) -> Fr {
            hash::<6, 5, params::t6::T6, $form>(inputs)
        }

        /// Poseidon of six inputs (t = 7): circomlibjs `poseidon([a, …, f])`, poseidon-lite
        /// `poseidon6`, iden3's `PoseidonUnit6L.poseidon(uint256[6])` (the frame of its sponge,
        /// [`crate::poseidon::sponge`]).
        pub fn hash6(inputs: &[Fr; 6]) -> Fr {
            hash::<7, 6, params::t7::T7, $form>(inputs)
        }

        /// Poseidon of seven inputs (t = 8): circomlibjs `poseidon` of 7 inputs, poseidon-lite
        /// `poseidon7`.
        pub fn hash7(inputs: &[Fr; 7]) -> Fr {
            hash::<8, 7, params::t8::T8, $form>(inputs)
        }

        /// Poseidon of eight inputs (t = 9): circomlibjs `poseidon` of 8 inputs, poseidon-lite
        /// `poseidon8`.
        pub fn hash8(inputs: &[Fr; 8]) -> Fr {
            hash::<9, 8, params::t9::T9, $form>(inputs)
        }

        /// Poseidon of nine inputs (t = 10): circomlibjs `poseidon` of 9 inputs, poseidon-lite
        /// `poseidon9`.
        pub fn hash9(inputs: &[Fr; 9]) -> Fr {
            hash::<10, 9, params::t10::T10, $form>(inputs)
        }

        /// Poseidon of ten inputs (t = 11): circomlibjs `poseidon` of 10 inputs, poseidon-lite
        /// `poseidon10`.
        pub fn hash10(inputs: &[Fr; 10]) -> Fr {
            hash::<11, 10, params::t11::T11, $form>(inputs)
        }

        /// Poseidon of eleven inputs (t = 12): circomlibjs `poseidon` of 11 inputs, poseidon-lite
        /// `poseidon11`.
        pub fn hash11(inputs: &[Fr; 11]) -> Fr {
            hash::<12, 11, params::t12::T12, $form>(inputs)
        }

        /// Poseidon of twelve inputs (t = 13): circomlibjs `poseidon` of 12 inputs, poseidon-lite
        /// `poseidon12`.
        pub fn hash12(inputs: &[Fr; 12]) -> Fr {
            hash::<13, 12, params::t13::T13, $form>(inputs)
        }

        /// Poseidon of thirteen inputs (t = 14): circomlibjs `poseidon` of 13 inputs, poseidon-lite
        /// `poseidon13`.
        pub fn hash13(inputs: &[Fr; 13]) -> Fr {
            hash::<14, 13, params::t14::T14, $form>(inputs)
        }

        /// Poseidon of fourteen inputs (t = 15): circomlibjs `poseidon` of 14 inputs, poseidon-lite
        /// `poseidon14`.
        pub fn hash14(inputs: &[Fr; 14]) -> Fr {
            hash::<15, 14, params::t15::T15, $form>(inputs)
        }

        /// Poseidon of fifteen inputs (t = 16): circomlibjs `poseidon` of 15 inputs, poseidon-lite
        /// `poseidon15`.
        pub fn hash15(inputs: &[Fr; 15]) -> Fr {
            hash::<16, 15, params::t16::T16, $form>(inputs)
        }

        /// Poseidon of sixteen inputs (t = 17): circomlibjs `poseidon` of 16 inputs, poseidon-lite
        /// `poseidon16`.
        pub fn hash16(inputs: &[Fr; 16]) -> Fr {
            hash::<17, 16, params::t17::T17, $form>(inputs)
        }
    };
}

/// Every width in every representation of the partial rounds. [`hash1`] … [`hash16`] are the
/// representation each width ships with; the others (feature `forms`, which only measurement
/// builds and this crate's tests enable) are here so that tests can prove every representation
/// equal to the references and the size and gas of each can be measured.
pub mod forms {
    /// circomlib's sparse partial rounds (`P`, `S`).
    #[cfg(feature = "forms")]
    pub mod sparse {
        circom_widths!(super::super::Sparse);
    }

    /// Dense partial rounds (the MDS matrix every round).
    #[cfg(feature = "forms")]
    pub mod dense {
        circom_widths!(super::super::Dense);
    }

    /// Companion-form partial rounds (`COMPANION_*`): what [`hash1`](super::hash1) …
    /// [`hash16`](super::hash16) are.
    pub mod companion {
        circom_widths!(super::super::Companion);
    }
}

/// The most inputs circomlib Poseidon takes (t = 17).
pub const MAX_INPUTS: usize = 16;

/// circomlib Poseidon of 1 to [`MAX_INPUTS`] inputs, the width chosen by their count: `None` for
/// none or more than 16 (`hash1` … `hash16` take an array of their count).
pub fn hash_slice(inputs: &[Fr]) -> Option<Fr> {
    macro_rules! by_count {
        ($($n:literal => $hash:ident),*) => {
            match inputs.len() {
                $($n => Some($hash(inputs.try_into().ok()?)),)*
                _ => None,
            }
        };
    }
    by_count!(
        1 => hash1, 2 => hash2, 3 => hash3, 4 => hash4, 5 => hash5, 6 => hash6, 7 => hash7,
        8 => hash8, 9 => hash9, 10 => hash10, 11 => hash11, 12 => hash12, 13 => hash13,
        14 => hash14, 15 => hash15, 16 => hash16
    )
}

// The representation every width ships with: the companion form, measured cheapest at every width.
#[cfg(not(any(feature = "form-sparse", feature = "form-dense")))]
pub use forms::companion::{
    hash1, hash10, hash11, hash12, hash13, hash14, hash15, hash16, hash2, hash3, hash4, hash5,
    hash6, hash7, hash8, hash9,
};
// One other representation for every width, to measure it (`form-*` features; sparse wins if both).
#[cfg(all(feature = "form-dense", not(feature = "form-sparse")))]
pub use forms::dense::{
    hash1, hash10, hash11, hash12, hash13, hash14, hash15, hash16, hash2, hash3, hash4, hash5,
    hash6, hash7, hash8, hash9,
};
#[cfg(feature = "form-sparse")]
pub use forms::sparse::{
    hash1, hash10, hash11, hash12, hash13, hash14, hash15, hash16, hash2, hash3, hash4, hash5,
    hash6, hash7, hash8, hash9,
};
