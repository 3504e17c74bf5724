//! Miden's deployables themselves (`POSEIDON2`, `RPO`, `RPX`: `target/stylus/<wasm>.wasm`, built by
//! `scripts/build-wasm.sh`) run through the meter. miden-crypto 0.28.1's vectors
//! (`test/vectors/miden-<hash>.json`), random inputs against the native `poseidon-goldilocks`
//! (itself checked against miden-crypto and p3-goldilocks), every error, calldata that does not
//! decode, the Stylus limits, and the gas goal of `midenPoseidon2Merge`.
//!
//! Every family has the same six functions with the same arguments, named with its prefix: calls
//! are encoded with the `midenPoseidon2…` types and sent with the family's selector
//! ([`Family::encode`]).
//!
//! Needs the built programs: `scripts/build-wasm.sh` writes them (`scripts/test.sh` builds them
//! before the tests).

mod common;

use alloy_primitives::keccak256;
use alloy_sol_types::{sol, SolCall, SolError};
use common::{assert_reverted_with, deployable, invalid_calldata, returned, seeded_rng, U256};
use poseidon_goldilocks::miden::{self, Word};
use poseidon_goldilocks::poseidon2::plonky3::Plonky3;
use poseidon_goldilocks::rescue::{Rpo, Rpx};
use poseidon_goldilocks::sponge::Permutation;
use poseidon_goldilocks::{Goldilocks, P};
use poseidon_test_support::vectors;
use rand::{rngs::StdRng, Rng};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
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

/// One of Miden's hashes as a program: its function-name prefix, its WASM and its vectors.
struct Family {
    prefix: &'static str,
    wasm: &'static str,
    vectors: &'static str,
}

const POSEIDON2: Family = Family {
    prefix: "midenPoseidon2",
    wasm: "poseidon_stylus_miden_poseidon2",
    vectors: "poseidon2",
};

const RPO: Family = Family {
    prefix: "rpo",
    wasm: "poseidon_stylus_rpo",
    vectors: "rpo",
};

const RPX: Family = Family {
    prefix: "rpx",
    wasm: "poseidon_stylus_rpx",
    vectors: "rpx",
};

/// Every family.
const FAMILIES: [&Family; 3] = [&POSEIDON2, &RPO, &RPX];

impl Family {
    fn program(&self) -> &'static Program {
        static PROGRAMS: OnceLock<Mutex<HashMap<&'static str, &'static Program>>> = OnceLock::new();
        let mut programs = PROGRAMS.get_or_init(Default::default).lock().unwrap();
        programs
            .entry(self.wasm)
            .or_insert_with(|| Box::leak(Box::new(deployable::program(self.wasm))))
    }

    /// The family's selector for the `midenPoseidon2…` function `C`.
    fn selector<C: SolCall>(&self) -> [u8; 4] {
        let signature = C::SIGNATURE.replacen(POSEIDON2.prefix, self.prefix, 1);
        keccak256(signature.as_bytes())[..4].try_into().unwrap()
    }

    /// `call` encoded, with the family's selector.
    fn encode<C: SolCall>(&self, call: &C) -> Vec<u8> {
        let mut calldata = call.abi_encode();
        calldata[..4].copy_from_slice(&self.selector::<C>());
        calldata
    }

    fn call(&self, calldata: &[u8]) -> CallReport {
        self.program().call(calldata).expect("the call runs")
    }

    fn returns<C: SolCall>(&self, call: &C) -> C::Return {
        let returndata = returned(self.call(&self.encode(call)));
        C::abi_decode_returns_validate(&returndata).expect("return data decodes exactly")
    }

    fn reverts_with<C: SolCall>(&self, call: &C, expected: Vec<u8>) {
        assert_reverted_with(self.call(&self.encode(call)), &expected);
    }
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
fn deployables_are_what_cargo_stylus_deploys_within_stylus_limits() {
    fn check(family: &Family) {
        use stylus_meter::cargo_stylus;
        let path = deployable::path(family.wasm);
        let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(cargo_stylus::has_project_hash(&wasm));
        assert_eq!(cargo_stylus::as_deployed(&wasm, [0; 32]), wasm);
        deployable::assert_fits_one_contract(family.wasm, family.program());
    }
    FAMILIES.into_iter().for_each(check);
}

