//! The deployables themselves: `target/stylus/poseidon_stylus.wasm` (circomlib Poseidon t = 3),
//! `poseidon_stylus_merkle.wasm` (the same with the Merkle functions) and
//! `poseidon_stylus_poseidon2.wasm` (built by `scripts/build-wasm.sh`) run through the meter. Every
//! vector and error case of the contract, a differential run of random inputs against the native
//! library, the Stylus limits, and determinism.
//!
//! Needs the built programs: `scripts/build-wasm.sh` writes them (`scripts/test.sh` builds them
//! before the tests).

mod common;

use common::deployable;

use alloy_sol_types::{sol, SolCall, SolError, SolValue};
use common::bn254::{circomlib_vectors, p, random_field, to_fr, to_u256};
use common::{assert_reverted_with, invalid_calldata, returned, seeded_rng, U256};
use poseidon_bn254::{poseidon, poseidon2};
use poseidon_test_support::vectors;
use rand::Rng;
use std::sync::OnceLock;
use stylus_meter::{CallReport, Program};

sol! {
    function hash(uint256 a, uint256 b) external pure returns (uint256);
    function poseidon2(uint256 a, uint256 b) external pure returns (uint256);
    function rootFromPath(uint256 leaf, uint256[] siblings, uint256 pathBits) external pure returns (uint256);
    function nodesFromPath(uint256 leaf, uint256[] siblings, uint256 pathBits) external pure returns (uint256[]);
    function hashPairs(uint256[] flat) external pure returns (uint256[]);
    error InputNotInField(uint256 position, uint256 value);
    error OddPairsLength(uint256 length);
    error EmptyInput();
    error TooManySiblings(uint256 count, uint256 max);
    error PathBitsOutOfRange(uint256 pathBits, uint256 depth);
}

const MAX_SIBLINGS: usize = 256;

/// The default deployable: Poseidon T3, `hash` and its aliases.
fn program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| deployable::program("poseidon_stylus"))
}

/// The T3 Merkle deployable: `hash`, rootFromPath, nodesFromPath, hashPairs.
fn merkle_program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| deployable::program("poseidon_stylus_merkle"))
}

/// The selectors of the Merkle functions, which only the Merkle program answers.
const MERKLE_SELECTORS: [[u8; 4]; 3] = [
    rootFromPathCall::SELECTOR,
    nodesFromPathCall::SELECTOR,
    hashPairsCall::SELECTOR,
];

/// The Poseidon2 deployable (both together exceed the 24 KiB limit).
fn poseidon2_program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| deployable::program("poseidon_stylus_poseidon2"))
}

/// Runs the call on the deployable that serves it: `poseidon2` and the Merkle functions live in
/// programs of their own.
fn call(calldata: &[u8]) -> CallReport {
    let program = if calldata.starts_with(&poseidon2Call::SELECTOR) {
        poseidon2_program()
    } else if MERKLE_SELECTORS.iter().any(|s| calldata.starts_with(s)) {
        merkle_program()
    } else {
        program()
    };
    program.call(calldata).expect("the call runs")
}

fn returns_u256(calldata: &[u8]) -> U256 {
    U256::abi_decode(&returned(call(calldata))).expect("one uint256")
}

fn reverts_with(calldata: &[u8], expected: Vec<u8>) {
    assert_reverted_with(call(calldata), &expected);
}

/// build-wasm.sh writes each deployable as `cargo stylus deploy` deploys it, so the meter prices
/// the bytes that go on chain: the section is there, and cargo-stylus would add nothing.
#[test]
fn deployables_are_the_modules_cargo_stylus_deploys() {
    use stylus_meter::cargo_stylus;
    for file in [
        "poseidon_stylus.wasm",
        "poseidon_stylus_merkle.wasm",
        "poseidon_stylus_poseidon2.wasm",
    ] {
        let path = deployable::dir().join(file);
        let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            cargo_stylus::has_project_hash(&wasm),
            "{file}: no project_hash section"
        );
        assert_eq!(cargo_stylus::as_deployed(&wasm, [0; 32]), wasm, "{file}");
        let without = &wasm[..wasm.len() - cargo_stylus::PROJECT_HASH_SECTION_BYTES];
        assert_eq!(
            cargo_stylus::as_deployed(without, [0; 32]),
            wasm,
            "{file}: one section, at the end"
        );
    }
}

