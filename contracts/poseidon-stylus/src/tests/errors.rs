//! Every revert: each input position at p and at 2^256 − 1, the array checks in their documented
//! order, and calldata that does not decode.

use alloy_primitives::{FixedBytes, U256};
use alloy_sol_types::SolCall;

use super::{modulus, returns, revert_of, revert_of_calldata, Revert};
use crate::abi::IPoseidonErrors::{
    EmptyInput, OddPairsLength, PathBitsOutOfRange, TooManySiblings,
};
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::InputNotInField;
use crate::abi::{
    IPoseidonSponge, IPoseidonT2Hasher, IPoseidonT3Hasher, IPoseidonT4Hasher, IPoseidonT5Hasher,
    IPoseidonT6Hasher, IPoseidonT7Hasher, IStylusPoseidon,
};
use crate::functions::MAX_SIBLINGS;
use crate::selectors::ROUTES;

fn not_in_field(position: usize, value: U256) -> Revert {
    Revert::InputNotInField(InputNotInField {
        position: U256::from(position),
        value,
    })
}

/// The smallest and the largest word that is not a field element.
fn bad_words() -> [U256; 2] {
    [modulus(), U256::MAX]
}

/// `inputs` with position `at` replaced by `bad`.
fn with_bad<const N: usize>(at: usize, bad: U256) -> [U256; N] {
    let mut inputs = [U256::from(7); N];
    inputs[at] = bad;
    inputs
}

#[test]
fn every_fixed_width_function_rejects_each_position() {
    for bad in bad_words() {
        let [a] = with_bad::<1>(0, bad);
        assert_eq!(
            revert_of(&IPoseidonT2Hasher::hashCall { a }),
            not_in_field(0, bad)
        );
        for at in 0..2 {
            let [a, b] = with_bad::<2>(at, bad);
            assert_eq!(
                revert_of(&IPoseidonT3Hasher::hashCall { a, b }),
                not_in_field(at, bad)
            );
            assert_eq!(
                revert_of(&IStylusPoseidon::poseidon2Call { a, b }),
                not_in_field(at, bad)
            );
        }
        for at in 0..3 {
            let [a, b, c] = with_bad::<3>(at, bad);
            assert_eq!(
                revert_of(&IPoseidonT4Hasher::hashCall { a, b, c }),
                not_in_field(at, bad)
            );
        }
        for at in 0..4 {
            let [a, b, c, d] = with_bad::<4>(at, bad);
            assert_eq!(
                revert_of(&IPoseidonT5Hasher::hashCall { a, b, c, d }),
                not_in_field(at, bad)
            );
        }
        for at in 0..5 {
            let [a, b, c, d, e] = with_bad::<5>(at, bad);
            assert_eq!(
                revert_of(&IPoseidonT6Hasher::hashCall { a, b, c, d, e }),
                not_in_field(at, bad)
            );
        }
        for at in 0..6 {
            let [a, b, c, d, e, f] = with_bad::<6>(at, bad);
            assert_eq!(
                revert_of(&IPoseidonT7Hasher::hashCall { a, b, c, d, e, f }),
                not_in_field(at, bad)
            );
        }
    }
}

#[test]
fn poseidon_sponge_names_the_first_value_not_in_field() {
    // Across frames: the first bad value wins, wherever it is (13 values: three frames).
    for bad in bad_words() {
        for at in 0..13 {
            let mut values = vec![U256::from(7); 13];
            values[at] = bad;
            if at + 1 < 13 {
                values[at + 1] = U256::MAX;
            }
            assert_eq!(
                revert_of(&IPoseidonSponge::poseidonSpongeCall { values }),
                not_in_field(at, bad),
                "value {at}"
            );
        }
    }
}

#[test]
fn first_bad_input_is_reported() {
    let call = IPoseidonT3Hasher::hashCall {
        a: U256::MAX,
        b: modulus(),
    };
    assert_eq!(revert_of(&call), not_in_field(0, U256::MAX));
}

fn root_call(
    leaf: U256,
    siblings: Vec<U256>,
    path_bits: U256,
) -> IPoseidonT3Hasher::rootFromPathCall {
    IPoseidonT3Hasher::rootFromPathCall {
        leaf,
        siblings,
        pathBits: path_bits,
    }
}

#[test]
fn root_from_path_rejects_empty_path() {
    let call = root_call(U256::from(1), vec![], U256::ZERO);
    assert_eq!(revert_of(&call), Revert::EmptyInput(EmptyInput {}));
}

