//! Miden's Poseidon2 deployable itself: `target/stylus/poseidon_stylus_miden_poseidon2.wasm`
//! (built by `scripts/build-wasm.sh`) run through the meter. miden-crypto 0.28.1's vectors
//! (`test/vectors/miden-poseidon2.json`), random inputs against the native
//! `poseidon-goldilocks` (itself checked against miden-crypto and p3-goldilocks), every error,
//! calldata that does not decode, the Stylus limits, and the gas goal of `midenPoseidon2Merge`.
//!
//! Needs the built programs: `scripts/build-wasm.sh` writes them (`scripts/test.sh` builds them
//! before the tests).

mod common;

use alloy_sol_types::{sol, SolCall, SolError};
use common::{assert_reverted_with, deployable, invalid_calldata, returned, seeded_rng, U256};
use poseidon_goldilocks::miden::{poseidon2 as miden, Word};
use poseidon_goldilocks::{Goldilocks, P};
use poseidon_test_support::vectors;
use rand::{rngs::StdRng, Rng};
use std::sync::OnceLock;
use stylus_meter::{CallReport, Program};

sol! {
    function midenPoseidon2Permute(uint64[12] state) external pure returns (uint64[12]);
    function midenPoseidon2HashElements(uint64[] elements) external pure returns (uint64[4]);
    function midenPoseidon2HashBytes(bytes data) external pure returns (uint64[4]);
    function midenPoseidon2Merge(uint64[4] left, uint64[4] right) external pure returns (uint64[4]);
    function midenPoseidon2MergeInDomain(uint64[4] left, uint64[4] right, uint64 domain) external pure returns (uint64[4]);
    function midenPoseidon2RootFromPath(uint64[4] leaf, uint64[4][] siblings, uint256 index) external pure returns (uint64[4]);
    function twoToOne(uint64[4] left, uint64[4] right) external pure returns (uint64[4]);
    error InputNotInField(uint256 position, uint256 value);
    error TooManySiblings(uint256 count, uint256 max);
    error PathBitsOutOfRange(uint256 pathBits, uint256 depth);
}

fn program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| deployable::program("poseidon_stylus_miden_poseidon2"))
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

fn word(values: &[u64; 4]) -> Word {
    values.map(|v| Goldilocks::new(v).unwrap())
}

fn raw(word: Word) -> [u64; 4] {
    word.map(Goldilocks::value)
}

fn random_element(rng: &mut StdRng) -> u64 {
    let edges = [0, 1, P - 1, P - 2, 1 << 32, (1 << 32) - 1, (1 << 32) + 1];
    if rng.random_ratio(1, 8) {
        edges[rng.random_range(0..edges.len())]
    } else {
        rng.random_range(0..P)
    }
}

fn random_four(rng: &mut StdRng) -> [u64; 4] {
    core::array::from_fn(|_| random_element(rng))
}

#[test]
fn deployable_is_what_cargo_stylus_deploys_within_stylus_limits() {
    use stylus_meter::cargo_stylus;
    let path = deployable::path("poseidon_stylus_miden_poseidon2");
    let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(cargo_stylus::has_project_hash(&wasm));
    assert_eq!(cargo_stylus::as_deployed(&wasm, [0; 32]), wasm);
    deployable::assert_fits_one_contract("poseidon_stylus_miden_poseidon2", program());
}

#[test]
fn miden_crypto_vectors() {
    let vectors = vectors::miden("poseidon2");
    for case in &vectors.permutation {
        let state = case.input;
        assert_eq!(returns(&midenPoseidon2PermuteCall { state }), case.output);
    }
    for case in &vectors.hash_elements {
        let elements = case.input.clone();
        let got = returns(&midenPoseidon2HashElementsCall { elements });
        assert_eq!(got, case.output, "{} elements", case.input.len());
    }
    for case in &vectors.hash_bytes {
        let data = alloy_primitives::hex::decode(&case.input).unwrap().into();
        let got = returns(&midenPoseidon2HashBytesCall { data });
        assert_eq!(got, case.output, "bytes {}", case.input);
    }
    for case in &vectors.merge {
        let (left, right) = (case.left, case.right);
        assert_eq!(
            returns(&midenPoseidon2MergeCall { left, right }),
            case.output
        );
    }
    for case in &vectors.merge_in_domain {
        let (left, right, domain) = (case.left, case.right, case.domain);
        let got = returns(&midenPoseidon2MergeInDomainCall {
            left,
            right,
            domain,
        });
        assert_eq!(got, case.output, "domain {domain}");
    }
    for case in &vectors.paths {
        let got = returns(&midenPoseidon2RootFromPathCall {
            leaf: case.leaf,
            siblings: case.siblings.clone(),
            index: U256::from(case.index),
        });
        assert_eq!(got, case.root, "depth {}", case.siblings.len());
    }
}

