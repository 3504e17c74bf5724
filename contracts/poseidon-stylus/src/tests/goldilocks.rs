//! The Goldilocks functions through the dispatcher: plonky2's vectors and Merkle proofs
//! (`test/vectors/goldilocks-plonky2.json`), random inputs against `poseidon_goldilocks`, every
//! error in its documented order, and the in-place reading of `uint64[12]`/`uint64[4][]` against
//! alloy's validating decoder.

use alloy_primitives::U256;
use alloy_sol_types::{SolCall, SolError};
use poseidon_goldilocks::{merkle, poseidon, poseidon2, sponge, Digest, Goldilocks, P};

use super::{returns, revert_of, revert_of_calldata, Revert};
use crate::abi::IGoldilocksPoseidon as Abi;
use crate::abi::IPoseidonErrors::{
    EmptyInput, LeafIndexOutOfRange, PathBitsOutOfRange, TooManySiblings,
};
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::InputNotInField;
use crate::dispatch::dispatch;
use crate::goldilocks::MAX_SIBLINGS;
use poseidon_test_support::vectors;

fn elements(values: &[u64]) -> Vec<Goldilocks> {
    values
        .iter()
        .map(|&v| Goldilocks::new(v).unwrap())
        .collect()
}

fn digest(values: &[u64; 4]) -> Digest {
    values.map(|v| Goldilocks::new(v).unwrap())
}

fn raw(digest: Digest) -> [u64; 4] {
    digest.map(Goldilocks::value)
}

/// splitmix64: canonical elements, edges often.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn element(&mut self) -> u64 {
        let edges = [0, 1, P - 1, P - 2, 1 << 32, (1 << 32) - 1];
        match self.next() % 8 {
            0 => edges[(self.next() % 6) as usize],
            _ => self.next() % P,
        }
    }
    fn elements<const N: usize>(&mut self) -> [u64; N] {
        core::array::from_fn(|_| self.element())
    }
}

#[test]
fn plonky2_vectors() {
    let vectors = vectors::goldilocks_plonky2();
    for case in &vectors.permutation {
        let out = returns(&Abi::permuteCall { state: case.input });
        assert_eq!(out, case.output);
    }
    for case in &vectors.hash {
        let inputs = case.input.clone();
        let call = Abi::hashNoPadCall {
            inputs: inputs.clone(),
        };
        assert_eq!(returns(&call), case.hash_no_pad);
        assert_eq!(returns(&Abi::hashOrNoopCall { inputs }), case.hash_or_noop);
    }
    for case in &vectors.two_to_one {
        let call = Abi::twoToOneCall {
            left: case.left,
            right: case.right,
        };
        assert_eq!(returns(&call), case.output);
    }
}

#[test]
fn plonky2_merkle_proofs_verify() {
    for proof in vectors::goldilocks_plonky2().merkle_proofs {
        let (leaf_data, siblings, cap) = (proof.leaf_data, proof.siblings, proof.cap);
        let index = proof.leaf_index;
        let verify = Abi::verifyMerkleProofToCapCall {
            leafData: leaf_data.clone(),
            leafIndex: U256::from(index),
            cap: cap.clone(),
            siblings: siblings.clone(),
        };
        assert!(returns(&verify));
        // The same leaf at the sibling index, or a changed cap entry, does not verify.
        let mut wrong = verify.clone();
        wrong.leafIndex = U256::from(index ^ 1);
        assert!(!returns(&wrong));
        let mut wrong = verify.clone();
        let entry = (index >> siblings.len()) as usize;
        wrong.cap[entry][3] ^= 1;
        assert!(!returns(&wrong));
        if cap.len() == 1 {
            let root = returns(&Abi::rootFromPathCall {
                leafData: leaf_data,
                siblings,
                leafIndex: U256::from(index),
            });
            assert_eq!(root, cap[0]);
        }
    }
}

