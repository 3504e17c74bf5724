//! `poseidon goldilocks …`: plonky2's Poseidon and Poseidon2 over Goldilocks (width 12), computed
//! by the `poseidon-goldilocks` crate. Elements are decimal or `0x`-hex integers below
//! p = 2^64 − 2^32 + 1; a digest prints as its four elements in decimal, space-separated.

use clap::{Args, Subcommand};
use poseidon_goldilocks::{poseidon, poseidon2, Digest, Goldilocks, P};

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
        #[arg(required = true, num_args = 1..)]
        inputs: Vec<String>,
    },
    /// plonky2's `hash_or_noop` (Merkle leaves): up to four elements are the digest itself.
    #[command(after_help = "Example: poseidon goldilocks hash-or-noop 1 2 3 4 5")]
    HashOrNoop {
        #[command(flatten)]
        family: Family,
        /// Zero or more elements.
        inputs: Vec<String>,
    },
    /// plonky2's `two_to_one` (a Merkle node) of two digests: eight elements, left then right.
    #[command(
        after_help = "Example: poseidon goldilocks two-to-one 1 2 3 4 5 6 7 8   # 15064728126975588673 10314245681893968020 11300930272442645327 2830815762300183090"
    )]
    TwoToOne {
        #[command(flatten)]
        family: Family,
        /// left[0..4] then right[0..4].
        #[arg(required = true, num_args = 8, value_names = ["L0", "L1", "L2", "L3", "R0", "R1", "R2", "R3"])]
        inputs: Vec<String>,
    },
    /// The permutation of a 12-element state: twelve elements out.
    #[command(after_help = "Example: poseidon goldilocks permute 0 1 2 3 4 5 6 7 8 9 10 11")]
    Permute {
        #[command(flatten)]
        family: Family,
        /// Twelve elements, lane 0 first.
        #[arg(required = true, num_args = 12, value_name = "LANE")]
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
            let elements = parse_all(&inputs)?;
            let (left, right) = elements.split_at(4);
            let (left, right): (Digest, Digest) = (
                left.try_into().map_err(|_| "two-to-one takes 8 inputs")?,
                right.try_into().map_err(|_| "two-to-one takes 8 inputs")?,
            );
            Ok(digest(if family.poseidon2 {
                poseidon2::two_to_one(&left, &right)
            } else {
                poseidon::two_to_one(&left, &right)
            }))
        }
        Command::Permute { family, inputs } => {
            let state: [Goldilocks; 12] = parse_all(&inputs)?
                .try_into()
                .map_err(|_| "permute takes 12 inputs")?;
            let out = if family.poseidon2 {
                poseidon2::permute(&state)
            } else {
                poseidon::permute(&state)
            };
            Ok(join(&out))
        }
    }
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

/// Parses one decimal or `0x`-hex element (1-based `position` for messages).
pub fn parse(position: usize, text: &str) -> Result<Goldilocks, String> {
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    let value = (!digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)))
        .then(|| u64::from_str_radix(digits, radix).ok())
        .flatten()
        .ok_or_else(|| {
            format!("input {position} ({text:?}) is not a decimal or 0x-hex integer below 2^64")
        })?;
    Goldilocks::new(value).map_err(|_| {
        format!("input {position} ({text}) is not a Goldilocks element: it must be below p = {P}")
    })
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
            err.starts_with("input 2 (") && err.contains("below p"),
            "{err}"
        );
        for bad in ["", "0x", "-1", "1_0", "18446744073709551616", "0x1g"] {
            assert!(
                parse(3, bad).unwrap_err().starts_with("input 3 "),
                "{bad:?}"
            );
        }
    }
}
