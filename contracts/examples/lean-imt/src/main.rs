//! `cargo stylus export-abi`: prints the contract's Solidity interface.
#![cfg_attr(not(any(test, feature = "export-abi")), no_main)]

#[cfg(feature = "export-abi")]
fn main() {
    lean_imt::print_from_args();
}