#[test]
fn artifact_activates_within_stylus_limits() {
    for (name, program) in [
        ("poseidon_stylus", program()),
        ("poseidon_stylus_merkle", merkle_program()),
        ("poseidon_stylus_poseidon2", poseidon2_program()),
    ] {
        deployable::assert_fits_one_contract(name, program);
        let activation = program.activation();
        // Constants must be immediates: a data segment costs ~0.75 gas a byte on every call.
        let cached_init = activation.cached_init_cost;
        assert!(
            cached_init < 1_000,
            "cached_init_cost {cached_init}: constants in data?"
        );
    }
}

#[test]
fn hash_matches_circomlib_vectors() {
    let cases = circomlib_vectors(3);
    assert!(cases.len() >= 10);
    for (inputs, output) in cases {
        let calldata = hashCall {
            a: inputs[0],
            b: inputs[1],
        }
        .abi_encode();
        assert_eq!(returns_u256(&calldata), output, "hash{inputs:?}");
        // The Merkle program serves the whole IPoseidonT3Hasher, `hash` included.
        let on_merkle = merkle_program().call(&calldata).expect("the call runs");
        assert_eq!(
            U256::abi_decode(&returned(on_merkle)).expect("one uint256"),
            output,
            "hash{inputs:?} on the Merkle program"
        );
    }
    let published: U256 = "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
        .parse()
        .unwrap();
    assert_eq!(
        returns_u256(
            &hashCall {
                a: U256::from(1),
                b: U256::from(2)
            }
            .abi_encode()
        ),
        published
    );
}

#[test]
fn poseidon2_matches_openzeppelin_vectors() {
    let cases: Vec<_> = vectors::poseidon2()
        .t3
        .into_iter()
        .map(|case| (case.inputs, case.output))
        .collect();
    assert!(cases.len() >= 10);
    for (inputs, output) in cases {
        let got = returns_u256(
            &poseidon2Call {
                a: inputs[0],
                b: inputs[1],
            }
            .abi_encode(),
        );
        assert_eq!(got, output, "poseidon2{inputs:?}");
    }
}

#[test]
fn random_inputs_match_the_native_library() {
    let (seed, mut rng) = seeded_rng(module_path!());
    for _ in 0..1000 {
        let (a, b) = (random_field(&mut rng), random_field(&mut rng));
        let expected = to_u256(poseidon::hash2(&[to_fr(a), to_fr(b)]));
        assert_eq!(
            returns_u256(&hashCall { a, b }.abi_encode()),
            expected,
            "hash({a}, {b}), seed {seed}"
        );
        let expected2 = to_u256(poseidon2::hash2(&[to_fr(a), to_fr(b)]));
        assert_eq!(
            returns_u256(&poseidon2Call { a, b }.abi_encode()),
            expected2,
            "poseidon2({a}, {b}), seed {seed}"
        );
    }
    for _ in 0..20 {
        let depth = rng.random_range(1..=32usize);
        let leaf = random_field(&mut rng);
        let siblings: Vec<U256> = (0..depth).map(|_| random_field(&mut rng)).collect();
        let bits = U256::from(rng.random::<u64>() & ((1u64 << depth) - 1));
        let mut node = to_fr(leaf);
        let mut nodes = Vec::new();
        for (level, sibling) in siblings.iter().enumerate() {
            node = if bits.bit(level) {
                poseidon::hash2(&[to_fr(*sibling), node])
            } else {
                poseidon::hash2(&[node, to_fr(*sibling)])
            };
            nodes.push(to_u256(node));
        }
        let returned = call_ok(
            &nodesFromPathCall {
                leaf,
                siblings: siblings.clone(),
                pathBits: bits,
            }
            .abi_encode(),
        );
        assert_eq!(
            Vec::<U256>::abi_decode(&returned).expect("uint256[]"),
            nodes,
            "nodesFromPath depth {depth}, seed {seed}"
        );
        let call = rootFromPathCall {
            leaf,
            siblings: siblings.clone(),
            pathBits: bits,
        }
        .abi_encode();
        assert_eq!(
            returns_u256(&call),
            to_u256(node),
            "rootFromPath depth {depth}, seed {seed}"
        );

        let flat: Vec<U256> = (0..2 * depth).map(|_| random_field(&mut rng)).collect();
        let report = call_ok(&hashPairsCall { flat: flat.clone() }.abi_encode());
        let got = Vec::<U256>::abi_decode(&report).expect("uint256[]");
        let expected: Vec<U256> = flat
            .chunks(2)
            .map(|pair| to_u256(poseidon::hash2(&[to_fr(pair[0]), to_fr(pair[1])])))
            .collect();
        assert_eq!(
            got,
            expected,
            "hashPairs of {} elements, seed {seed}",
            flat.len()
        );
    }
}

