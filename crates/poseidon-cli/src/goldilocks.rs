//! `poseidon goldilocks …`: plonky2's Poseidon and Poseidon2 over Goldilocks (width 12), computed
//! by the `poseidon-goldilocks` crate. Elements are decimal or `0x`-hex integers below
//! p = 2^64 − 2^32 + 1; a digest prints as its four elements in decimal, space-separated.

use clap::{Args, Subcommand};
use poseidon_goldilocks::{poseidon, poseidon2, Digest, Goldilocks, P};

use crate::input;

/// `poseidon goldilocks --help`'s examples, one per hash.
pub const EXAMPLES: &str = "Examples, one per hash (--poseidon2: the same over Poseidon2):
  poseidon goldilocks hash-no-pad 1 2 3                      plonky2's hash_no_pad
  poseidon goldilocks hash-or-noop 1 2 3 4 5                 plonky2's hash_or_noop (a Merkle leaf)
  poseidon goldilocks two-to-one 1 2 3 4 5 6 7 8             plonky2's two_to_one (a Merkle node)
  poseidon goldilocks permute 0 1 2 3 4 5 6 7 8 9 10 11      plonky2's Poseidon permutation
  poseidon goldilocks two-to-one --poseidon2 1 2 3 4 5 6 7 8 Poseidon2 (zkhash) two_to_one";

/// The hashes of the Goldilocks Stylus program.
#[derive(Subcommand)]
pub enum Command {
    /// plonky2's `hash_no_pad` (rate 8, inputs overwrite the rate lanes): one digest.
    #[command(after_help = "Example: poseidon goldilocks hash-no-pad 1 2 3")]
    HashNoPad {
        #[command(flatten)]
        family: Family,
        /// One or more elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// plonky2's `hash_or_noop` (Merkle leaves): up to four elements are the digest itself.
    #[command(after_help = "Example: poseidon goldilocks hash-or-noop 1 2 3 4 5")]
    HashOrNoop {
        #[command(flatten)]
        family: Family,
        /// Zero or more elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// plonky2's `two_to_one` (a Merkle node) of two digests: eight elements, left then right.
    #[command(
        after_help = "Example: poseidon goldilocks two-to-one 1 2 3 4 5 6 7 8   # 15064728126975588673 10314245681893968020 11300930272442645327 2830815762300183090"
    )]
    TwoToOne {
        #[command(flatten)]
        family: Family,
        /// Eight elements: left[0..4] then right[0..4].
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// The permutation of a 12-element state: twelve elements out.
    #[command(after_help = "Example: poseidon goldilocks permute 0 1 2 3 4 5 6 7 8 9 10 11")]
    Permute {
        #[command(flatten)]
        family: Family,
        /// Twelve elements, lane 0 first.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
}

/// Which permutation.
#[derive(Args)]
pub struct Family {
    /// Poseidon2 (HorizenLabs' Goldilocks width-12 instance, as zkhash) instead of plonky2's Poseidon.
    #[arg(long)]
    poseidon2: bool,
}

/// Runs the command: the output line, or a message naming the bad argument.
pub fn run(command: Command) -> Result<String, String> {
    match command {
        Command::HashNoPad { family, inputs } => {
            count(
                "hash-no-pad",
                "1 or more",
                "",
                !inputs.is_empty(),
                inputs.len(),
            )?;
            let elements = parse_all(&inputs)?;
            Ok(digest(if family.poseidon2 {
                poseidon2::hash_no_pad(&elements)
            } else {
                poseidon::hash_no_pad(&elements)
            }))
        }
        Command::HashOrNoop { family, inputs } => {
            let elements = parse_all(&inputs)?;
            Ok(digest(if family.poseidon2 {
                poseidon2::hash_or_noop(&elements)
            } else {
                poseidon::hash_or_noop(&elements)
            }))
        }
        Command::TwoToOne { family, inputs } => {
            let n = inputs.len();
            count("two-to-one", "8", "left[0..4] then right[0..4]", n == 8, n)?;
            let elements = parse_all(&inputs)?;
            let (left, right) = elements.split_at(4);
            let (left, right): (Digest, Digest) = (
                left.try_into().expect("counted"),
                right.try_into().expect("counted"),
            );
            Ok(digest(if family.poseidon2 {
                poseidon2::two_to_one(&left, &right)
            } else {
                poseidon::two_to_one(&left, &right)
            }))
        }
        Command::Permute { family, inputs } => {
            count(
                "permute",
                "12",
                "lane 0 first",
                inputs.len() == 12,
                inputs.len(),
            )?;
            let state: [Goldilocks; 12] = parse_all(&inputs)?.try_into().expect("counted");
            let out = if family.poseidon2 {
                poseidon2::permute(&state)
            } else {
                poseidon::permute(&state)
            };
            Ok(join(&out))
        }
    }
}

/// The count check of `goldilocks COMMAND`, its message naming the argument and the count.
fn count(command: &str, expected: &str, detail: &str, ok: bool, got: usize) -> Result<(), String> {
    if ok {
        return Ok(());
    }
    Err(input::count_error(
        &format!("goldilocks {command}"),
        expected,
        detail,
        got,
    ))
}

fn digest(digest: Digest) -> String {
    join(&digest)
}

fn join(elements: &[Goldilocks]) -> String {
    elements
        .iter()
        .map(|e| e.value().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses one decimal or `0x`-hex element (1-based `argument` for messages).
pub fn parse(argument: usize, text: &str) -> Result<Goldilocks, String> {
    // The BN254 message's wording, so both families read alike.
    let not_element = |why: &str| {
        format!(
            "{} is not a Goldilocks element ({text:?}): {why} below p = {P}",
            input::name(argument)
        )
    };
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    let value = (!digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)))
        .then(|| u64::from_str_radix(digits, radix).ok())
        .flatten()
        .ok_or_else(|| not_element("it must be a decimal or 0x-hex integer"))?;
    Goldilocks::new(value).map_err(|_| not_element("it must be"))
}

fn parse_all(texts: &[String]) -> Result<Vec<Goldilocks>, String> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| parse(i + 1, text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimal_and_hex_below_p() {
        assert_eq!(parse(1, "255").unwrap().value(), 255);
        assert_eq!(parse(1, "0xff").unwrap().value(), 255);
        assert_eq!(parse(1, &(P - 1).to_string()).unwrap().value(), P - 1);
    }

    #[test]
    fn rejects_p_and_malformed_numbers_naming_the_position() {
        let err = parse(2, &P.to_string()).unwrap_err();
        assert!(
            err.starts_with("argument 2 (position 1 on-chain) ")
                && err.ends_with(&format!("below p = {P}")),
            "{err}"
        );
        for bad in ["", "0x", "-1", "1_0", "18446744073709551616", "0x1g"] {
            assert!(
                parse(3, bad)
                    .unwrap_err()
                    .starts_with("argument 3 (position 2 on-chain) is not a Goldilocks element"),
                "{bad:?}"
            );
        }
    }
}