#[test]
fn random_inputs_match_the_native_library() {
    let (seed, mut rng) = seeded_rng(module_path!());
    for _ in 0..100 {
        let state: [u64; 12] = core::array::from_fn(|_| random_element(&mut rng));
        let expected = miden::permute(&state.map(|v| Goldilocks::new(v).unwrap()));
        let got = returns(&midenPoseidon2PermuteCall { state });
        assert_eq!(got, expected.map(Goldilocks::value), "seed {seed}");

        let (left, right) = (random_four(&mut rng), random_four(&mut rng));
        let expected = raw(miden::merge(&word(&left), &word(&right)));
        assert_eq!(returns(&midenPoseidon2MergeCall { left, right }), expected);
        let domain = random_element(&mut rng);
        let expected = raw(miden::merge_in_domain(
            &word(&left),
            &word(&right),
            Goldilocks::new(domain).unwrap(),
        ));
        let got = returns(&midenPoseidon2MergeInDomainCall {
            left,
            right,
            domain,
        });
        assert_eq!(got, expected, "seed {seed}");

        let elements: Vec<u64> = (0..rng.random_range(0..30))
            .map(|_| random_element(&mut rng))
            .collect();
        let as_elements: Vec<Goldilocks> = elements
            .iter()
            .map(|&v| Goldilocks::new(v).unwrap())
            .collect();
        let expected = raw(miden::hash_elements(&as_elements));
        let got = returns(&midenPoseidon2HashElementsCall { elements });
        assert_eq!(got, expected, "seed {seed}");

        let bytes: Vec<u8> = (0..rng.random_range(0..120))
            .map(|_| rng.random())
            .collect();
        let expected = raw(miden::hash_bytes(&bytes));
        let got = returns(&midenPoseidon2HashBytesCall { data: bytes.into() });
        assert_eq!(got, expected, "seed {seed}");
    }
    for _ in 0..15 {
        let depth = rng.random_range(0..=64usize);
        let leaf = random_four(&mut rng);
        let siblings: Vec<[u64; 4]> = (0..depth).map(|_| random_four(&mut rng)).collect();
        let index = rng
            .random::<u64>()
            .checked_shr(64 - depth as u32)
            .unwrap_or(0);
        let words: Vec<Word> = siblings.iter().map(word).collect();
        let expected = raw(miden::root_from_path(&word(&leaf), &words, index).unwrap());
        let got = returns(&midenPoseidon2RootFromPathCall {
            leaf,
            siblings,
            index: U256::from(index),
        });
        assert_eq!(got, expected, "depth {depth}, seed {seed}");
    }
}

fn not_in_field(position: usize, value: u64) -> Vec<u8> {
    InputNotInField {
        position: U256::from(position),
        value: U256::from(value),
    }
    .abi_encode()
}

#[test]
fn elements_not_below_p_revert_naming_position_and_value() {
    for bad in [P, u64::MAX] {
        for at in 0..12 {
            let mut state = [9u64; 12];
            state[at] = bad;
            let calldata = midenPoseidon2PermuteCall { state }.abi_encode();
            reverts_with(&calldata, not_in_field(at, bad));
        }
        for at in 0..9 {
            let mut all = [5u64; 9];
            all[at] = bad;
            let (left, right) = (all[..4].try_into().unwrap(), all[4..8].try_into().unwrap());
            if at < 8 {
                reverts_with(
                    &midenPoseidon2MergeCall { left, right }.abi_encode(),
                    not_in_field(at, bad),
                );
            }
            let domain = all[8];
            let calldata = midenPoseidon2MergeInDomainCall {
                left,
                right,
                domain,
            }
            .abi_encode();
            reverts_with(&calldata, not_in_field(at, bad));
        }
        for at in 0..10 {
            let mut elements = vec![3u64; 10];
            elements[at] = bad;
            elements.push(bad);
            let calldata = midenPoseidon2HashElementsCall { elements }.abi_encode();
            reverts_with(&calldata, not_in_field(at, bad));
        }
        for at in 0..12 {
            let mut all = [7u64; 12];
            all[at] = bad;
            let calldata = midenPoseidon2RootFromPathCall {
                leaf: all[..4].try_into().unwrap(),
                siblings: vec![all[4..8].try_into().unwrap(), all[8..].try_into().unwrap()],
                index: U256::from(2),
            }
            .abi_encode();
            reverts_with(&calldata, not_in_field(at, bad));
        }
    }
}

