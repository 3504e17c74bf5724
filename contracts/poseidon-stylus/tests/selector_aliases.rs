//! The other projects' selectors (`contracts/selectors.json`) on the programs as deployed, run
//! through the meter: every alias of a function (poseidon-solidity's `hash(uint256[N])`,
//! circomlibjs's `poseidon(uint256[N])` and `poseidon(bytes32[N])`, poseidon2-evm's `hash_1`,
//! `hash_2`, `hash_3`) returns what the function's own selector returns (for `hash_1` and `hash_3`,
//! which have none, `noirHash` of the same inputs) and the peers' published values, reverts
//! `InputNotInField(position, value)` at every position where the peers reduce an input ≥ p, and
//! costs what the function's own selector costs (the calldata differs only in the selector).
//!
//! Needs the built programs: `scripts/build-wasm.sh` writes them (`scripts/test.sh` builds them
//! before the tests).

mod common;

use common::deployable;

use alloy_sol_types::{SolCall, SolError, SolValue};
use common::bn254::{circomlib_vectors, p, random_field};
use common::{hex, seeded_rng, U256};
use poseidon_test_support::vectors;
use stylus_meter::{CallReport, Program};

alloy_sol_types::sol! {
    error InputNotInField(uint256 position, uint256 value);
    function noirHash(uint256[] inputs) external pure returns (uint256);
}

/// Random inputs per alias, each compared with the function's own selector.
const RANDOM_CALLS_PER_ALIAS: usize = 40;

/// One selector of another project's interface, and what it must answer like.
struct Alias {
    wasm: String,
    signature: String,
    selector: [u8; 4],
    /// Argument words (every alias takes words only).
    words: usize,
    /// The function's own selector; `None` for poseidon2-evm's `hash_1`/`hash_3`, which answer like
    /// `noirHash(uint256[])` of the same inputs.
    own: Option<([u8; 4], String)>,
}

/// `hash(uint256[2])` → 2, `hash_3(uint256,uint256,uint256)` → 3.
fn word_count(signature: &str) -> usize {
    let types = &signature[signature.find('(').unwrap() + 1..signature.len() - 1];
    types
        .split(',')
        .map(|ty| match ty.split_once('[') {
            None => 1,
            Some((_, length)) => length.trim_end_matches(']').parse::<usize>().unwrap(),
        })
        .sum()
}

/// Every alias of the table, once per program that answers it (each deployable of
/// `contracts/deployables.json` built with its feature: t = 3's aliases on the T3 program and on the
/// T3 Merkle program).
fn aliases() -> Vec<Alias> {
    let mut out = Vec::new();
    for group in vectors::selector_table().groups {
        let wasms: Vec<String> = deployable::registry()
            .into_iter()
            .filter(|d| d.deployable && d.features().contains(&group.feature.as_str()))
            .map(|d| d.wasm)
            .collect();
        assert!(
            !wasms.is_empty(),
            "no deployable of contracts/deployables.json builds feature {}",
            group.feature
        );
        for function in group.functions {
            for (row, wasm) in function
                .aliases
                .iter()
                .flat_map(|row| wasms.iter().map(move |wasm| (row, wasm)))
            {
                let words = word_count(&row.signature);
                // Our function (`ours`: Interface.name in IStylusPoseidon.sol) takes the alias's
                // words as uint256s: `hash(uint256,uint256)` for `hash(uint256[2])`. A wrong guess
                // would not answer like the alias, so the comparison below checks it too.
                let own = function.ours.as_deref().map(|ours| {
                    let name = ours.rsplit('.').next().unwrap();
                    let own = format!("{name}({})", vec!["uint256"; words].join(","));
                    let hash = alloy_primitives::keccak256(own.as_bytes());
                    ([hash[0], hash[1], hash[2], hash[3]], own)
                });
                if own.is_none() {
                    assert!(
                        function.name.starts_with("noirHash"),
                        "{}: a function without a selector of its own must be noirHash of its words",
                        row.signature
                    );
                }
                out.push(Alias {
                    wasm: wasm.clone(),
                    words,
                    selector: row.bytes(),
                    own,
                    signature: row.signature.clone(),
                });
            }
        }
    }
    assert!(out.len() >= 18, "only {} aliases", out.len());
    out
}

fn program(wasm: &str) -> &'static Program {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static PROGRAMS: OnceLock<Mutex<HashMap<String, &'static Program>>> = OnceLock::new();
    let mut programs = PROGRAMS.get_or_init(Default::default).lock().unwrap();
    programs
        .entry(wasm.to_string())
        .or_insert_with(|| Box::leak(Box::new(deployable::program(wasm))))
}

fn words_calldata(selector: [u8; 4], inputs: &[U256]) -> Vec<u8> {
    let mut calldata = selector.to_vec();
    for input in inputs {
        calldata.extend_from_slice(&input.to_be_bytes::<32>());
    }
    calldata
}

impl Alias {
    fn call(&self, inputs: &[U256]) -> CallReport {
        let calldata = words_calldata(self.selector, inputs);
        program(&self.wasm).call(&calldata).expect("the call runs")
    }

