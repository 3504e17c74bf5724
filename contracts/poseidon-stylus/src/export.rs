//! The Solidity interface `cargo stylus export-abi` prints, built from the same `sol!`
//! declarations the dispatcher uses (so the exported ABI cannot drift from the deployed code).

use alloc::string::String;

use alloy_json_abi::{Function, JsonAbi};
use alloy_sol_types::JsonAbiExt;

use crate::abi;
use crate::selectors::{OURS, ROUTES};

/// Name of the exported Solidity interface.
pub const INTERFACE_NAME: &str = "IStylusPoseidon";

/// The JSON ABI of this build: every error, and the functions of the enabled feature groups
/// (all of them in unit tests).
pub fn json_abi() -> JsonAbi {
    let mut parts = alloc::vec![abi::IPoseidonErrors::abi::contract()];
    #[cfg(any(test, feature = "hash2"))]
    parts.push(abi::IPoseidonT3::abi::contract());
    #[cfg(any(test, feature = "poseidon2"))]
    parts.push(abi::IPoseidon2::abi::contract());
    #[cfg(any(test, feature = "poseidon2-t3"))]
    parts.push(abi::IPoseidon2T3::abi::contract());
    #[cfg(any(test, feature = "noir"))]
    parts.push(abi::INoirPoseidon2::abi::contract());
    #[cfg(any(test, feature = "poseidon2-t2"))]
    parts.push(abi::IPoseidon2T2::abi::contract());
    #[cfg(any(test, feature = "poseidon2-codex"))]
    parts.push(abi::IPoseidon2Codex::abi::contract());
    #[cfg(any(test, feature = "hash1"))]
    parts.push(abi::IPoseidonT2::abi::contract());
    #[cfg(any(test, feature = "hash3"))]
    parts.push(abi::IPoseidonT4::abi::contract());
    #[cfg(any(test, feature = "hash4"))]
    parts.push(abi::IPoseidonT5::abi::contract());
    #[cfg(any(test, feature = "goldilocks"))]
    parts.push(abi::IGoldilocksPoseidon::abi::contract());
    #[cfg(any(test, feature = "hash5"))]
    parts.push(abi::IPoseidonT6::abi::contract());

    // The other projects' selectors (contracts/selectors.json): a word per input, a word out,
    // `bytes32` for circomlibjs's `bytes32` inputs (as solidity/generated/IPoseidonAliases.sol).
    for route in ROUTES.iter().filter(|route| route.interface != OURS) {
        let returns = if route.signature.contains("bytes32") {
            "bytes32"
        } else {
            "uint256"
        };
        let declaration = alloc::format!(
            "function {} external pure returns ({returns})",
            route.signature
        );
        let function = Function::parse(&declaration).expect("the table's signatures parse");
        let mut part = JsonAbi::new();
        part.functions
            .insert(function.name.clone(), alloc::vec![function]);
        parts.push(part);
    }

    let mut merged = JsonAbi::new();
    let not_in_field = abi::InputNotInField::abi();
    merged
        .errors
        .insert(not_in_field.name.clone(), alloc::vec![not_in_field]);
    for part in parts {
        for (name, overloads) in part.functions {
            merged.functions.entry(name).or_default().extend(overloads);
        }
        for (name, overloads) in part.errors {
            merged.errors.entry(name).or_default().extend(overloads);
        }
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