#[test]
fn random_inputs_match_the_library() {
    let mut rng = Rng(15);
    for _ in 0..40 {
        let state = rng.elements::<12>();
        let expected = poseidon::permute(&digest12(&state)).map(Goldilocks::value);
        assert_eq!(returns(&Abi::permuteCall { state }), expected);
        let expected2 = poseidon2::permute(&digest12(&state)).map(Goldilocks::value);
        assert_eq!(returns(&Abi::poseidon2PermuteCall { state }), expected2);

        let (left, right) = (rng.elements::<4>(), rng.elements::<4>());
        let expected = raw(poseidon::two_to_one(&digest(&left), &digest(&right)));
        assert_eq!(returns(&Abi::twoToOneCall { left, right }), expected);
        let expected = raw(poseidon2::two_to_one(&digest(&left), &digest(&right)));
        assert_eq!(
            returns(&Abi::poseidon2TwoToOneCall { left, right }),
            expected
        );

        let inputs: Vec<u64> = (0..rng.next() % 30).map(|_| rng.element()).collect();
        let as_elements = elements(&inputs);
        assert_eq!(
            returns(&Abi::hashOrNoopCall {
                inputs: inputs.clone()
            }),
            raw(poseidon::hash_or_noop(&as_elements))
        );
        assert_eq!(
            returns(&Abi::poseidon2HashOrNoopCall {
                inputs: inputs.clone()
            }),
            raw(poseidon2::hash_or_noop(&as_elements))
        );
        if !inputs.is_empty() {
            assert_eq!(
                returns(&Abi::hashNoPadCall {
                    inputs: inputs.clone()
                }),
                raw(poseidon::hash_no_pad(&as_elements))
            );
            assert_eq!(
                returns(&Abi::poseidon2HashNoPadCall {
                    inputs: inputs.clone()
                }),
                raw(poseidon2::hash_no_pad(&as_elements))
            );
        }

        let depth = (rng.next() % 12) as usize;
        let siblings: Vec<[u64; 4]> = (0..depth).map(|_| rng.elements::<4>()).collect();
        let sibling_digests: Vec<Digest> = siblings.iter().map(digest).collect();
        let index = rng.next() & ((1 << depth) - 1);
        let node = merkle::node_from_path::<poseidon::Poseidon, _>(
            &as_elements,
            sibling_digests.iter().copied(),
            index,
        );
        let call = Abi::rootFromPathCall {
            leafData: inputs.clone(),
            siblings: siblings.clone(),
            leafIndex: U256::from(index),
        };
        assert_eq!(returns(&call), raw(node));
        let node2 = merkle::node_from_path::<poseidon2::Poseidon2, _>(
            &as_elements,
            sibling_digests.iter().copied(),
            index,
        );
        let call = Abi::poseidon2RootFromPathCall {
            leafData: inputs.clone(),
            siblings: siblings.clone(),
            leafIndex: U256::from(index),
        };
        assert_eq!(returns(&call), raw(node2));
        // Cap height 1: the node is cap[index >> depth].
        let high = rng.next() % 2;
        let mut cap = vec![rng.elements::<4>(), rng.elements::<4>()];
        cap[high as usize] = raw(node2);
        let call = Abi::poseidon2VerifyMerkleProofToCapCall {
            leafData: inputs,
            leafIndex: U256::from(index | high << depth),
            cap,
            siblings,
        };
        assert!(returns(&call));
    }
}

fn digest12(values: &[u64; 12]) -> [Goldilocks; 12] {
    values.map(|v| Goldilocks::new(v).unwrap())
}

fn not_in_field(position: usize, value: u64) -> Revert {
    Revert::InputNotInField(InputNotInField {
        position: U256::from(position),
        value: U256::from(value),
    })
}

#[test]
fn elements_not_below_p_revert_naming_their_position() {
    for bad in [P, P + 1, u64::MAX] {
        for at in 0..12 {
            let mut state = [3u64; 12];
            state[at] = bad;
            assert_eq!(
                revert_of(&Abi::permuteCall { state }),
                not_in_field(at, bad)
            );
            assert_eq!(
                revert_of(&Abi::poseidon2PermuteCall { state }),
                not_in_field(at, bad)
            );
        }
        for at in 0..8 {
            let mut both = [5u64; 8];
            both[at] = bad;
            let (left, right) = (both[..4].try_into().unwrap(), both[4..].try_into().unwrap());
            assert_eq!(
                revert_of(&Abi::twoToOneCall { left, right }),
                not_in_field(at, bad)
            );
            assert_eq!(
                revert_of(&Abi::poseidon2TwoToOneCall { left, right }),
                not_in_field(at, bad)
            );
        }
        let mut inputs = vec![1u64; 11];
        inputs[9] = bad;
        inputs[10] = bad;
        let call = Abi::hashNoPadCall {
            inputs: inputs.clone(),
        };
        assert_eq!(revert_of(&call), not_in_field(9, bad));
        assert_eq!(
            revert_of(&Abi::hashOrNoopCall { inputs }),
            not_in_field(9, bad)
        );
        // Paths: leaf data, then cap, then siblings, flattened.
        let leaf = vec![1u64, 2, 3];
        let root = |leaf: Vec<u64>, siblings: Vec<[u64; 4]>| Abi::rootFromPathCall {
            leafData: leaf,
            siblings,
            leafIndex: U256::from(1),
        };
        let mut bad_leaf = leaf.clone();
        bad_leaf[2] = bad;
        assert_eq!(
            revert_of(&root(bad_leaf.clone(), vec![[0; 4]; 2])),
            not_in_field(2, bad)
        );
        assert_eq!(
            revert_of(&root(leaf.clone(), vec![[0; 4], [0, 0, bad, 0]])),
            not_in_field(3 + 4 + 2, bad)
        );
        let verify = |cap: Vec<[u64; 4]>, siblings: Vec<[u64; 4]>| {
            Abi::poseidon2VerifyMerkleProofToCapCall {
                leafData: leaf.clone(),
                leafIndex: U256::from(3),
                cap,
                siblings,
            }
        };
        assert_eq!(
            revert_of(&verify(vec![[0; 4], [0, bad, 0, 0]], vec![[0; 4]])),
            not_in_field(3 + 4 + 1, bad)
        );
        assert_eq!(
            revert_of(&verify(vec![[0; 4]; 2], vec![[0, 0, 0, bad]])),
            not_in_field(3 + 8 + 3, bad)
        );
    }
}

