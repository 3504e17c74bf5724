//! The hand-written ABI reading (`calldata.rs`) and writing (`returndata.rs`) against alloy's
//! decoder and encoders: same accepted calldata, same values, byte-identical output.

use alloy_primitives::U256;
use alloy_sol_types::{SolCall, SolError};

use super::pseudo_random_words;
use crate::abi::IPoseidonErrors::{
    EmptyInput, OddPairsLength, OutputCountOutOfRange, PathBitsOutOfRange, TooManyInputs,
    TooManySiblings,
};
use crate::abi::IPoseidonT3Hasher;
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::{InputNotInField, Revert};
use crate::dispatch::dispatch;
use crate::returndata::{self, WordArray};

#[test]
fn every_revert_encodes_like_alloy() {
    let (a, b) = (U256::from(7), U256::MAX);
    let cases: Vec<(Revert, Vec<u8>)> = vec![
        (
            Revert::InputNotInField(InputNotInField {
                position: a,
                value: b,
            }),
            InputNotInField {
                position: a,
                value: b,
            }
            .abi_encode(),
        ),
        (
            Revert::OddPairsLength(OddPairsLength { length: a }),
            OddPairsLength { length: a }.abi_encode(),
        ),
        (
            Revert::EmptyInput(EmptyInput {}),
            EmptyInput {}.abi_encode(),
        ),
        (
            Revert::TooManySiblings(TooManySiblings { count: b, max: a }),
            TooManySiblings { count: b, max: a }.abi_encode(),
        ),
        (
            Revert::PathBitsOutOfRange(PathBitsOutOfRange {
                pathBits: b,
                depth: a,
            }),
            PathBitsOutOfRange {
                pathBits: b,
                depth: a,
            }
            .abi_encode(),
        ),
        (
            Revert::TooManyInputs(TooManyInputs { count: b, max: a }),
            TooManyInputs { count: b, max: a }.abi_encode(),
        ),
        (
            Revert::OutputCountOutOfRange(OutputCountOutOfRange { count: b, max: a }),
            OutputCountOutOfRange { count: b, max: a }.abi_encode(),
        ),
        (
            Revert::InvalidCalldata(InvalidCalldata {
                selector: [0xde, 0xad, 0, 0xef].into(),
            }),
            InvalidCalldata {
                selector: [0xde, 0xad, 0, 0xef].into(),
            }
            .abi_encode(),
        ),
    ];
    for (revert, expected) in cases {
        assert_eq!(returndata::revert(&revert), expected, "{revert:?}");
    }
}

#[test]
fn word_arrays_encode_like_alloy() {
    for len in [0usize, 1, 2, 5, 256] {
        let values = pseudo_random_words(len, len as u64);
        let mut array = WordArray::zeroed(len);
        for (slot, value) in array.words_mut().iter_mut().zip(&values) {
            *slot = value.to_be_bytes::<32>();
        }
        assert_eq!(
            array.into_abi(),
            IPoseidonT3Hasher::hashPairsCall::abi_encode_returns(&values),
            "{len} words"
        );
    }
}

/// splitmix64, for reproducible mutations.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^ (z >> 27)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Mutates ABI calldata where decoders disagree if anywhere: offset and length words (small and
/// huge values), truncation, extension, single bytes.
fn mutate(calldata: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = calldata.to_vec();
    let words = (out.len() - 4) / 32;
    match rng.below(5) {
        0 => {
            // A word set to a small value (offsets and lengths are small numbers).
            let at = 4 + 32 * rng.below(words);
            out[at..at + 32].fill(0);
            out[at + 31] = rng.below(200) as u8;
        }
        1 => {
            // A word with a high byte set (an offset or length beyond usize).
            let at = 4 + 32 * rng.below(words) + rng.below(24);
            out[at] = 1 + rng.below(255) as u8;
        }
        2 => out.truncate(4 + rng.below(out.len() - 4)),
        3 => out.extend((0..rng.below(70)).map(|_| rng.next() as u8)),
        _ => {
            let at = 4 + rng.below(out.len() - 4);
            out[at] ^= 1 << rng.below(8);
        }
    }
    out
}

/// Whether our dispatcher rejected the calldata as not decoding.
fn rejected(calldata: &[u8]) -> bool {
    match dispatch(calldata) {
        Ok(_) => false,
        Err(revert) => revert[..4] == InvalidCalldata::SELECTOR,
    }
}

#[test]
fn the_decoder_accepts_exactly_what_alloy_accepts() {
    let mut rng = Rng(42);
    let words = pseudo_random_words(8, 3);
    let root_call = IPoseidonT3Hasher::rootFromPathCall {
        leaf: words[0],
        siblings: words[1..4].to_vec(),
        pathBits: U256::from(5),
    }
    .abi_encode();
    let pairs_call = IPoseidonT3Hasher::hashPairsCall {
        flat: words[..4].to_vec(),
    }
    .abi_encode();
    let hash_call = IPoseidonT3Hasher::hashCall {
        a: words[0],
        b: words[1],
    }
    .abi_encode();
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..3_000 {
        let base = [&root_call, &pairs_call, &hash_call][round % 3];
        let calldata = mutate(base, &mut rng);
        let args = &calldata[4..];
        // alloy's view: decodes, and if so the canonical re-encoding of what it decoded.
        let canonical = match round % 3 {
            0 => IPoseidonT3Hasher::rootFromPathCall::abi_decode_raw(args).map(|c| c.abi_encode()),
            1 => IPoseidonT3Hasher::hashPairsCall::abi_decode_raw(args).map(|c| c.abi_encode()),
            _ => IPoseidonT3Hasher::hashCall::abi_decode_raw(args).map(|c| c.abi_encode()),
        };
        match canonical {
            Ok(canonical) => {
                accepted += 1;
                assert!(
                    !rejected(&calldata),
                    "alloy decodes, we refused: 0x{}",
                    super::hex(&calldata)
                );
                // Same arguments read: same result as the canonical encoding.
                assert_eq!(
                    dispatch(&calldata),
                    dispatch(&canonical),
                    "0x{}",
                    super::hex(&calldata)
                );
            }
            Err(_) => {
                refused += 1;
                assert!(
                    rejected(&calldata),
                    "alloy refuses, we accepted: 0x{}",
                    super::hex(&calldata)
                );
            }
        }
    }
    assert!(
        accepted > 300 && refused > 300,
        "mutations cover both: {accepted} accepted, {refused} refused"
    );
}
