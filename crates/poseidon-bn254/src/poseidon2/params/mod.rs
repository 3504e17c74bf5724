//! The Poseidon2 instances: one generated module per parameter set and width (see the crate's
//! `poseidon2` docs for which set a project uses). Each module has the tables, a marker type
//! implementing [`super::Instance`] and `permute`.

/// The marker type of one instance, implementing [`super::Instance`] with the tables of the module
/// that invokes it, and that module's `permute`.
macro_rules! instance {
    ($(#[$doc:meta])* $name:ident, $t:literal) => {
        $(#[$doc])*
        pub struct $name;

        impl $crate::poseidon2::Instance<$t> for $name {
            const INTERNAL_DIAG: [$crate::Fr; $t] = INTERNAL_DIAG;
            const EXTERNAL_FIRST: [[$crate::Fr; $t]; 4] = EXTERNAL_FIRST;
            const INTERNAL: [$crate::Fr; 56] = INTERNAL;
            const EXTERNAL_LAST: [[$crate::Fr; $t]; 4] = EXTERNAL_LAST;
        }

        /// The permutation of this instance, in place.
        // One out-of-line body per instance: callers (sponges, compress, the contract) share it.
        #[inline(never)]
        pub fn permute(state: &mut [$crate::Fr; $t]) {
            $crate::poseidon2::permutation::<$t, $name>(state)
        }
    };
}
use instance;

pub mod barretenberg_t2;
pub mod barretenberg_t3;
pub mod barretenberg_t4;
pub mod codex_t2;
pub mod codex_t3;
pub mod codex_t4;

pub use barretenberg_t2::BarretenbergT2;
pub use barretenberg_t3::BarretenbergT3;
pub use barretenberg_t4::BarretenbergT4;
pub use codex_t2::CodexT2;
pub use codex_t3::CodexT3;
pub use codex_t4::CodexT4;