/// `test/vectors/merkle-t3.json` through the Merkle program: paths and pairs at the extremes
/// (depths 1 to 256) from circomlibjs, poseidon-lite and @zk-kit/lean-imt.
#[test]
fn merkle_functions_match_the_extreme_vectors() {
    let on_merkle = |calldata: Vec<u8>| returned(merkle_program().call(&calldata).expect("runs"));
    let vectors = vectors::merkle_t3();
    for path in &vectors.paths {
        let what = format!(
            "depth {}, pathBits {:#x}",
            path.siblings.len(),
            path.path_bits
        );
        let root = on_merkle(
            rootFromPathCall {
                leaf: path.leaf,
                siblings: path.siblings.clone(),
                pathBits: path.path_bits,
            }
            .abi_encode(),
        );
        assert_eq!(
            U256::abi_decode(&root).expect("uint256"),
            path.root(),
            "rootFromPath, {what}"
        );
        let nodes = on_merkle(
            nodesFromPathCall {
                leaf: path.leaf,
                siblings: path.siblings.clone(),
                pathBits: path.path_bits,
            }
            .abi_encode(),
        );
        let nodes = Vec::<U256>::abi_decode(&nodes).expect("uint256[]");
        assert_eq!(nodes.len(), path.nodes.len(), "nodesFromPath, {what}");
        let level = nodes.iter().zip(&path.nodes).position(|(a, b)| a != b);
        assert_eq!(level, None, "nodesFromPath, {what}: the first wrong level");
    }
    let pairs = on_merkle(
        hashPairsCall {
            flat: vectors.pairs.inputs.clone(),
        }
        .abi_encode(),
    );
    assert_eq!(
        Vec::<U256>::abi_decode(&pairs).expect("uint256[]"),
        vectors.pairs.outputs,
        "hashPairs"
    );
}

fn call_ok(calldata: &[u8]) -> Vec<u8> {
    returned(call(calldata))
}

#[test]
fn inputs_not_in_field_revert_naming_position_and_value() {
    for bad in [p(), p() + U256::from(1), U256::MAX] {
        let ok = U256::from(7);
        let expect = |position: u64| {
            InputNotInField {
                position: U256::from(position),
                value: bad,
            }
            .abi_encode()
        };
        reverts_with(&hashCall { a: bad, b: ok }.abi_encode(), expect(0));
        reverts_with(&hashCall { a: ok, b: bad }.abi_encode(), expect(1));
        reverts_with(&poseidon2Call { a: bad, b: ok }.abi_encode(), expect(0));
        reverts_with(&poseidon2Call { a: ok, b: bad }.abi_encode(), expect(1));
        let siblings = vec![ok, ok, bad];
        reverts_with(
            &rootFromPathCall {
                leaf: bad,
                siblings: vec![ok],
                pathBits: U256::ZERO,
            }
            .abi_encode(),
            expect(0),
        );
        reverts_with(
            &rootFromPathCall {
                leaf: ok,
                siblings,
                pathBits: U256::ZERO,
            }
            .abi_encode(),
            expect(3),
        );
        reverts_with(
            &hashPairsCall {
                flat: vec![ok, ok, ok, bad],
            }
            .abi_encode(),
            expect(3),
        );
    }
}