    /// The same inputs through the function's own selector (or `noirHash(uint256[])`).
    fn reference(&self, inputs: &[U256]) -> CallReport {
        let calldata = match &self.own {
            Some((own, _)) => words_calldata(*own, inputs),
            None => noirHashCall {
                inputs: inputs.to_vec(),
            }
            .abi_encode(),
        };
        program(&self.wasm).call(&calldata).expect("the call runs")
    }

    fn what(&self) -> String {
        let own = self.own.as_ref().map_or("noirHash(uint256[])", |(_, s)| s);
        format!("{} {} (vs {own})", self.wasm, self.signature)
    }
}

#[test]
fn every_alias_answers_like_the_function_it_calls() {
    let (seed, mut rng) = seeded_rng(module_path!());
    for alias in aliases() {
        let edges = [U256::ZERO, U256::from(1), p() - U256::from(1)];
        let mut cases: Vec<Vec<U256>> = edges.iter().map(|&e| vec![e; alias.words]).collect();
        cases.extend((0..RANDOM_CALLS_PER_ALIAS).map(|_| {
            (0..alias.words)
                .map(|_| random_field(&mut rng))
                .collect::<Vec<_>>()
        }));
        for inputs in cases {
            let (got, want) = (alias.call(&inputs), alias.reference(&inputs));
            assert!(!want.reverted, "{}: {inputs:?}", alias.what());
            assert_eq!(
                (got.reverted, hex(&got.returndata)),
                (false, hex(&want.returndata)),
                "{}: {inputs:?}, seed {seed}",
                alias.what()
            );
        }
    }
}

/// poseidon-solidity and circomlibjs (`addmod`/`mod` of every input), poseidon2-evm (inputs
/// "reduced mod PRIME on-chain", its IPoseidon2) hash p + x as x; the programs refuse it.
#[test]
fn an_input_the_peers_reduce_reverts_naming_its_position_and_value() {
    for alias in aliases() {
        for bad in [p(), p() + U256::from(1), U256::MAX] {
            for position in 0..alias.words {
                let mut inputs = vec![U256::from(7); alias.words];
                inputs[position] = bad;
                let report = alias.call(&inputs);
                let expected = InputNotInField {
                    position: U256::from(position),
                    value: bad,
                }
                .abi_encode();
                assert!(report.reverted, "{}: {inputs:?} hashed", alias.what());
                assert_eq!(hex(&report.returndata), hex(&expected), "{}", alias.what());
            }
        }
    }
}

/// circomlibjs's vectors through poseidon-solidity's and circomlibjs's selectors; Noir's (equal to
/// `@zkpassport/poseidon2`'s `poseidon2Hash`) through poseidon2-evm's.
#[test]
fn every_alias_gives_the_peers_published_values() {
    let noir: Vec<_> = vectors::poseidon2_instances()
        .noir
        .into_iter()
        .map(|case| (case.inputs, case.output))
        .collect();
    for alias in aliases() {
        let vectors = if alias.signature.starts_with("hash_") {
            noir.iter()
                .filter(|(inputs, _)| inputs.len() == alias.words)
                .cloned()
                .collect::<Vec<_>>()
        } else {
            circomlib_vectors(alias.words + 1)
        };
        assert!(!vectors.is_empty(), "{}: no vectors", alias.what());
        for (inputs, output) in vectors {
            let report = alias.call(&inputs);
            assert!(!report.reverted, "{}: {inputs:?}", alias.what());
            assert_eq!(
                U256::abi_decode(&report.returndata).unwrap(),
                output,
                "{}: {inputs:?}",
                alias.what()
            );
        }
    }
}

/// An alias costs what the function's own selector costs: the same execution (±1 gas for the
/// selector match), calldata gas differing only by the selector's zero bytes.
#[test]
fn every_alias_costs_what_its_function_costs() {
    for alias in aliases() {
        let inputs: Vec<U256> = (1..=alias.words as u64).map(U256::from).collect();
        let (got, want) = (alias.call(&inputs), alias.reference(&inputs));
        println!(
            "{:<34} {:<40} cached {:>5} uncached {:>6} execution {:>5} | reference cached {:>5} execution {:>5}",
            alias.wasm,
            alias.signature,
            got.gas.cached_call,
            got.gas.uncached_call,
            got.gas.execution,
            want.gas.cached_call,
            want.gas.execution
        );
        if let Some((own, _)) = &alias.own {
            assert!(
                got.gas.execution.abs_diff(want.gas.execution) <= 1,
                "{}: execution {} vs {}",
                alias.what(),
                got.gas.execution,
                want.gas.execution
            );
            let zero_bytes = |s: [u8; 4]| s.iter().filter(|&&b| b == 0).count() as u64;
            // EIP-2028: 4 gas a zero byte, 16 a non-zero one.
            assert_eq!(
                got.gas.calldata + 12 * zero_bytes(alias.selector),
                want.gas.calldata + 12 * zero_bytes(*own),
                "{}",
                alias.what()
            );
        }
    }
}