#[test]
fn shape_errors_in_their_documented_order() {
    assert_eq!(
        revert_of(&Abi::hashNoPadCall { inputs: vec![] }),
        Revert::EmptyInput(EmptyInput {})
    );
    assert_eq!(
        revert_of(&Abi::poseidon2HashNoPadCall { inputs: vec![] }),
        Revert::EmptyInput(EmptyInput {})
    );
    // hashOrNoop([]) is plonky2's zero digest (the noop path), and a path with no siblings is a
    // one-leaf tree whose root is the leaf digest.
    assert_eq!(returns(&Abi::hashOrNoopCall { inputs: vec![] }), [0; 4]);
    let leaf = vec![P - 1, 7];
    let one_leaf = Abi::rootFromPathCall {
        leafData: leaf.clone(),
        siblings: vec![],
        leafIndex: U256::ZERO,
    };
    assert_eq!(returns(&one_leaf), [P - 1, 7, 0, 0]);

    let too_many = vec![[0u64; 4]; MAX_SIBLINGS + 1];
    let expected = Revert::TooManySiblings(TooManySiblings {
        count: U256::from(MAX_SIBLINGS + 1),
        max: U256::from(MAX_SIBLINGS),
    });
    // Too many siblings comes before a bad index and before bad elements.
    let call = Abi::rootFromPathCall {
        leafData: vec![P],
        siblings: too_many.clone(),
        leafIndex: U256::MAX,
    };
    assert_eq!(revert_of(&call), expected);
    let call = Abi::verifyMerkleProofToCapCall {
        leafData: vec![P],
        leafIndex: U256::MAX,
        cap: vec![],
        siblings: too_many,
    };
    assert_eq!(revert_of(&call), expected);

    // The index before the elements.
    let call = Abi::rootFromPathCall {
        leafData: vec![P],
        siblings: vec![[0; 4]; 3],
        leafIndex: U256::from(8),
    };
    let expected = Revert::PathBitsOutOfRange(PathBitsOutOfRange {
        pathBits: U256::from(8),
        depth: U256::from(3),
    });
    assert_eq!(revert_of(&call), expected);
    let call = Abi::verifyMerkleProofToCapCall {
        leafData: vec![P],
        leafIndex: U256::from(12),
        cap: vec![[0; 4]; 3],
        siblings: vec![[0; 4]; 2],
    };
    let expected = Revert::LeafIndexOutOfRange(LeafIndexOutOfRange {
        leafIndex: U256::from(12),
        leaves: U256::from(12),
    });
    assert_eq!(revert_of(&call), expected);
    // The largest index a full-depth path takes, and an empty cap.
    let call = Abi::verifyMerkleProofToCapCall {
        leafData: vec![],
        leafIndex: U256::ZERO,
        cap: vec![],
        siblings: vec![],
    };
    let expected = Revert::LeafIndexOutOfRange(LeafIndexOutOfRange {
        leafIndex: U256::ZERO,
        leaves: U256::ZERO,
    });
    assert_eq!(revert_of(&call), expected);
}

/// A word with a bit above the low 64 set is not a `uint64`: the calldata does not decode, and
/// that is reported before any other check.
#[test]
fn words_that_are_not_uint64_do_not_decode() {
    let call = Abi::twoToOneCall {
        left: [1, 2, 3, 4],
        right: [P, 6, 7, 8],
    };
    let selector = Abi::twoToOneCall::SELECTOR;
    let expected = Revert::InvalidCalldata(InvalidCalldata {
        selector: selector.into(),
    });
    for (word, byte) in [(0, 23), (7, 0), (3, 12)] {
        let mut calldata = call.abi_encode();
        calldata[4 + 32 * word + byte] = 1;
        assert_eq!(revert_of_calldata(&calldata), expected, "word {word}");
    }
    // In an array element, even with a bad index and too many siblings.
    let path = Abi::rootFromPathCall {
        leafData: vec![1],
        siblings: vec![[0; 4]; MAX_SIBLINGS + 1],
        leafIndex: U256::MAX,
    };
    let mut calldata = path.abi_encode();
    let last = calldata.len() - 32;
    calldata[last] = 0x80;
    assert_eq!(
        revert_of_calldata(&calldata),
        Revert::InvalidCalldata(InvalidCalldata {
            selector: Abi::rootFromPathCall::SELECTOR.into(),
        })
    );
}

