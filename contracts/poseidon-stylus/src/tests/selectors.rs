//! The selector table (`crate::selectors`, generated from `contracts/selectors.json`): every
//! selector is its signature's keccak, and every selector of a function answers exactly as the
//! function's own does (same return data, same revert data) on the same argument bytes; the other
//! projects' selectors give their projects' values (circomlibjs vectors for poseidon-solidity's and
//! circomlibjs's, `@zkpassport/poseidon2` = Noir vectors for poseidon2-evm's) and revert
//! `InputNotInField` where those projects reduce an input ≥ p.

use alloy_primitives::{keccak256, U256};
use alloy_sol_types::{SolError, SolValue};
use poseidon_test_support::vectors;

use super::{modulus, pseudo_random_words, revert_of_calldata, Revert};
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::InputNotInField;
use crate::dispatch::dispatch;
use crate::selectors::{function, Function, OURS, ROUTES};

/// The number of argument words of a signature made of words and static arrays of words.
fn word_count(signature: &str) -> Option<usize> {
    let types = signature.split_once('(')?.1.strip_suffix(')')?;
    types
        .split(',')
        .map(|ty| match ty {
            "uint256" | "bytes32" => Some(1),
            _ => {
                let (base, length) = ty.strip_suffix(']')?.split_once('[')?;
                matches!(base, "uint256" | "bytes32").then(|| length.parse().ok())?
            }
        })
        .sum()
}

fn calldata(selector: [u8; 4], words: &[U256]) -> Vec<u8> {
    let mut out = selector.to_vec();
    for w in words {
        out.extend_from_slice(&w.to_be_bytes::<32>());
    }
    out
}

/// The rows of `function`, its own (ours) first when it has one.
fn rows_of(function: Function) -> Vec<&'static crate::selectors::Route> {
    let mut rows: Vec<_> = ROUTES.iter().filter(|r| r.function == function).collect();
    rows.sort_by_key(|r| r.interface != OURS);
    rows
}

/// Calls `signature`'s selector (from the table) with `words` and decodes one returned word.
fn call_word(signature: &str, words: &[U256]) -> U256 {
    let route = ROUTES
        .iter()
        .find(|r| r.signature == signature)
        .unwrap_or_else(|| panic!("{signature} is not in the table"));
    let out = dispatch(&calldata(route.selector, words))
        .unwrap_or_else(|revert| panic!("{signature} reverted: {revert:?}"));
    U256::abi_decode(&out).expect("one word")
}

#[test]
fn every_selector_is_its_signatures_keccak() {
    for route in ROUTES {
        assert_eq!(
            route.selector,
            keccak256(route.signature)[..4],
            "{}",
            route.signature
        );
        assert_eq!(function(route.selector), Some(route.function));
    }
}

#[test]
fn every_function_has_its_own_selector_or_a_peers() {
    let interfaces = [
        "stylus-poseidon",
        "poseidon-solidity",
        "poseidon-solidity-style",
        "circomlibjs",
        "poseidon2-evm",
    ];
    for route in ROUTES {
        assert!(interfaces.contains(&route.interface), "{}", route.signature);
    }
    // The interfaces, exactly: every circomlib width answers the three others' selectors,
    // the Noir program poseidon2-evm's three.
    for (n, own) in [
        Function::Hash1,
        Function::Hash2,
        Function::Hash3,
        Function::Hash4,
        Function::Hash5,
        Function::Hash6,
        Function::Hash7,
        Function::Hash8,
        Function::Hash9,
        Function::Hash10,
        Function::Hash11,
        Function::Hash12,
        Function::Hash13,
        Function::Hash14,
        Function::Hash15,
        Function::Hash16,
    ]
    .into_iter()
    .enumerate()
    .map(|(i, f)| (i + 1, f))
    {
        let mut signatures: Vec<_> = rows_of(own).iter().map(|r| r.signature).collect();
        signatures.sort();
        let mut expected = vec![
            format!("hash({})", vec!["uint256"; n].join(",")),
            format!("hash(uint256[{n}])"),
            format!("poseidon(bytes32[{n}])"),
            format!("poseidon(uint256[{n}])"),
        ];
        expected.sort();
        assert_eq!(signatures, expected);
    }
    for (own, signature) in [
        (Function::NoirHash1, "hash_1(uint256)"),
        (Function::NoirHash2, "hash_2(uint256,uint256)"),
        (Function::NoirHash3, "hash_3(uint256,uint256,uint256)"),
    ] {
        assert!(rows_of(own)
            .iter()
            .any(|r| r.signature == signature && r.interface == "poseidon2-evm"));
    }
}