#[test]
fn root_from_path_rejects_too_many_siblings_before_other_checks() {
    let count = MAX_SIBLINGS + 1;
    let call = root_call(modulus(), vec![modulus(); count], U256::MAX);
    let expected = TooManySiblings {
        count: U256::from(count),
        max: U256::from(256),
    };
    assert_eq!(revert_of(&call), Revert::TooManySiblings(expected));
}

#[test]
fn root_from_path_rejects_path_bits_at_or_above_depth() {
    for (depth, path_bits) in [
        (1, U256::from(2)),
        (3, U256::from(8)),
        (20, U256::from(1) << 20),
        (255, U256::MAX),
    ] {
        // Leaf and siblings are bad too: the path-bits check comes first.
        let call = root_call(modulus(), vec![modulus(); depth], path_bits);
        let expected = PathBitsOutOfRange {
            pathBits: path_bits,
            depth: U256::from(depth),
        };
        assert_eq!(
            revert_of(&call),
            Revert::PathBitsOutOfRange(expected),
            "depth {depth}"
        );
    }
}

#[test]
fn root_from_path_accepts_every_bit_at_full_depth() {
    let call = root_call(U256::from(1), vec![U256::from(2); MAX_SIBLINGS], U256::MAX);
    returns(&call);
}

#[test]
fn root_from_path_rejects_leaf_then_first_bad_sibling() {
    for bad in bad_words() {
        let call = root_call(bad, vec![modulus(); 4], U256::ZERO);
        assert_eq!(revert_of(&call), not_in_field(0, bad), "leaf first");
        for i in 0..4 {
            let mut siblings = vec![U256::from(5); 4];
            siblings[i] = bad;
            if i + 1 < 4 {
                siblings[i + 1] = modulus(); // a later bad sibling is not the one reported
            }
            let call = root_call(U256::from(1), siblings, U256::from(0b1010));
            assert_eq!(revert_of(&call), not_in_field(1 + i, bad), "sibling {i}");
        }
    }
}

#[test]
fn hash_pairs_rejects_empty_and_odd_arrays() {
    let empty = IPoseidonT3Hasher::hashPairsCall { flat: vec![] };
    assert_eq!(revert_of(&empty), Revert::EmptyInput(EmptyInput {}));
    for length in [1usize, 3, 5, 99] {
        // Elements ≥ p too: the length check comes first.
        let call = IPoseidonT3Hasher::hashPairsCall {
            flat: vec![modulus(); length],
        };
        let expected = OddPairsLength {
            length: U256::from(length),
        };
        assert_eq!(
            revert_of(&call),
            Revert::OddPairsLength(expected),
            "length {length}"
        );
    }
}

#[test]
fn hash_pairs_reports_first_bad_element_by_flat_index() {
    for bad in bad_words() {
        for j in 0..6 {
            let mut flat = vec![U256::from(3); 6];
            flat[j] = bad;
            if j + 1 < 6 {
                flat[j + 1] = modulus();
            }
            let call = IPoseidonT3Hasher::hashPairsCall { flat };
            assert_eq!(revert_of(&call), not_in_field(j, bad), "index {j}");
        }
    }
}

fn invalid_calldata(selector: [u8; 4]) -> Revert {
    Revert::InvalidCalldata(InvalidCalldata {
        selector: FixedBytes(selector),
    })
}

#[test]
fn short_calldata_and_unknown_selectors_are_invalid() {
    assert_eq!(revert_of_calldata(&[]), invalid_calldata([0; 4]));
    assert_eq!(
        revert_of_calldata(&[0x56, 0x15, 0x58]),
        invalid_calldata([0x56, 0x15, 0x58, 0])
    );
    assert_eq!(
        revert_of_calldata(&[0xde, 0xad, 0xbe, 0xef]),
        invalid_calldata([0xde, 0xad, 0xbe, 0xef])
    );
    // A prefix of a real selector is not that selector, even when zero-padding would match it.
    for (selector, _) in all_selectors() {
        let cut = selector.iter().rposition(|b| *b != 0).unwrap();
        assert_eq!(
            revert_of_calldata(&selector[..=cut]),
            invalid_calldata({
                let mut padded = [0u8; 4];
                padded[..=cut].copy_from_slice(&selector[..=cut]);
                padded
            })
        );
    }
    // poseidon2-evm's variable-length `hash(uint256[])`: a Poseidon selector, but not one of ours.
    let foreign = alloy_primitives::keccak256("hash(uint256[])");
    let mut calldata = foreign[..4].to_vec();
    calldata.extend_from_slice(&[0u8; 64]);
    assert_eq!(
        revert_of_calldata(&calldata),
        invalid_calldata(foreign[..4].try_into().unwrap())
    );
}

