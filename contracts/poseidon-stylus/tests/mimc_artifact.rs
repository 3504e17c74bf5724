//! The MiMC program (`poseidon_stylus_mimc.wasm`) through the meter: circomlibjs's vectors
//! (`test/vectors/mimc.json`), random inputs against the native library (`mimc-bn254`, itself
//! differentially tested against circomlibjs), every error and bad calldata, and the Stylus limits.
//! The EVM side (circomlibjs's generated contracts, Tornado's hasher) is compared byte for byte in
//! `test/stylus/StylusMeterMiMC.t.sol`.
//!
//! Needs the built program: `scripts/build-wasm.sh` writes it (`scripts/test.sh` builds it before
//! the tests).

mod common;

use std::sync::OnceLock;

use alloy_sol_types::{sol, SolCall, SolError};
use common::bn254::{p, random_field, to_fr, to_u256};
use common::{assert_reverted_with, deployable, invalid_calldata, returned, seeded_rng, U256};
use mimc_bn254::{mimc7, sponge, Fr};
use poseidon_test_support::vectors;
use rand::Rng;
use stylus_meter::{CallReport, Program};

sol! {
    function MiMCSponge(uint256 in_xL, uint256 in_xR) external view returns (uint256 xL, uint256 xR);
    function MiMCSponge(uint256 xL_in, uint256 xR_in, uint256 k) external view returns (uint256 xL, uint256 xR);
    function MiMCpe7(uint256 in_x, uint256 in_k) external view returns (uint256 out_x);
    function hashLeftRight(uint256 left, uint256 right) external view returns (uint256);
    function mimcSpongeMultiHash(uint256[] inputs, uint256 key, uint256 numOutputs) external view returns (uint256[]);
    function mimc7MultiHash(uint256[] inputs, uint256 key) external view returns (uint256);
    error InputNotInField(uint256 position, uint256 value);
    error OutputCountOutOfRange(uint256 count, uint256 max);
}

/// `mimcSpongeMultiHash`'s most outputs, as the program's `OutputCountOutOfRange` names it.
fn max_outputs() -> usize {
    let call = mimcSpongeMultiHashCall {
        inputs: vec![],
        key: U256::ZERO,
        numOutputs: U256::ZERO,
    };
    let report = program().call(&call.abi_encode()).expect("the call runs");
    assert!(report.reverted, "no outputs asked for reverts");
    let error =
        OutputCountOutOfRange::abi_decode(&report.returndata).expect("OutputCountOutOfRange");
    assert_eq!(error.count, U256::ZERO);
    error.max.to::<usize>()
}

fn program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| deployable::program("poseidon_stylus_mimc"))
}

fn call(calldata: &[u8]) -> CallReport {
    program().call(calldata).expect("the call runs")
}

fn returns<C: SolCall>(call_data: &C) -> C::Return {
    let returndata = returned(call(&call_data.abi_encode()));
    C::abi_decode_returns_validate(&returndata).expect("return data decodes exactly")
}

fn reverts_with(calldata: &[u8], expected: Vec<u8>) {
    assert_reverted_with(call(calldata), &expected);
}

fn not_in_field(position: usize, value: U256) -> Vec<u8> {
    InputNotInField {
        position: U256::from(position),
        value,
    }
    .abi_encode()
}

fn sponge_tornado(xl: U256, xr: U256) -> [U256; 2] {
    let out = returns(&MiMCSponge_0Call {
        in_xL: xl,
        in_xR: xr,
    });
    [out.xL, out.xR]
}

fn sponge_keyed(xl: U256, xr: U256, k: U256) -> [U256; 2] {
    let out = returns(&MiMCSponge_1Call {
        xL_in: xl,
        xR_in: xr,
        k,
    });
    [out.xL, out.xR]
}

fn sponge_multi(inputs: &[U256], key: U256, outputs: usize) -> Vec<U256> {
    returns(&mimcSpongeMultiHashCall {
        inputs: inputs.to_vec(),
        key,
        numOutputs: U256::from(outputs),
    })
}

fn mimc7_multi(inputs: &[U256], key: U256) -> U256 {
    returns(&mimc7MultiHashCall {
        inputs: inputs.to_vec(),
        key,
    })
}

