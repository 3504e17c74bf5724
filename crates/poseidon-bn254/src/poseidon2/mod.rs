//! Poseidon2 over BN254 (x⁵, 8 external + 56 internal rounds) for t = 2, 3, 4 in both published
//! HorizenLabs parameter sets, with the sponges users meet: openzeppelin-crypto's two-input hash,
//! Noir's hash ([`noir`]) and TaceoLabs' compression ([`compress`]).
//!
//! ```
//! use poseidon_bn254::{poseidon2, Fr};
//! // Noir: poseidon::poseidon2::Poseidon2::hash([1, 2], 2) (std::hash::poseidon2 up to 1.0.0-beta.3)
//! let h = poseidon2::noir::hash(&[Fr::from_u64(1), Fr::from_u64(2)]);
//! assert_eq!(h.to_string(), "0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383");
//! // Any instance's permutation:
//! let mut state = [Fr::ZERO, Fr::ONE];
//! poseidon2::params::codex_t2::permute(&mut state);
//! ```
//!
//! # Which parameter set do I need?
//!
//! HorizenLabs regenerated every constant of its reference repository in commit bb476b9, so two
//! "standard" sets exist, and they give different hashes. They are named here by who uses them:
//!
//! | set | who uses it | widths here |
//! |---|---|---|
//! | [`Barretenberg`](params::barretenberg_t4) (after bb476b9) | barretenberg, so Noir's Poseidon2 hash (`poseidon::poseidon2`, formerly `std::hash::poseidon2`) and Aztec (t = 4); openzeppelin-crypto 0.3 (t = 3); taceo-poseidon2 (t = 2, 3, 4, …); zkhash (t = 3); TaceoLabs `poseidon2-solidity` (t = 2, 3, 4); `@zkpassport/poseidon2` (t = 4) | `params::barretenberg_t{2,3,4}` |
//! | [`Codex`](params::codex_t3) (before bb476b9) | Codex's storage proofs (`nim-poseidon2`, t = 3); the seed implementation `rust-poseidon-bn254-pure` ("old" constants, t = 2, 3, 4) | `params::codex_t{2,3,4}` |
//!
//! # Structure
//!
//! One engine ([`permutation`]) runs every instance: the initial external layer, four external
//! rounds, 56 internal rounds (eight per fused kernel call), four external rounds. An instance is a
//! parameter module (`params/`, generated, with its provenance) implementing [`Instance`]; the
//! width brings its linear layers (`width2`, `width3`, `width4`):
//!
//! | t | external layer | internal layer 1·1ᵀ + diag(d) |
//! |---|---|---|
//! | 2 | circ(2, 1) | d = (1, 2): additions only |
//! | 3 | circ(2, 1, 1) | d = (1, 1, 2): additions only |
//! | 4 | the paper's M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]] (barretenberg's `matrix_multiplication_4x4`): additions only | four full-size entries: four products per round, each fused with the lane sum into one Montgomery reduction |
//!
//! Tables are `const` and every round is unrolled with literal indices, so on wasm32 each constant
//! is an instruction immediate (a data segment would cost ~0.75 gas per byte on every call).

pub mod noir;
pub mod params;
mod width2;
mod width3;
mod width4;

use crate::Fr;
use seq_macro::seq;

pub use params::{BarretenbergT2, BarretenbergT3, BarretenbergT4, CodexT2, CodexT3, CodexT4};

/// The t = 3 Barretenberg-set tables under the module name this crate used before it had more
/// instances.
pub use params::barretenberg_t3 as bn254_t3;

/// A Poseidon2 instance of width `T` over BN254: its round constants and internal diagonal.
/// Implemented by the parameter modules of [`params`]; the engine ([`permutation`]) runs it.
pub trait Instance<const T: usize> {
    /// The internal matrix is 1·1ᵀ + diag(`INTERNAL_DIAG`).
    const INTERNAL_DIAG: [Fr; T];
    /// Round constants of the first four external rounds.
    const EXTERNAL_FIRST: [[Fr; T]; 4];
    /// Round constants of the 56 internal rounds (lane 0).
    const INTERNAL: [Fr; 56];
    /// Round constants of the last four external rounds.
    const EXTERNAL_LAST: [[Fr; T]; 4];
}

/// A state width the engine has linear layers for (2, 3 and 4).
pub struct Width<const T: usize>;

/// The linear layers and fused round kernels of one width (sealed: implemented for
/// `Width<2>`, `Width<3>` and `Width<4>` only).
pub trait Layers<const T: usize>: sealed::Sealed {
    /// The external linear layer alone (applied once before the first round).
    fn external_layer(state: &mut [Fr; T]);
    /// One external round: round constants, S-box on every lane, external layer.
    fn external_round(state: &mut [Fr; T], constants: &[Fr; T]);
    /// Eight internal rounds: round constant and S-box on lane 0, internal layer.
    fn internal_rounds8<I: Instance<T>>(state: &mut [Fr; T], constants: &[Fr; 8]);
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Width<2> {}
    impl Sealed for super::Width<3> {}
    impl Sealed for super::Width<4> {}
}

/// The Poseidon2 permutation of instance `I`, in place (each parameter module also has a
/// `permute` for its own instance).
// `seq!` spells the first batch's indices as `8 * 0 + i`.
#[allow(clippy::identity_op, clippy::erasing_op)]
#[inline(always)]
pub fn permutation<const T: usize, I: Instance<T>>(state: &mut [Fr; T])
where
    Width<T>: Layers<T>,
{
    Width::<T>::external_layer(state);
    seq!(R in 0..4 {
        Width::<T>::external_round(state, &I::EXTERNAL_FIRST[R]);
    });
    seq!(R in 0..7 {
        Width::<T>::internal_rounds8::<I>(state, &core::array::from_fn(|i| I::INTERNAL[8 * R + i]));
    });
    seq!(R in 0..4 {
        Width::<T>::external_round(state, &I::EXTERNAL_LAST[R]);
    });
}

/// TaceoLabs `poseidon2-solidity` compression of instance `I`: `permutation(x)[0] + x[0]`
/// (their `compress(x)`, domain separator 0).
pub fn compress<const T: usize, I: Instance<T>>(inputs: &[Fr; T]) -> Fr
where
    Width<T>: Layers<T>,
{
    let mut state = *inputs;
    permutation::<T, I>(&mut state);
    state[0].add(&inputs[0])
}

/// The t = 3 Barretenberg-set permutation (openzeppelin-crypto 0.3's `BN256Params`).
// Always inlined: a wrapper of the instance's `permute`, not a second call on wasm32.
#[inline(always)]
pub fn permute(state: &mut [Fr; 3]) {
    params::barretenberg_t3::permute(state)
}

/// The two-input Poseidon2 hash, equal to openzeppelin-crypto 0.3's absorb(a), absorb(b), squeeze:
/// rate 2, capacity 1 (lane 0), so the hash is lane 1 of the t = 3 permutation of [0, a, b].
pub fn hash2(inputs: &[Fr; 2]) -> Fr {
    let mut state = [Fr::ZERO, inputs[0], inputs[1]];
    permute(&mut state);
    state[1]
}