#[test]
fn batch_shape_errors() {
    let one = U256::from(1);
    reverts_with(
        &hashPairsCall { flat: vec![] }.abi_encode(),
        EmptyInput {}.abi_encode(),
    );
    reverts_with(
        &hashPairsCall {
            flat: vec![one, one, one],
        }
        .abi_encode(),
        OddPairsLength {
            length: U256::from(3),
        }
        .abi_encode(),
    );
    reverts_with(
        &rootFromPathCall {
            leaf: one,
            siblings: vec![],
            pathBits: U256::ZERO,
        }
        .abi_encode(),
        EmptyInput {}.abi_encode(),
    );
    let too_many = vec![one; MAX_SIBLINGS + 1];
    reverts_with(
        &rootFromPathCall {
            leaf: one,
            siblings: too_many,
            pathBits: U256::ZERO,
        }
        .abi_encode(),
        TooManySiblings {
            count: U256::from(MAX_SIBLINGS + 1),
            max: U256::from(MAX_SIBLINGS),
        }
        .abi_encode(),
    );
    reverts_with(
        &rootFromPathCall {
            leaf: one,
            siblings: vec![one, one],
            pathBits: U256::from(4),
        }
        .abi_encode(),
        PathBitsOutOfRange {
            pathBits: U256::from(4),
            depth: U256::from(2),
        }
        .abi_encode(),
    );
}

#[test]
fn nodes_from_path_reverts_like_root_from_path() {
    let (one, p) = (U256::from(1), p());
    let cases = [
        (one, vec![], U256::ZERO),
        (one, vec![one; MAX_SIBLINGS + 1], U256::ZERO),
        (one, vec![one, one], U256::from(4)),
        (p, vec![one, one], U256::ZERO),
        (one, vec![one, p, p], U256::from(5)),
    ];
    for (leaf, siblings, path_bits) in cases {
        let root = call(
            &rootFromPathCall {
                leaf,
                siblings: siblings.clone(),
                pathBits: path_bits,
            }
            .abi_encode(),
        );
        assert!(root.reverted, "rootFromPath accepted a bad path");
        reverts_with(
            &nodesFromPathCall {
                leaf,
                siblings,
                pathBits: path_bits,
            }
            .abi_encode(),
            root.returndata,
        );
    }
}

/// The T3 program holds no Merkle code: their selectors are not in its table, as any unknown one.
#[test]
fn t3_program_reverts_invalid_calldata_for_the_merkle_functions() {
    let one = U256::from(1);
    let calls = [
        rootFromPathCall {
            leaf: one,
            siblings: vec![one],
            pathBits: U256::ZERO,
        }
        .abi_encode(),
        nodesFromPathCall {
            leaf: one,
            siblings: vec![one],
            pathBits: U256::ZERO,
        }
        .abi_encode(),
        hashPairsCall {
            flat: vec![one, one],
        }
        .abi_encode(),
    ];
    for (calldata, selector) in calls.iter().zip(MERKLE_SELECTORS) {
        let on_t3 = program().call(calldata).expect("the call runs");
        assert_reverted_with(on_t3, &invalid_calldata(selector));
        assert!(!call(calldata).reverted, "the Merkle program answers it");
    }
}

#[test]
fn calldata_that_does_not_decode_reverts_with_invalid_calldata() {
    let unknown = [0xde, 0xad, 0xbe, 0xef];
    reverts_with(&unknown, invalid_calldata(unknown));
    let valid = hashCall {
        a: U256::from(1),
        b: U256::from(2),
    }
    .abi_encode();
    let selector: [u8; 4] = valid[..4].try_into().unwrap();
    reverts_with(&valid[..40], invalid_calldata(selector));
    reverts_with(&[], invalid_calldata([0u8; 4]));
}

#[test]
fn the_same_call_costs_the_same_ink_twice() {
    let calldata = hashCall {
        a: U256::from(1),
        b: U256::from(2),
    }
    .abi_encode();
    let (first, second) = (call(&calldata), call(&calldata));
    assert_eq!(first.ink, second.ink);
    assert_eq!(first.gas, second.gas);
    println!(
        "hash(1,2): {} ink ({} opcodes, {} host I/O), cached call {} gas, uncached {} gas",
        first.ink.total,
        first.ink.opcodes,
        first.ink.host_io,
        first.gas.cached_call,
        first.gas.uncached_call
    );
}
