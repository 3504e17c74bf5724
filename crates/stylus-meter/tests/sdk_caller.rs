//! A stylus-sdk 0.10.10 contract with an external call (tests/fixtures/sdk-caller, built by its
//! `build.sh` into the committed tests/fixtures/sdk_caller.wasm): Nitro activates it, since it
//! imports `static_call_contract` as any SDK contract that calls out does, so the meter must too,
//! and must meter every function that makes no call; the one that calls stops there, named.

use alloy_primitives::{Address, U256};
use alloy_sol_types::{sol, SolCall};
use stylus_meter::evm::{Evm, StateFile, Tx};
use stylus_meter::{Analysis, Arbos, ExecError, Program};

sol! {
    function get() returns (uint256);
    function set(uint256 value);
    function peek(address target) returns (bytes);
}

const PROGRAM: Address = Address::repeat_byte(0xca);

fn wasm() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/sdk_caller.wasm"
    ))
    .unwrap()
}

#[test]
fn an_sdk_contract_that_calls_out_activates_and_its_other_functions_meter() {
    let wasm = wasm();
    let analysis = Analysis::of(&wasm, Arbos::default()).expect("Nitro activates it");
    assert!(analysis.host_imports().contains(&"static_call_contract"));

    let program = Program::from_bytes(&wasm).unwrap();
    let mut evm = Evm::new(StateFile::default());
    let tx = |calldata: Vec<u8>| Tx {
        to: PROGRAM,
        ..Tx::call(calldata)
    };
    let set = evm
        .transact(
            &program,
            &tx(setCall {
                value: U256::from(7),
            }
            .abi_encode()),
        )
        .unwrap();
    assert!(!set.reverted);
    let get = evm
        .transact(&program, &tx(getCall {}.abi_encode()))
        .unwrap();
    assert_eq!(U256::from_be_slice(&get.returndata), U256::from(7));
    assert!(get.gas.cached_call > 0);

    let err = evm
        .transact(
            &program,
            &tx(peekCall {
                target: Address::repeat_byte(0xaa),
            }
            .abi_encode()),
        )
        .expect_err("peek calls another contract");
    assert!(
        matches!(
            err,
            ExecError::CallsNotModelled {
                host: "static_call_contract"
            }
        ),
        "{err}"
    );
}
