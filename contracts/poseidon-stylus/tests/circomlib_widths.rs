//! Every circomlib width as deployed: the programs `scripts/build-wasm.sh` writes, one per width
//! (the deployables of `contracts/deployables.json` built with one feature `hashN`:
//! `poseidon_stylus_hash1.wasm`, `poseidon_stylus.wasm` for two inputs, …
//! `poseidon_stylus_hash16.wasm`), run through the meter: the Stylus limits with no data segment,
//! circomlibjs's vectors and published values, random inputs against the native library,
//! `InputNotInField(position, value)` at every position, and calldata that does not decode
//! (including the other widths' selectors); and iden3's sponge on the six-input program.
//!
//! Needs the built programs: `scripts/build-wasm.sh` writes them (`scripts/test.sh` builds them
//! before the tests).

mod common;

use common::deployable;

use alloy_sol_types::{SolError, SolValue};
use common::bn254::{circomlib_vectors, p, random_field, to_fr};
use common::{hex, invalid_calldata, seeded_rng, U256};
use poseidon_bn254::poseidon::{self, sponge};
use poseidon_bn254::Fr;
use poseidon_test_support::vectors as shared_vectors;
use std::sync::OnceLock;
use stylus_meter::{CallReport, Program};

alloy_sol_types::sol! {
    error InputNotInField(uint256 position, uint256 value);
}

/// Random inputs per width checked against the native library.
const RANDOM_CALLS_PER_WIDTH: usize = 300;

/// One width: its program, the registry's deployable built with feature `hash{inputs}` alone.
struct Width {
    inputs: usize,
    file: String,
    program: OnceLock<Program>,
}

/// Every circomlib width the registry deploys (`contracts/deployables.json`), by its inputs.
fn widths() -> &'static [Width] {
    static WIDTHS: OnceLock<Vec<Width>> = OnceLock::new();
    WIDTHS.get_or_init(|| {
        let mut widths: Vec<Width> = deployable::registry()
            .into_iter()
            .filter(|d| d.deployable)
            .filter_map(|d| {
                let inputs = match d.features()[..] {
                    [feature] => feature.strip_prefix("hash")?.parse().ok()?,
                    _ => return None,
                };
                Some(Width {
                    inputs,
                    file: format!("{}.wasm", d.wasm),
                    program: OnceLock::new(),
                })
            })
            .collect();
        widths.sort_by_key(|w| w.inputs);
        assert_eq!(
            widths.iter().map(|w| w.inputs).collect::<Vec<_>>(),
            (1..=poseidon::MAX_INPUTS).collect::<Vec<_>>(),
            "contracts/deployables.json: one deployable per circomlib width (feature hashN alone)"
        );
        widths
    })
}

/// The width of `inputs` inputs.
fn width(inputs: usize) -> &'static Width {
    &widths()[inputs - 1]
}

/// The program with iden3's sponge (and `hash` of six inputs).
fn sponge() -> &'static Width {
    width(6)
}

impl Width {
    /// `hash(uint256,…)` with this many arguments.
    fn signature(&self) -> String {
        format!("hash({})", vec!["uint256"; self.inputs].join(","))
    }

    fn selector(&self) -> [u8; 4] {
        alloy_primitives::keccak256(self.signature().as_bytes()).0[..4]
            .try_into()
            .unwrap()
    }

    fn calldata(&self, inputs: &[U256]) -> Vec<u8> {
        assert_eq!(inputs.len(), self.inputs);
        let mut calldata = self.selector().to_vec();
        for input in inputs {
            calldata.extend_from_slice(&input.to_be_bytes::<32>());
        }
        calldata
    }

    /// The program, loaded once.
    fn program(&self) -> &Program {
        self.program.get_or_init(|| deployable::program(&self.file))
    }

    fn call(&self, calldata: &[u8]) -> CallReport {
        self.program().call(calldata).expect("the call runs")
    }

    fn hash(&self, inputs: &[U256]) -> U256 {
        let report = self.call(&self.calldata(inputs));
        assert!(
            !report.reverted,
            "{}{inputs:?} reverted with 0x{}",
            self.file,
            hex(&report.returndata)
        );
        U256::abi_decode(&report.returndata).expect("one uint256")
    }

    fn reverts_with(&self, calldata: &[u8], expected: Vec<u8>, what: &str) {
        let report = self.call(calldata);
        assert!(
            report.reverted,
            "{} {what}: expected a revert, got 0x{}",
            self.file,
            hex(&report.returndata)
        );
        assert_eq!(
            hex(&report.returndata),
            hex(&expected),
            "{} {what}",
            self.file
        );
    }

