//! The exported ABI (what `cargo stylus export-abi` prints) against the interface `sol!` reads from
//! `solidity/IStylusPoseidon.sol` and the generated alias interfaces: the same functions and
//! errors, every function the .sol declares has a route and every route a declaration, and the
//! library's `InputNotInField` is the .sol's.

use std::collections::BTreeSet;

use alloy_json_abi::JsonAbi;
use alloy_primitives::U256;
use alloy_sol_types::{JsonAbiExt, SolCall, SolError};

use crate::abi::{self, IPoseidonT3Hasher, InputNotInField};
use crate::dispatch::dispatch;
use crate::export::{json_abi, solidity_interface};
use crate::selectors::ROUTES;

/// Every interface of the .sol files (inherited functions are each declared in one of them).
fn declared() -> Vec<JsonAbi> {
    vec![
        abi::IPoseidonErrors::abi::contract(),
        abi::IPoseidonT3Hasher::abi::contract(),
        abi::INoirPoseidon2Hasher::abi::contract(),
        abi::IPoseidon2Instances::abi::contract(),
        abi::IStylusPoseidon::abi::contract(),
        abi::IGoldilocksPoseidon::abi::contract(),
        abi::IMidenPoseidon2Hasher::abi::contract(),
        abi::IRpoHasher::abi::contract(),
        abi::IRpxHasher::abi::contract(),
        abi::IHasher::abi::contract(),
        abi::IMiMCHasher::abi::contract(),
        abi::IPoseidonT2Hasher::abi::contract(),
        abi::IPoseidonT4Hasher::abi::contract(),
        abi::IPoseidonT5Hasher::abi::contract(),
        abi::IPoseidonT6Hasher::abi::contract(),
        abi::IPoseidonT7Hasher::abi::contract(),
        abi::IPoseidonSponge::abi::contract(),
        abi::IPoseidonT8Hasher::abi::contract(),
        abi::IPoseidonT9Hasher::abi::contract(),
        abi::IPoseidonT10Hasher::abi::contract(),
        abi::IPoseidonT11Hasher::abi::contract(),
        abi::IPoseidonT12Hasher::abi::contract(),
        abi::IPoseidonT13Hasher::abi::contract(),
        abi::IPoseidonT14Hasher::abi::contract(),
        abi::IPoseidonT15Hasher::abi::contract(),
        abi::IPoseidonT16Hasher::abi::contract(),
        abi::IPoseidonT17Hasher::abi::contract(),
        abi::IPoseidonT2Aliases::abi::contract(),
        abi::IPoseidonT3Aliases::abi::contract(),
        abi::IPoseidonT4Aliases::abi::contract(),
        abi::IPoseidonT5Aliases::abi::contract(),
        abi::IPoseidonT6Aliases::abi::contract(),
        abi::IPoseidonT7Aliases::abi::contract(),
        abi::IPoseidonT8Aliases::abi::contract(),
        abi::IPoseidonT9Aliases::abi::contract(),
        abi::IPoseidonT10Aliases::abi::contract(),
        abi::IPoseidonT11Aliases::abi::contract(),
        abi::IPoseidonT12Aliases::abi::contract(),
        abi::IPoseidonT13Aliases::abi::contract(),
        abi::IPoseidonT14Aliases::abi::contract(),
        abi::IPoseidonT15Aliases::abi::contract(),
        abi::IPoseidonT16Aliases::abi::contract(),
        abi::IPoseidonT17Aliases::abi::contract(),
        abi::INoirPoseidon2Aliases::abi::contract(),
    ]
}

/// `function f(uint256[]) returns (uint256)` / `error E(uint256)` lines, names and mutability
/// left out (a function may be declared in two interfaces, e.g. `hash(uint256)`).
fn declarations(abi: &JsonAbi) -> BTreeSet<String> {
    let functions = abi.functions().map(|f| {
        let outputs: Vec<_> = f.outputs.iter().map(|p| p.ty.as_str()).collect();
        format!("function {} returns ({})", f.signature(), outputs.join(","))
    });
    let errors = abi.errors().map(|e| format!("error {}", e.signature()));
    functions.chain(errors).collect()
}

#[test]
fn exported_abi_is_the_solidity_interface() {
    let mut interface = BTreeSet::new();
    for part in declared() {
        interface.extend(declarations(&part));
    }
    // Equal sets: also fails if an interface of the .sol is missing from `declared`.
    let exported = declarations(&json_abi());
    assert_eq!(exported, interface, "{}", solidity_interface());
}

#[test]
fn every_declared_function_has_a_route() {
    let routed: BTreeSet<[u8; 4]> = ROUTES.iter().map(|route| route.selector).collect();
    assert_eq!(routed.len(), ROUTES.len(), "a selector routed twice");
    for part in declared() {
        for function in part.functions() {
            assert!(
                routed.contains(&function.selector().0),
                "{} is declared but not routed",
                function.signature()
            );
        }
    }
}

#[test]
fn exported_functions_are_pure() {
    let exported = solidity_interface();
    let functions = exported.matches("function ").count();
    assert_eq!(exported.matches(" pure ").count(), functions, "{exported}");
}

/// The one `InputNotInField` declaration the programs use (the library's, `poseidon_bn254::abi`)
/// is `IStylusPoseidon.sol`'s: same signature, parameter names and selector, and its revert data
/// is the selector and the two words, as a Solidity caller decodes them.
#[test]
fn input_not_in_field_is_the_solidity_interfaces_error() {
    use abi::IPoseidonErrors::InputNotInField as Declared;

    assert_eq!(InputNotInField::SIGNATURE, Declared::SIGNATURE);
    assert_eq!(InputNotInField::SELECTOR, Declared::SELECTOR);
    assert_eq!(InputNotInField::abi(), Declared::abi());

    let p = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS);
    let error = InputNotInField {
        position: U256::from(1),
        value: p,
    };
    let expected = Declared {
        position: U256::from(1),
        value: p,
    }
    .abi_encode();
    assert_eq!(error.abi_encode(), expected);
    let call = IPoseidonT3Hasher::hashCall {
        a: U256::from(1),
        b: p,
    };
    assert_eq!(dispatch(&call.abi_encode()), Err(expected));
}
