//! `poseidon`: circomlib Poseidon and Poseidon2 over BN254 from the command line.
//!
//! ```text
//! poseidon hash 1 2          # 0x115cc0f5…189a
//! poseidon poseidon2 123 123456
//! ```
//! Bad input (a value ≥ p, an unparsable number, a wrong count) exits with code 2 and one line
//! naming the offending argument.

mod input;

use clap::{Parser, Subcommand};
use poseidon_bn254::{poseidon, poseidon2, Fr};
use std::process::ExitCode;

/// Poseidon hashes over the BN254 scalar field. Inputs are decimal or 0x-hex integers below
/// p = 21888242871839275222246405745257275088548364400416034343698204186575808495617; the output
/// is one line: 0x followed by 64 lowercase hex digits.
#[derive(Parser)]
#[command(name = "poseidon", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// circomlib Poseidon of 1 to 5 inputs (circomlibjs `poseidon([...])`, poseidon-solidity
    /// `PoseidonT2` … `PoseidonT6`).
    Hash {
        /// 1 to 5 field elements.
        #[arg(required = true, num_args = 1..)]
        inputs: Vec<String>,
    },
    /// Poseidon2 (BN254, t = 3, HorizenLabs parameters) of two inputs: openzeppelin-crypto's
    /// absorb(a), absorb(b), squeeze.
    Poseidon2 {
        /// First field element.
        a: String,
        /// Second field element.
        b: String,
    },
}

fn run(command: Command) -> Result<Fr, String> {
    match command {
        Command::Hash { inputs } => {
            let elements = input::parse_all(&inputs)?;
            match elements.as_slice() {
                [a] => Ok(poseidon::hash1(&[*a])),
                [a, b] => Ok(poseidon::hash2(&[*a, *b])),
                [a, b, c] => Ok(poseidon::hash3(&[*a, *b, *c])),
                [a, b, c, d] => Ok(poseidon::hash4(&[*a, *b, *c, *d])),
                [a, b, c, d, e] => Ok(poseidon::hash5(&[*a, *b, *c, *d, *e])),
                _ => Err(format!("hash takes 1 to 5 inputs, got {}", elements.len())),
            }
        }
        Command::Poseidon2 { a, b } => {
            let elements = input::parse_all(&[a, b])?;
            Ok(poseidon2::hash2(&[elements[0], elements[1]]))
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(hash) => {
            println!("{hash}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("poseidon: {message}");
            ExitCode::from(2)
        }
    }
}