/// Every function with more than one selector: the same bytes back for every selector, on field
/// elements, on each position ≥ p (both ≥ p words), on too few words and on extra words.
#[test]
fn every_selector_of_a_function_answers_alike() {
    let mut compared = 0;
    for route in ROUTES {
        let rows = rows_of(route.function);
        if rows.len() < 2 || !core::ptr::eq(rows[0], route) {
            continue;
        }
        let n = word_count(route.signature).expect("multi-selector functions take words");
        let mut cases: Vec<Vec<U256>> = (0..8).map(|seed| pseudo_random_words(n, seed)).collect();
        for position in 0..n {
            for bad in [modulus(), U256::MAX] {
                let mut words = pseudo_random_words(n, 100 + position as u64);
                words[position] = bad;
                cases.push(words);
            }
        }
        cases.push(pseudo_random_words(n - 1, 200));
        cases.push(pseudo_random_words(n + 1, 201));
        for words in cases {
            let want = dispatch(&calldata(rows[0].selector, &words));
            for other in &rows[1..] {
                let got = dispatch(&calldata(other.selector, &words));
                // InvalidCalldata names the selector called: then only the error's kind must agree.
                let invalid = |outcome: &Result<Vec<u8>, Vec<u8>>| {
                    outcome
                        .as_ref()
                        .is_err_and(|data| InvalidCalldata::abi_decode(data).is_ok())
                };
                if !(invalid(&want) && invalid(&got)) {
                    assert_eq!(
                        got, want,
                        "{} vs {} on {words:?}",
                        other.signature, route.signature
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 0);
}

/// poseidon-solidity's `hash(uint256[N])` and circomlibjs's `poseidon(uint256[N])` and
/// `poseidon(bytes32[N])` give circomlibjs's vectors; an input ≥ p, which both reduce, reverts.
#[test]
fn circomlib_peers_selectors_give_circomlibjs_values() {
    let circomlib = vectors::circomlib();
    for n in 1..=16 {
        for case in circomlib.width(n + 1) {
            let (inputs, want) = (&case.inputs, case.output);
            for signature in [
                format!("hash({})", vec!["uint256"; n].join(",")),
                format!("hash(uint256[{n}])"),
                format!("poseidon(uint256[{n}])"),
                format!("poseidon(bytes32[{n}])"),
            ] {
                assert_eq!(
                    call_word(&signature, inputs),
                    want,
                    "{signature} {inputs:?}"
                );
            }
        }
        // p + 1 is 1 to poseidon-solidity and circomlibjs; here it is an error at its position.
        let route = ROUTES
            .iter()
            .find(|r| r.signature == format!("hash(uint256[{n}])"))
            .unwrap();
        let mut inputs = vec![U256::from(1); n];
        inputs[n - 1] = modulus() + U256::from(1);
        assert_eq!(
            revert_of_calldata(&calldata(route.selector, &inputs)),
            Revert::InputNotInField(InputNotInField {
                position: U256::from(n - 1),
                value: inputs[n - 1],
            })
        );
    }
}

/// poseidon2-evm's `hash_1`, `hash_2`, `hash_3` give Noir's hash of 1, 2, 3 inputs (the vectors
/// equal `@zkpassport/poseidon2`'s `poseidon2Hash`) and `noirHash` of the same inputs.
#[test]
fn poseidon2_evm_selectors_give_noirs_hash() {
    let mut checked = [0; 4];
    for case in vectors::poseidon2_instances().noir {
        let inputs = case.inputs;
        let signature = match inputs.len() {
            1 => "hash_1(uint256)",
            2 => "hash_2(uint256,uint256)",
            3 => "hash_3(uint256,uint256,uint256)",
            _ => continue,
        };
        assert_eq!(call_word(signature, &inputs), case.output);
        checked[inputs.len()] += 1;
    }
    assert!(checked[1..].iter().all(|&count| count > 0), "{checked:?}");
    for seed in 0..16 {
        for (n, signature) in [
            (1, "hash_1(uint256)"),
            (2, "hash_2(uint256,uint256)"),
            (3, "hash_3(uint256,uint256,uint256)"),
        ] {
            let inputs = pseudo_random_words(n, seed);
            let noir_hash = crate::abi::INoirPoseidon2Hasher::noirHashCall {
                inputs: inputs.clone(),
            };
            assert_eq!(call_word(signature, &inputs), super::returns(&noir_hash));
            // Each position ≥ p: InputNotInField, where poseidon2-evm reduces.
            for position in 0..n {
                let mut bad = inputs.clone();
                bad[position] = modulus() + U256::from(position);
                let selector = ROUTES
                    .iter()
                    .find(|r| r.signature == signature)
                    .unwrap()
                    .selector;
                assert_eq!(
                    revert_of_calldata(&calldata(selector, &bad)),
                    Revert::InputNotInField(InputNotInField {
                        position: U256::from(position),
                        value: bad[position],
                    })
                );
            }
        }
    }
}

#[test]
fn word_count_reads_words_and_static_arrays() {
    assert_eq!(word_count("hash(uint256,uint256)"), Some(2));
    assert_eq!(word_count("poseidon(bytes32[5])"), Some(5));
    assert_eq!(word_count("noirHash(uint256[])"), None);
    assert_eq!(word_count("permute(uint64[12])"), None);
}