/// Mutated calldata of every argument shape: we accept exactly what alloy's validating decoder
/// accepts (it refuses a `uint64` word with high bits), and read the same values.
#[test]
fn the_decoder_accepts_exactly_what_alloy_accepts() {
    let mut rng = Rng(7);
    let bases: Vec<Vec<u8>> = vec![
        Abi::permuteCall {
            state: rng.elements(),
        }
        .abi_encode(),
        Abi::twoToOneCall {
            left: rng.elements(),
            right: rng.elements(),
        }
        .abi_encode(),
        Abi::hashNoPadCall {
            inputs: vec![1, 2, 3],
        }
        .abi_encode(),
        Abi::rootFromPathCall {
            leafData: vec![1, 2],
            siblings: vec![rng.elements(), rng.elements()],
            leafIndex: U256::from(2),
        }
        .abi_encode(),
        Abi::verifyMerkleProofToCapCall {
            leafData: vec![9],
            leafIndex: U256::from(1),
            cap: vec![rng.elements(); 2],
            siblings: vec![rng.elements()],
        }
        .abi_encode(),
    ];
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..5_000 {
        let shape = round % bases.len();
        let calldata = mutate(&bases[shape], &mut rng);
        let args = &calldata[4..];
        let canonical = match shape {
            0 => Abi::permuteCall::abi_decode_raw_validate(args).map(|c| c.abi_encode()),
            1 => Abi::twoToOneCall::abi_decode_raw_validate(args).map(|c| c.abi_encode()),
            2 => Abi::hashNoPadCall::abi_decode_raw_validate(args).map(|c| c.abi_encode()),
            3 => Abi::rootFromPathCall::abi_decode_raw_validate(args).map(|c| c.abi_encode()),
            _ => Abi::verifyMerkleProofToCapCall::abi_decode_raw_validate(args)
                .map(|c| c.abi_encode()),
        };
        let ours = dispatch(&calldata);
        let we_refused = matches!(&ours, Err(revert) if revert[..4] == InvalidCalldata::SELECTOR);
        match canonical {
            Ok(canonical) => {
                accepted += 1;
                assert!(!we_refused, "alloy decodes, we refused: {calldata:02x?}");
                assert_eq!(ours, dispatch(&canonical), "{calldata:02x?}");
            }
            Err(_) => {
                refused += 1;
                assert!(we_refused, "alloy refuses, we accepted: {calldata:02x?}");
            }
        }
    }
    assert!(
        accepted > 500 && refused > 500,
        "mutations cover both: {accepted} accepted, {refused} refused"
    );
}

/// Offsets, lengths, truncation, extension, high bytes of a word, single bits.
fn mutate(calldata: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = calldata.to_vec();
    let words = (out.len() - 4) / 32;
    let below = |rng: &mut Rng, n: usize| (rng.next() % n as u64) as usize;
    match below(rng, 6) {
        0 => {
            let at = 4 + 32 * below(rng, words);
            out[at..at + 32].fill(0);
            out[at + 31] = below(rng, 200) as u8;
        }
        1 => {
            let at = 4 + 32 * below(rng, words) + below(rng, 24);
            out[at] = 1 + below(rng, 255) as u8;
        }
        2 => out.truncate(4 + below(rng, out.len() - 4)),
        3 => out.extend((0..below(rng, 70)).map(|_| rng.next() as u8)),
        4 => {}
        _ => {
            let at = 4 + below(rng, out.len() - 4);
            out[at] ^= 1 << below(rng, 8);
        }
    }
    out
}

/// The library's sponge over elements as they come equals the slice form (the contract uses it).
#[test]
fn streaming_sponge_equals_slices() {
    let mut rng = Rng(3);
    for len in 0..30 {
        let inputs = elements(&(0..len).map(|_| rng.element()).collect::<Vec<_>>());
        assert_eq!(
            sponge::hash_no_pad_iter::<poseidon::Poseidon>(inputs.iter().copied()),
            poseidon::hash_no_pad(&inputs)
        );
    }
}

#[test]
fn errors_encode_like_alloy() {
    let error = LeafIndexOutOfRange {
        leafIndex: U256::from(9),
        leaves: U256::MAX,
    };
    assert_eq!(
        crate::returndata::revert(&Revert::LeafIndexOutOfRange(error.clone())),
        error.abi_encode()
    );
}