    /// The native library's hash of the same inputs.
    fn native(&self, inputs: &[U256]) -> U256 {
        let fr: Vec<Fr> = inputs.iter().map(|x| to_fr(*x)).collect();
        let hash = poseidon::hash_slice(&fr).expect("1 to 16 inputs");
        U256::from_be_bytes(hash.to_be_bytes())
    }
}

/// (inputs, output) pairs of table `t{inputs + 1}` of `test/vectors/poseidon.json` (circomlibjs).
fn vectors(inputs: usize) -> Vec<(Vec<U256>, U256)> {
    circomlib_vectors(inputs + 1)
}

#[test]
fn every_width_fits_the_stylus_limits_with_no_data_segment() {
    for width in widths() {
        let path = deployable::dir().join(&width.file);
        let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Constants must be immediates: a data segment costs ~0.75 gas a byte on every call.
        let mut data_bytes = 0;
        for payload in wasmparser::Parser::new(0).parse_all(&wasm) {
            if let wasmparser::Payload::DataSection(reader) = payload.expect("valid wasm") {
                for data in reader {
                    data_bytes += data.expect("data segment").data.len();
                }
            }
        }
        assert_eq!(data_bytes, 0, "{}: data segment bytes", width.file);
        assert!(
            stylus_meter::cargo_stylus::has_project_hash(&wasm),
            "{}: written as cargo-stylus deploys it",
            width.file
        );
        let (sizes, activation) = (width.program().sizes(), width.program().activation());
        deployable::assert_deploys_within_limits(&width.file, width.program());
        println!(
            "{}: {} bytes, {} brotli, init {} / cached init {}",
            width.file,
            sizes.wasm,
            sizes.compressed,
            activation.init_cost,
            activation.cached_init_cost
        );
    }
}

#[test]
fn every_width_matches_circomlibjs_vectors() {
    for width in widths() {
        let cases = vectors(width.inputs);
        assert!(cases.len() >= 10, "t{}: too few vectors", width.inputs + 1);
        for (inputs, output) in cases {
            assert_eq!(
                width.hash(&inputs),
                output,
                "{}{inputs:?}",
                width.signature()
            );
        }
    }
}

#[test]
fn wide_widths_reproduce_published_values() {
    let small = |xs: &[u64]| xs.iter().map(|&x| U256::from(x)).collect::<Vec<_>>();
    // circomlibjs test/poseidon.js: poseidon([1, 2, 3, 4]).
    let t5: U256 = "0x299c867db6c1fdd79dcefa40e4510b9837e60ebb1ce0663dbaa525df65250465"
        .parse()
        .unwrap();
    assert_eq!(width(4).hash(&small(&[1, 2, 3, 4])), t5);
    // circomlib test/poseidoncircuit.js, go-iden3-crypto TestPoseidonHash: poseidon([1, 2, 0, 0, 0]).
    let t6: U256 = "1018317224307729531995786483840663576608797660851238720571059489595066344487"
        .parse()
        .unwrap();
    assert_eq!(width(5).hash(&small(&[1, 2, 0, 0, 0])), t6);
    // iden3/contracts test/poseidon: PoseidonFacade.poseidon6([1, …, 6]) (go-iden3-crypto's value).
    let t7: U256 = "20400040500897583745843009878988256314335038853985262692600694741116813247201"
        .parse()
        .unwrap();
    assert_eq!(width(6).hash(&small(&[1, 2, 3, 4, 5, 6])), t7);
}

/// `poseidonSponge(values)` calldata.
fn sponge_calldata(values: &[U256]) -> Vec<u8> {
    let mut calldata = alloy_primitives::keccak256(b"poseidonSponge(uint256[])").0[..4].to_vec();
    calldata.extend_from_slice(&(values.to_vec(),).abi_encode_params());
    calldata
}

fn sponge_call(values: &[U256]) -> U256 {
    let report = sponge().call(&sponge_calldata(values));
    assert!(
        !report.reverted,
        "poseidonSponge({} values) reverted",
        values.len()
    );
    U256::abi_decode(&report.returndata).expect("one uint256")
}