#[test]
fn truncated_arguments_are_invalid() {
    let selector = IPoseidonT3Hasher::hashCall::SELECTOR;
    let full = IPoseidonT3Hasher::hashCall {
        a: U256::from(1),
        b: U256::from(2),
    }
    .abi_encode();
    for len in [4, 5, 36, 67] {
        assert_eq!(
            revert_of_calldata(&full[..len]),
            invalid_calldata(selector),
            "length {len}"
        );
    }
    let poseidon2 = IStylusPoseidon::poseidon2Call {
        a: U256::from(1),
        b: U256::from(2),
    }
    .abi_encode();
    let selector = IStylusPoseidon::poseidon2Call::SELECTOR;
    assert_eq!(
        revert_of_calldata(&poseidon2[..40]),
        invalid_calldata(selector)
    );
}

#[test]
fn malformed_dynamic_arrays_are_invalid() {
    let selector = IPoseidonT3Hasher::hashPairsCall::SELECTOR;
    let good = IPoseidonT3Hasher::hashPairsCall {
        flat: vec![U256::from(1), U256::from(2)],
    }
    .abi_encode();
    // Offset pointing past the end.
    let mut bad_offset = good.clone();
    bad_offset[4 + 31] = 0xff;
    assert_eq!(revert_of_calldata(&bad_offset), invalid_calldata(selector));
    // Length larger than the data that follows.
    let mut bad_length = good.clone();
    bad_length[4 + 63] = 3;
    assert_eq!(revert_of_calldata(&bad_length), invalid_calldata(selector));
    // Array cut short.
    assert_eq!(
        revert_of_calldata(&good[..good.len() - 1]),
        invalid_calldata(selector)
    );

    let selector = IPoseidonT3Hasher::rootFromPathCall::SELECTOR;
    let good = IPoseidonT3Hasher::rootFromPathCall {
        leaf: U256::from(1),
        siblings: vec![U256::from(2)],
        pathBits: U256::ZERO,
    }
    .abi_encode();
    let mut huge_length = good.clone();
    huge_length[4 + 3 * 32..4 + 4 * 32].fill(0xff);
    assert_eq!(revert_of_calldata(&huge_length), invalid_calldata(selector));
}

#[test]
fn trailing_calldata_is_ignored_like_solidity() {
    let mut calldata = IPoseidonT3Hasher::hashCall {
        a: U256::from(1),
        b: U256::from(2),
    }
    .abi_encode();
    let expected = crate::dispatch::dispatch(&calldata).unwrap();
    calldata.extend_from_slice(&[0xab; 7]);
    assert_eq!(crate::dispatch::dispatch(&calldata).unwrap(), expected);
}

/// Every selector of every group (the table of `crate::selectors`, all groups in unit tests).
fn all_selectors() -> Vec<([u8; 4], &'static str)> {
    ROUTES
        .iter()
        .map(|route| (route.selector, route.signature))
        .collect()
}

#[test]
fn selector_only_calldata_is_invalid_for_every_function() {
    for (selector, signature) in all_selectors() {
        assert_eq!(
            revert_of_calldata(&selector),
            invalid_calldata(selector),
            "{signature}"
        );
    }
}

#[test]
fn nodes_from_path_reverts_exactly_like_root_from_path() {
    let mut cases = vec![
        (U256::from(1), vec![], U256::ZERO),
        (modulus(), vec![modulus(); MAX_SIBLINGS + 1], U256::MAX),
        (modulus(), vec![modulus(); 3], U256::from(8)),
        (U256::MAX, vec![U256::from(5); 4], U256::ZERO),
    ];
    for i in 0..4 {
        let mut siblings = vec![U256::from(5); 4];
        siblings[i] = modulus();
        cases.push((U256::from(1), siblings, U256::from(0b0110)));
    }
    for (leaf, siblings, path_bits) in cases {
        let nodes = IPoseidonT3Hasher::nodesFromPathCall {
            leaf,
            siblings: siblings.clone(),
            pathBits: path_bits,
        };
        let root = root_call(leaf, siblings, path_bits);
        assert_eq!(revert_of(&nodes), revert_of(&root), "{leaf} {path_bits}");
    }
}