#[test]
fn deployable_is_what_cargo_stylus_deploys_within_stylus_limits() {
    use stylus_meter::cargo_stylus;
    let path = deployable::path("poseidon_stylus_mimc");
    let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(cargo_stylus::has_project_hash(&wasm));
    assert_eq!(cargo_stylus::as_deployed(&wasm, [0; 32]), wasm);
    deployable::assert_fits_one_contract("poseidon_stylus_mimc", program());
    // Constants are immediates: no data segment to pay for on every call.
    let activation = program().activation();
    assert!(
        activation.cached_init_cost < 1_000,
        "cached init cost {}",
        activation.cached_init_cost
    );
}

#[test]
fn circomlibjs_vectors() {
    let file = vectors::mimc();
    assert!(
        file.sponge.len() >= 27 && file.mimc7.len() >= 9,
        "every extreme combination"
    );
    for case in &file.sponge {
        let [xl, xr, k] = case.inputs;
        assert_eq!(
            sponge_keyed(xl, xr, k),
            case.outputs,
            "MiMCSponge({xl:#x}, {xr:#x}, {k:#x})"
        );
        if k.is_zero() {
            assert_eq!(
                sponge_tornado(xl, xr),
                case.outputs,
                "MiMCSponge({xl:#x}, {xr:#x})"
            );
        }
    }
    for case in &file.mimc7 {
        let out = returns(&MiMCpe7Call {
            in_x: case.inputs[0],
            in_k: case.inputs[1],
        });
        assert_eq!(out, case.output, "MiMCpe7({:?})", case.inputs);
    }
    for case in &file.hash_left_right {
        let out = returns(&hashLeftRightCall {
            left: case.inputs[0],
            right: case.inputs[1],
        });
        assert_eq!(out, case.output, "hashLeftRight({:?})", case.inputs);
    }
    assert!(file.sponge_multi_hash.iter().any(|c| c.inputs.is_empty()));
    for case in &file.sponge_multi_hash {
        let out = sponge_multi(&case.inputs, case.key, case.num_outputs);
        assert_eq!(
            out, case.outputs,
            "mimcSpongeMultiHash({:?}, {:#x}, {})",
            case.inputs, case.key, case.num_outputs
        );
    }
    for case in &file.mimc7_multi_hash {
        assert_eq!(
            mimc7_multi(&case.inputs, case.key),
            case.output,
            "mimc7MultiHash({:?}, {:#x})",
            case.inputs,
            case.key
        );
    }
}

#[test]
fn random_inputs_match_the_native_library() {
    let (_, mut rng) = seeded_rng("mimc_artifact random_inputs_match_the_native_library");
    for _ in 0..24 {
        let [a, b, k] = [(); 3].map(|_| random_field(&mut rng));
        let (xl, xr) = sponge::hash(to_fr(a), to_fr(b), to_fr(k));
        assert_eq!(sponge_keyed(a, b, k), [to_u256(xl), to_u256(xr)]);
        let (xl, xr) = sponge::hash(to_fr(a), to_fr(b), Fr::ZERO);
        assert_eq!(sponge_tornado(a, b), [to_u256(xl), to_u256(xr)]);
        let out = returns(&MiMCpe7Call { in_x: a, in_k: k });
        assert_eq!(out, to_u256(mimc7::hash(to_fr(a), to_fr(k))));
        let out = returns(&hashLeftRightCall { left: a, right: b });
        assert_eq!(out, to_u256(sponge::hash_left_right(to_fr(a), to_fr(b))));

        let inputs: Vec<U256> = (0..rng.random_range(0..6))
            .map(|_| random_field(&mut rng))
            .collect();
        let elements: Vec<Fr> = inputs.iter().map(|x| to_fr(*x)).collect();
        let outputs = rng.random_range(1..4);
        let mut expected = vec![Fr::ZERO; outputs];
        sponge::multi_hash(&elements, to_fr(k), &mut expected);
        let expected: Vec<U256> = expected.into_iter().map(to_u256).collect();
        assert_eq!(sponge_multi(&inputs, k, outputs), expected);
        assert_eq!(
            mimc7_multi(&inputs, k),
            to_u256(mimc7::multi_hash(&elements, to_fr(k)))
        );
    }
}

#[test]
fn the_most_outputs_are_the_sponge_squeezed_further() {
    let max = max_outputs();
    assert!(max >= 16, "{max} outputs");
    let all = sponge_multi(&[U256::from(1)], U256::ZERO, max);
    assert_eq!(all.len(), max);
    assert_eq!(all[..3], sponge_multi(&[U256::from(1)], U256::ZERO, 3)[..]);
}