#[test]
fn miden_crypto_vectors() {
    fn check(family: &Family) {
        let vectors = vectors::miden(family.vectors);
        let name = family.prefix;
        for case in &vectors.permutation {
            let state = case.input;
            let got = family.returns(&midenPoseidon2PermuteCall { state });
            assert_eq!(got, case.output, "{name}");
        }
        for case in &vectors.hash_elements {
            let elements = case.input.clone();
            let got = family.returns(&midenPoseidon2HashElementsCall { elements });
            assert_eq!(got, case.output, "{name}: {} elements", case.input.len());
        }
        for case in &vectors.hash_bytes {
            let data = alloy_primitives::hex::decode(&case.input).unwrap().into();
            let got = family.returns(&midenPoseidon2HashBytesCall { data });
            assert_eq!(got, case.output, "{name}: bytes {}", case.input);
        }
        for case in &vectors.merge {
            let (left, right) = (case.left, case.right);
            let got = family.returns(&midenPoseidon2MergeCall { left, right });
            assert_eq!(got, case.output, "{name}");
        }
        for case in &vectors.merge_in_domain {
            let (left, right, domain) = (case.left, case.right, case.domain);
            let got = family.returns(&midenPoseidon2MergeInDomainCall {
                left,
                right,
                domain,
            });
            assert_eq!(got, case.output, "{name}: domain {domain}");
        }
        for case in &vectors.paths {
            let got = family.returns(&midenPoseidon2RootFromPathCall {
                leaf: case.leaf,
                siblings: case.siblings.clone(),
                index: U256::from(case.index),
            });
            assert_eq!(got, case.root, "{name}: depth {}", case.siblings.len());
        }
    }
    FAMILIES.into_iter().for_each(check);
}

#[test]
fn random_inputs_match_the_native_library() {
    let (seed, mut rng) = seeded_rng(module_path!());
    fn each<H: Permutation>(family: &Family, rng: &mut StdRng, seed: u64) {
        let name = family.prefix;
        for _ in 0..60 {
            let state: [u64; 12] = core::array::from_fn(|_| random_element(rng));
            let mut expected = state;
            H::permute_lanes(&mut expected);
            let got = family.returns(&midenPoseidon2PermuteCall { state });
            assert_eq!(got, expected, "{name}, seed {seed}");

            let (left, right) = (random_four(rng), random_four(rng));
            let expected = raw(miden::merge::<H>(&word(&left), &word(&right)));
            let got = family.returns(&midenPoseidon2MergeCall { left, right });
            assert_eq!(got, expected, "{name}, seed {seed}");
            let domain = random_element(rng);
            let expected = raw(miden::merge_in_domain::<H>(
                &word(&left),
                &word(&right),
                Goldilocks::new(domain).unwrap(),
            ));
            let got = family.returns(&midenPoseidon2MergeInDomainCall {
                left,
                right,
                domain,
            });
            assert_eq!(got, expected, "{name}, seed {seed}");

            let elements: Vec<u64> = (0..rng.random_range(0..30))
                .map(|_| random_element(rng))
                .collect();
            let as_elements: Vec<Goldilocks> = elements
                .iter()
                .map(|&v| Goldilocks::new(v).unwrap())
                .collect();
            let expected = raw(miden::hash_elements::<H>(&as_elements));
            let got = family.returns(&midenPoseidon2HashElementsCall { elements });
            assert_eq!(got, expected, "{name}, seed {seed}");

            let bytes: Vec<u8> = (0..rng.random_range(0..120))
                .map(|_| rng.random())
                .collect();
            let expected = raw(miden::hash_bytes::<H>(&bytes));
            let got = family.returns(&midenPoseidon2HashBytesCall { data: bytes.into() });
            assert_eq!(got, expected, "{name}, seed {seed}");
        }
        for _ in 0..10 {
            let depth = rng.random_range(0..=64usize);
            let leaf = random_four(rng);
            let siblings: Vec<[u64; 4]> = (0..depth).map(|_| random_four(rng)).collect();
            let index = rng
                .random::<u64>()
                .checked_shr(64 - depth as u32)
                .unwrap_or(0);
            let words: Vec<Word> = siblings.iter().map(word).collect();
            let expected = raw(miden::root_from_path::<H>(&word(&leaf), &words, index).unwrap());
            let got = family.returns(&midenPoseidon2RootFromPathCall {
                leaf,
                siblings,
                index: U256::from(index),
            });
            assert_eq!(got, expected, "{name}: depth {depth}, seed {seed}");
        }
    }
    macro_rules! with_rng {
        ($($family:expr => $p:ty),*) => { $(each::<$p>(&$family, &mut rng, seed);)* };
    }
    with_rng!(POSEIDON2 => Plonky3, RPO => Rpo, RPX => Rpx);
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
    fn check(family: &Family) {
        for bad in [P, u64::MAX] {
            for at in 0..12 {
                let mut state = [9u64; 12];
                state[at] = bad;
                family.reverts_with(&midenPoseidon2PermuteCall { state }, not_in_field(at, bad));
            }
            for at in 0..9 {
                let mut all = [5u64; 9];
                all[at] = bad;
                let (left, right) = (all[..4].try_into().unwrap(), all[4..8].try_into().unwrap());
                if at < 8 {
                    let merge = midenPoseidon2MergeCall { left, right };
                    family.reverts_with(&merge, not_in_field(at, bad));
                }
                let domain = all[8];
                let merge = midenPoseidon2MergeInDomainCall {
                    left,
                    right,
                    domain,
                };
                family.reverts_with(&merge, not_in_field(at, bad));
            }
            for at in 0..10 {
                let mut elements = vec![3u64; 10];
                elements[at] = bad;
                elements.push(bad);
                let hash = midenPoseidon2HashElementsCall { elements };
                family.reverts_with(&hash, not_in_field(at, bad));
            }
            for at in 0..12 {
                let mut all = [7u64; 12];
                all[at] = bad;
                let path = midenPoseidon2RootFromPathCall {
                    leaf: all[..4].try_into().unwrap(),
                    siblings: vec![all[4..8].try_into().unwrap(), all[8..].try_into().unwrap()],
                    index: U256::from(2),
                };
                family.reverts_with(&path, not_in_field(at, bad));
            }
        }
    }
    FAMILIES.into_iter().for_each(check);
}