#[test]
fn path_shape_errors_come_first() {
    let bad_leaf = [P; 4];
    let too_many = midenPoseidon2RootFromPathCall {
        leaf: bad_leaf,
        siblings: vec![[0; 4]; 65],
        index: U256::ZERO,
    };
    let expected = TooManySiblings {
        count: U256::from(65),
        max: U256::from(64),
    };
    reverts_with(&too_many.abi_encode(), expected.abi_encode());
    for (depth, index) in [
        (0, U256::from(1)),
        (2, U256::from(4)),
        (63, U256::from(1u64 << 63)),
        (64, U256::from(u64::MAX) + U256::from(1)),
        (64, U256::MAX),
    ] {
        let out_of_range = midenPoseidon2RootFromPathCall {
            leaf: bad_leaf,
            siblings: vec![[0; 4]; depth],
            index,
        };
        let expected = PathBitsOutOfRange {
            pathBits: index,
            depth: U256::from(depth),
        };
        reverts_with(&out_of_range.abi_encode(), expected.abi_encode());
    }
}

#[test]
fn calldata_that_does_not_decode_reverts_with_invalid_calldata() {
    // A word that is not a uint64.
    let mut merge = midenPoseidon2MergeCall {
        left: [1, 2, 3, 4],
        right: [5, 6, 7, 8],
    }
    .abi_encode();
    merge[4 + 32 * 6 + 23] = 1;
    reverts_with(&merge, invalid_calldata(midenPoseidon2MergeCall::SELECTOR));
    let mut domain = midenPoseidon2MergeInDomainCall {
        left: [1, 2, 3, 4],
        right: [5, 6, 7, 8],
        domain: 9,
    }
    .abi_encode();
    domain[4 + 32 * 8] = 1;
    let selector = midenPoseidon2MergeInDomainCall::SELECTOR;
    reverts_with(&domain, invalid_calldata(selector));
    // Bytes running past the calldata, and a truncated array.
    let bytes = midenPoseidon2HashBytesCall {
        data: vec![1u8; 40].into(),
    }
    .abi_encode();
    let selector = midenPoseidon2HashBytesCall::SELECTOR;
    reverts_with(&bytes[..4 + 64 + 39], invalid_calldata(selector));
    let mut long = bytes.clone();
    long[4 + 63] = 200;
    reverts_with(&long, invalid_calldata(selector));
    let path = midenPoseidon2RootFromPathCall {
        leaf: [1; 4],
        siblings: vec![[0; 4]],
        index: U256::ZERO,
    }
    .abi_encode();
    let selector = midenPoseidon2RootFromPathCall::SELECTOR;
    reverts_with(&path[..path.len() - 1], invalid_calldata(selector));
    // Another program's function.
    let goldilocks = twoToOneCall {
        left: [1, 2, 3, 4],
        right: [5, 6, 7, 8],
    }
    .abi_encode();
    reverts_with(&goldilocks, invalid_calldata(twoToOneCall::SELECTOR));
}

/// The goal (cached, whole call, [1,2,3,4], [5,6,7,8]): `midenPoseidon2Merge` ≤ 2,100 gas, no dearer
/// than HorizenLabs' `poseidon2TwoToOne`. Printed, and asserted so that a regression shows.
#[test]
fn gas_of_merge() {
    let calldata = midenPoseidon2MergeCall {
        left: [1, 2, 3, 4],
        right: [5, 6, 7, 8],
    }
    .abi_encode();
    let merge = call(&calldata);
    println!(
        "midenPoseidon2Merge: cached call {} gas ({} ink)",
        merge.gas.cached_call, merge.ink.total
    );
    assert!(
        merge.gas.cached_call <= 2_100,
        "midenPoseidon2Merge {} > 2,100",
        merge.gas.cached_call
    );
}