#[test]
fn poseidon_sponge_matches_iden3_and_the_native_library() {
    // @iden3/js-crypto spongeHashX(values, 6) of 1 to 40 values.
    let file = shared_vectors::iden3_sponge();
    for case in &file.cases {
        assert_eq!(
            sponge_call(&case.inputs),
            case.output,
            "{} values",
            case.inputs.len()
        );
    }
    // No values: SpongePoseidon's 0.
    assert_eq!(sponge_call(&[]), U256::ZERO);
    let (seed, mut rng) = seeded_rng(module_path!());
    for length in [1, 5, 6, 7, 11, 12, 31, 32, 64] {
        let values: Vec<U256> = (0..length).map(|_| random_field(&mut rng)).collect();
        let native = sponge::sponge(&values.iter().map(|x| to_fr(*x)).collect::<Vec<Fr>>());
        assert_eq!(
            sponge_call(&values),
            U256::from_be_bytes(native.to_be_bytes()),
            "{length} values, seed {seed}"
        );
    }
    // The first value not in the field is named, in any frame.
    for position in [0, 5, 6, 30] {
        let mut values = vec![U256::from(7); 32];
        values[position] = p();
        values[31] = U256::MAX;
        let expected = InputNotInField {
            position: U256::from(position),
            value: p(),
        }
        .abi_encode();
        sponge().reverts_with(
            &sponge_calldata(&values),
            expected,
            "sponge value not in field",
        );
    }
    // An array that does not decode.
    let calldata = sponge_calldata(&[U256::from(1), U256::from(2)]);
    let selector: [u8; 4] = calldata[..4].try_into().unwrap();
    sponge().reverts_with(
        &calldata[..calldata.len() - 1],
        invalid_calldata(selector),
        "sponge array cut short",
    );
}

#[test]
fn random_inputs_match_the_native_library() {
    let (seed, mut rng) = seeded_rng(module_path!());
    let edges = [U256::ZERO, U256::from(1), p() - U256::from(1)];
    for width in widths() {
        for edge in edges {
            let inputs = vec![edge; width.inputs];
            assert_eq!(width.hash(&inputs), width.native(&inputs), "{inputs:?}");
        }
        for _ in 0..RANDOM_CALLS_PER_WIDTH {
            let inputs: Vec<U256> = (0..width.inputs).map(|_| random_field(&mut rng)).collect();
            assert_eq!(
                width.hash(&inputs),
                width.native(&inputs),
                "{}{inputs:?}, seed {seed}",
                width.signature()
            );
        }
    }
}

#[test]
fn an_input_not_in_field_reverts_naming_its_position_and_value() {
    for width in widths() {
        for bad in [p(), p() + U256::from(1), U256::MAX] {
            for position in 0..width.inputs {
                let mut inputs = vec![U256::from(7); width.inputs];
                inputs[position] = bad;
                let expected = InputNotInField {
                    position: U256::from(position),
                    value: bad,
                }
                .abi_encode();
                width.reverts_with(&width.calldata(&inputs), expected, "bad input");
            }
        }
        // Several bad inputs: the first one is reported.
        let inputs = vec![U256::MAX; width.inputs];
        let expected = InputNotInField {
            position: U256::ZERO,
            value: U256::MAX,
        }
        .abi_encode();
        width.reverts_with(&width.calldata(&inputs), expected, "all inputs bad");
    }
}

#[test]
fn calldata_that_does_not_decode_reverts_with_invalid_calldata() {
    for width in widths() {
        let valid = width.calldata(&vec![U256::from(1); width.inputs]);
        let selector = width.selector();
        width.reverts_with(&[], invalid_calldata([0; 4]), "empty calldata");
        width.reverts_with(
            &selector[..3],
            invalid_calldata([selector[0], selector[1], selector[2], 0]),
            "three bytes",
        );
        width.reverts_with(&selector, invalid_calldata(selector), "selector only");
        width.reverts_with(
            &valid[..valid.len() - 1],
            invalid_calldata(selector),
            "last word cut short",
        );
        let unknown = [0xde, 0xad, 0xbe, 0xef];
        width.reverts_with(&unknown, invalid_calldata(unknown), "unknown selector");
        // Each program has its own width only: another width's call is an unknown selector.
        for other in widths().iter().filter(|w| w.inputs != width.inputs) {
            let calldata = other.calldata(&vec![U256::from(1); other.inputs]);
            width.reverts_with(
                &calldata,
                invalid_calldata(other.selector()),
                "another width",
            );
        }
        // Trailing bytes after the arguments are ignored, as Solidity does.
        let mut trailing = valid.clone();
        trailing.extend_from_slice(&[0xab; 7]);
        assert_eq!(
            width.call(&trailing).returndata,
            width.call(&valid).returndata
        );
    }
}

#[test]
fn gas_of_each_width() {
    for width in widths() {
        let inputs: Vec<U256> = (1..=width.inputs as u64).map(U256::from).collect();
        let calldata = width.calldata(&inputs);
        let (first, second) = (width.call(&calldata), width.call(&calldata));
        assert_eq!(first.ink, second.ink, "same call, same ink");
        println!(
            "{}: {} ink, cached call {} gas, uncached {} gas",
            width.signature().replace("uint256", "x"),
            first.ink.total,
            first.gas.cached_call,
            first.gas.uncached_call
        );
    }
}