#[test]
fn inputs_not_below_p_revert_naming_position_and_value() {
    let one = U256::from(1);
    for bad in [p(), U256::MAX] {
        for position in 0..2 {
            let mut args = [one, one];
            args[position] = bad;
            let expected = not_in_field(position, bad);
            reverts_with(
                &MiMCSponge_0Call {
                    in_xL: args[0],
                    in_xR: args[1],
                }
                .abi_encode(),
                expected.clone(),
            );
            reverts_with(
                &MiMCpe7Call {
                    in_x: args[0],
                    in_k: args[1],
                }
                .abi_encode(),
                expected.clone(),
            );
            reverts_with(
                &hashLeftRightCall {
                    left: args[0],
                    right: args[1],
                }
                .abi_encode(),
                expected,
            );
        }
        for position in 0..3 {
            let mut args = [one; 3];
            args[position] = bad;
            let call = MiMCSponge_1Call {
                xL_in: args[0],
                xR_in: args[1],
                k: args[2],
            };
            reverts_with(&call.abi_encode(), not_in_field(position, bad));
        }
        // Multi-hashes: inputs[i] is position i, the key inputs.length; the first bad one wins,
        // the key after every input.
        for position in 0..=3 {
            let mut inputs = vec![one; 3];
            let mut key = one;
            if position < 3 {
                inputs[position] = bad;
            } else {
                key = bad;
            }
            let expected = not_in_field(position, bad);
            let sponge = mimcSpongeMultiHashCall {
                inputs: inputs.clone(),
                key,
                numOutputs: one,
            };
            reverts_with(&sponge.abi_encode(), expected.clone());
            reverts_with(&mimc7MultiHashCall { inputs, key }.abi_encode(), expected);
        }
        let (inputs, key) = (vec![one, bad, bad], bad);
        let sponge = mimcSpongeMultiHashCall {
            inputs: inputs.clone(),
            key,
            numOutputs: one,
        };
        reverts_with(&sponge.abi_encode(), not_in_field(1, bad));
        reverts_with(
            &mimc7MultiHashCall {
                inputs: vec![],
                key,
            }
            .abi_encode(),
            not_in_field(0, bad),
        );
        reverts_with(
            &mimc7MultiHashCall { inputs, key }.abi_encode(),
            not_in_field(1, bad),
        );
    }
}

#[test]
fn output_counts_out_of_range_revert_before_the_inputs_are_read() {
    let max = U256::from(max_outputs());
    // The largest count accepted.
    assert_eq!(
        sponge_multi(&[], U256::ZERO, max_outputs()).len(),
        max_outputs()
    );
    for count in [
        U256::ZERO,
        max + U256::from(1),
        U256::from(1) << 255,
        U256::MAX,
    ] {
        let call = mimcSpongeMultiHashCall {
            inputs: vec![p()],
            key: p(),
            numOutputs: count,
        };
        reverts_with(
            &call.abi_encode(),
            OutputCountOutOfRange { count, max }.abi_encode(),
        );
    }
}

#[test]
fn calldata_that_does_not_decode_reverts_with_invalid_calldata() {
    let one = U256::from(1);
    let calls = [
        MiMCSponge_0Call {
            in_xL: one,
            in_xR: one,
        }
        .abi_encode(),
        MiMCSponge_1Call {
            xL_in: one,
            xR_in: one,
            k: one,
        }
        .abi_encode(),
        MiMCpe7Call {
            in_x: one,
            in_k: one,
        }
        .abi_encode(),
        hashLeftRightCall {
            left: one,
            right: one,
        }
        .abi_encode(),
        mimcSpongeMultiHashCall {
            inputs: vec![one],
            key: one,
            numOutputs: one,
        }
        .abi_encode(),
        mimc7MultiHashCall {
            inputs: vec![one],
            key: one,
        }
        .abi_encode(),
    ];
    for calldata in calls {
        let selector: [u8; 4] = calldata[..4].try_into().expect("a selector");
        reverts_with(&calldata[..calldata.len() - 1], invalid_calldata(selector));
    }
    // Poseidon's hash(uint256,uint256) is not this program's.
    let mut poseidon = MiMCpe7Call {
        in_x: one,
        in_k: one,
    }
    .abi_encode();
    poseidon[..4].copy_from_slice(&[0xa7, 0x8d, 0xac, 0x0d]);
    reverts_with(&poseidon, invalid_calldata([0xa7, 0x8d, 0xac, 0x0d]));
}
