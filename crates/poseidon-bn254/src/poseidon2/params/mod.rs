//! The Poseidon2 instances: one generated module per parameter set and width (see the crate's
//! `poseidon2` docs for which set a project uses). Each module has the tables, a marker type
//! implementing [`super::Instance`] and `permute`.

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
