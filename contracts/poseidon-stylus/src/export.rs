//! The Solidity interface `cargo stylus export-abi` prints, built from the selector table
//! ([`crate::selectors::ROUTES`], each row's ABI as `sol!` read it from `solidity/`), so the exported
//! ABI is what this build's dispatcher answers.

use alloc::string::String;

use alloy_json_abi::{JsonAbi, StateMutability};
use alloy_sol_types::JsonAbiExt;

use crate::abi;
use crate::selectors::ROUTES;

/// Name of the exported Solidity interface.
pub const INTERFACE_NAME: &str = "IStylusPoseidon";

/// The JSON ABI of this build: every error, and the functions of the enabled feature groups
/// (all of them in unit tests), ours and the other projects' selectors.
pub fn json_abi() -> JsonAbi {
    let mut merged = JsonAbi::new();
    for function in ROUTES.iter().map(|route| (route.abi)()) {
        // The .sol says `view` (callers may STATICCALL); the program reads no state.
        let function = alloy_json_abi::Function {
            state_mutability: StateMutability::Pure,
            ..function
        };
        merged
            .functions
            .entry(function.name.clone())
            .or_default()
            .push(function);
    }
    let errors = abi::IPoseidonErrors::abi::contract().errors.into_values();
    for error in errors
        .flatten()
        .chain([abi::IStylusPoseidon::InvalidCalldata::abi()])
    {
        merged
            .errors
            .entry(error.name.clone())
            .or_default()
            .push(error);
    }
    merged
}

/// The Solidity interface of this build.
pub fn solidity_interface() -> String {
    json_abi().to_sol(INTERFACE_NAME, None)
}

/// Lets stylus-sdk's export CLI (`cargo stylus export-abi`) print the interface.
#[cfg(feature = "export-abi")]
pub struct PoseidonStylus;

#[cfg(feature = "export-abi")]
impl stylus_sdk::abi::GenerateAbi for PoseidonStylus {
    const NAME: &'static str = INTERFACE_NAME;

    fn fmt_abi(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&solidity_interface())?;
        f.write_str("\n")
    }

    /// Stateless contract: no constructor.
    fn fmt_constructor_signature(_: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        Ok(())
    }
}

/// Entry point of the `export-abi` binary: license and pragma, then the interface.
#[cfg(feature = "export-abi")]
pub fn print_from_args() {
    stylus_sdk::abi::export::handle_license_and_pragma();
    stylus_sdk::abi::export::print_from_args::<PoseidonStylus>();
}
