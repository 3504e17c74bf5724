//! `cargo stylus export-abi`: prints the contract's Solidity interface.

fn main() {
    poseidon_stylus::export::print_from_args();
}