#[test]
fn path_shape_errors_come_first() {
    fn check(family: &Family) {
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
        family.reverts_with(&too_many, expected.abi_encode());
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
            family.reverts_with(&out_of_range, expected.abi_encode());
        }
    }
    FAMILIES.into_iter().for_each(check);
}

#[test]
fn calldata_that_does_not_decode_reverts_with_invalid_calldata() {
    fn check(family: &Family) {
        let rejects = |calldata: &[u8], selector: [u8; 4]| {
            assert_reverted_with(family.call(calldata), &invalid_calldata(selector));
        };
        // A word that is not a uint64.
        let merge = midenPoseidon2MergeCall {
            left: [1, 2, 3, 4],
            right: [5, 6, 7, 8],
        };
        let mut calldata = family.encode(&merge);
        calldata[4 + 32 * 6 + 23] = 1;
        rejects(&calldata, family.selector::<midenPoseidon2MergeCall>());
        let domain = midenPoseidon2MergeInDomainCall {
            left: [1, 2, 3, 4],
            right: [5, 6, 7, 8],
            domain: 9,
        };
        let mut calldata = family.encode(&domain);
        calldata[4 + 32 * 8] = 1;
        rejects(
            &calldata,
            family.selector::<midenPoseidon2MergeInDomainCall>(),
        );
        // Bytes running past the calldata, and a truncated array.
        let bytes = family.encode(&midenPoseidon2HashBytesCall {
            data: vec![1u8; 40].into(),
        });
        let selector = family.selector::<midenPoseidon2HashBytesCall>();
        rejects(&bytes[..4 + 64 + 39], selector);
        let mut long = bytes.clone();
        long[4 + 63] = 200;
        rejects(&long, selector);
        let path = family.encode(&midenPoseidon2RootFromPathCall {
            leaf: [1; 4],
            siblings: vec![[0; 4]],
            index: U256::ZERO,
        });
        let selector = family.selector::<midenPoseidon2RootFromPathCall>();
        rejects(&path[..path.len() - 1], selector);
        // Another program's function.
        let goldilocks = twoToOneCall {
            left: [1, 2, 3, 4],
            right: [5, 6, 7, 8],
        }
        .abi_encode();
        rejects(&goldilocks, twoToOneCall::SELECTOR);
    }
    FAMILIES.into_iter().for_each(check);
}

/// The goal (cached, whole call, [1,2,3,4], [5,6,7,8]): `midenPoseidon2Merge` ≤ 2,100 gas, no dearer
/// than HorizenLabs' `poseidon2TwoToOne`. Printed, and asserted so that a regression shows.
#[test]
fn gas_of_merge() {
    let merge = POSEIDON2.call(&POSEIDON2.encode(&midenPoseidon2MergeCall {
        left: [1, 2, 3, 4],
        right: [5, 6, 7, 8],
    }));
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
