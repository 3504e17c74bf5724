//! `poseidon`: circomlib Poseidon, Poseidon2 and MiMC over BN254 from the command line.
//!
//! ```text
//! poseidon hash 1 2          # 0x115cc0f5…189a
//! poseidon poseidon2 123 123456
//! poseidon noir 1 2          # Noir's Poseidon2::hash (poseidon::poseidon2): 0x038682aa…7383
//! poseidon permute --set codex 0 1 2
//! poseidon compress 1 2 3 4
//! poseidon goldilocks two-to-one 1 2 3 4 5 6 7 8   # plonky2's Poseidon: four elements
//! poseidon mimc-sponge 1 2   # circomlib MiMCSponge, key 0: xL and xR
//! poseidon hash-left-right 1 2
//! ```
//! Bad input (a value ≥ p, an unparsable number, a wrong count, or any other usage error) exits
//! with code 2 and one line naming the offending argument.

mod goldilocks;
mod input;
mod mimc_commands;
mod poseidon2_commands;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use poseidon2_commands::Set;
use poseidon_bn254::{poseidon, poseidon2, Fr};
use std::process::ExitCode;

/// Every Poseidon hash of the stylus-poseidon Stylus programs, computed by the same libraries:
/// circomlib Poseidon and Poseidon2 (both HorizenLabs sets, Noir's sponge, TaceoLabs' compress) over
/// BN254, plonky2's Poseidon and Poseidon2 over Goldilocks (`poseidon goldilocks --help`), and
/// circomlib's MiMCSponge and MiMC7 over BN254 (with Tornado Cash's `hashLeftRight`).
///
/// BN254 inputs are decimal or 0x-hex integers below
/// p = 21888242871839275222246405745257275088548364400416034343698204186575808495617; the output
/// is one line: 0x followed by 64 lowercase hex digits (`permute`: one line per lane; `mimc-sponge`: xL, xR;
/// `mimc-sponge-multi`: one line per output). A bad input
/// exits with code 2 and one line naming it.
#[derive(Parser)]
// Without a command, a one-line error listing the commands, not the whole help on stderr.
#[command(name = "poseidon", version, after_help = EXAMPLES, arg_required_else_help = false)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Examples, one per hash:
  poseidon hash 1 2                        circomlib Poseidon t = 3 (circomlibjs poseidon([1, 2]))
  poseidon hash 1 2 3 4 5                  circomlib Poseidon of 1 to 16 inputs (t = 2 … 17)
  poseidon sponge 1 2 3 4 5 6 7            iden3's sponge over t = 7 (SpongePoseidon, spongeHashX(values, 6))
  poseidon poseidon2 123 123456            Poseidon2 t = 3, openzeppelin-crypto's two-input hash
  poseidon noir 1 2                        Noir's Poseidon2::hash (0 or more inputs)
  poseidon noir --variable-length 1 2      Noir's variable-length variant (a trailing 1)
  poseidon permute 0 1 2 3                 Poseidon2 permutation, t = 4, Barretenberg set
  poseidon permute --set codex 0 1 2       Poseidon2 permutation, t = 3, Codex set
  poseidon compress 1 2                    TaceoLabs poseidon2-solidity compress, t = 2
  poseidon goldilocks two-to-one 1 2 3 4 5 6 7 8
                                           plonky2's Poseidon two_to_one over Goldilocks
  poseidon goldilocks hash-no-pad --poseidon2 1 2 3
                                           Poseidon2 (zkhash) hash_no_pad over Goldilocks
  poseidon goldilocks --help               every Goldilocks hash (hash-no-pad, hash-or-noop,
                                           two-to-one, permute)
  poseidon mimc-sponge 1 2                 circomlib MiMCSponge of xL, xR (key 0): xL, xR
  poseidon mimc-sponge-multi --outputs 2 1 2 3
                                           circomlibjs MiMCSponge multiHash (--key, --outputs)
  poseidon mimc7 --key 2 1                 circomlib MiMC7 of x with key k (default 0)
  poseidon mimc7-multi 1 2 3               circomlibjs MiMC7 multiHash (--key)
  poseidon hash-left-right 1 2             Tornado Cash's MiMCSponge Merkle level";

#[derive(Subcommand)]
enum Command {
    /// circomlib Poseidon of 1 to 16 inputs (circomlibjs `poseidon([...])`, poseidon-lite
    /// `poseidon1` … `poseidon16`, poseidon-solidity `PoseidonT2` … `PoseidonT6`, iden3's
    /// `PoseidonUnit1L` … `PoseidonUnit6L`).
    #[command(
        after_help = "Example: poseidon hash 1 2   # 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
    )]
    Hash {
        /// 1 to 16 field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// iden3's sponge over circomlib Poseidon t = 7 (iden3's contracts `SpongePoseidon.hash`, behind
    /// `PoseidonFacade.poseidonSponge`; js-crypto `poseidon.spongeHashX(values, 6)`): frames of
    /// six, each full frame's hash the first element of the next. No inputs hash to 0, as
    /// `SpongePoseidon` returns.
    #[command(
        after_help = "Example: poseidon sponge 1 2 3 4 5 6 7   # 0x0c5487250fcd3e4506ad77441b8b1c62d683fe28792c7be1a07711c5da761304"
    )]
    Sponge {
        /// 0 or more field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// Poseidon2 (BN254, t = 3, HorizenLabs parameters) of two inputs: openzeppelin-crypto's
    /// absorb(a), absorb(b), squeeze.
    #[command(
        after_help = "Example: poseidon poseidon2 123 123456   # 0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de"
    )]
    Poseidon2 {
        /// Two field elements, a and b.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// Noir's Poseidon2 hash, `poseidon::poseidon2::Poseidon2::hash(inputs, n)` (Noir's `poseidon`
    /// library; `std::hash::poseidon2::Poseidon2::hash` up to 1.0.0-beta.3, same values): barretenberg's
    /// t = 4 sponge (Barretenberg set), equal to @zkpassport/poseidon2 `poseidon2Hash`.
    #[command(
        after_help = "Example: poseidon noir 1 2   # 0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383"
    )]
    Noir {
        /// The variable-length variant: absorbs a trailing 1 after the inputs (what Noir computes
        /// for `hash(inputs, n)` when n is below the array's length).
        #[arg(long)]
        variable_length: bool,
        /// 0 or more field elements (at most as many as the program's noirHash takes).
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// The Poseidon2 permutation of a state of 2, 3 or 4 elements (t = the number of inputs);
    /// prints the permuted state, one element per line.
    #[command(
        after_help = "Example: poseidon permute --set codex 0 1 2   # the Codex set's t = 3 permutation of [0, 1, 2]"
    )]
    Permute {
        /// The parameter set.
        #[arg(long, value_enum, default_value = "barretenberg")]
        set: Set,
        /// 2, 3 or 4 field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// TaceoLabs poseidon2-solidity `compress` of 2, 3 or 4 inputs: `permutation(x)[0] + x[0]`,
    /// Barretenberg set.
    #[command(after_help = "Example: poseidon compress 1 2   # t = 2: permutation([1, 2])[0] + 1")]
    Compress {
        /// 2, 3 or 4 field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// Poseidon (plonky2) and Poseidon2 over Goldilocks, width 12: elements below
    /// p = 18446744069414584321, a digest out as four decimal elements.
    #[command(subcommand, after_help = goldilocks::EXAMPLES, arg_required_else_help = false)]
    Goldilocks(goldilocks::Command),
    #[command(flatten)]
    Mimc(mimc_commands::Command),
}

/// Runs a command: the lines to print (a hash, a digest, or a permuted state one element a line).
fn run(command: Command) -> Result<Vec<String>, String> {
    let lines = |elements: Vec<Fr>| elements.iter().map(Fr::to_string).collect();
    match command {
        Command::Goldilocks(command) => goldilocks::run(command).map(|digest| vec![digest]),
        Command::Mimc(command) => mimc_commands::run(command).map(lines),
        Command::Noir {
            inputs,
            variable_length,
        } => poseidon2_commands::noir_hash(&inputs, variable_length).map(|h| lines(vec![h])),
        Command::Permute { set, inputs } => poseidon2_commands::permute(set, &inputs).map(lines),
        Command::Compress { inputs } => {
            poseidon2_commands::compress(&inputs).map(|h| lines(vec![h]))
        }
        other => hash(other).map(|h| lines(vec![h])),
    }
}

/// The circomlib Poseidon and openzeppelin Poseidon2 hashes (one field element out).
fn hash(command: Command) -> Result<Fr, String> {
    match command {
        Command::Hash { inputs } => {
            if !(1..=poseidon::MAX_INPUTS).contains(&inputs.len()) {
                return Err(input::count_error("hash", "1 to 16", "", inputs.len()));
            }
            let elements = input::parse_all(&inputs)?;
            Ok(poseidon::hash_slice(&elements).expect("counted above"))
        }
        Command::Sponge { inputs } => Ok(poseidon::sponge::sponge(&input::parse_all(&inputs)?)),
        Command::Poseidon2 { inputs } => {
            if inputs.len() != 2 {
                return Err(input::count_error(
                    "poseidon2",
                    "2",
                    "a and b",
                    inputs.len(),
                ));
            }
            let elements = input::parse_all(&inputs)?;
            Ok(poseidon2::hash2(&[elements[0], elements[1]]))
        }
        _ => unreachable!("handled in run"),
    }
}

/// A clap error as one line, like ours: its message and any list of valid values, without the
/// usage block and the pointer to --help that clap adds on lines of their own.
fn one_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    text.lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:"))
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .map(|line| line.strip_prefix("error: ").unwrap_or(line))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => match error.kind() {
            // --help and --version, on stdout with exit code 0, as clap prints them.
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => error.exit(),
            _ => {
                eprintln!("poseidon: {} (see poseidon --help)", one_line(&error));
                return ExitCode::from(2);
            }
        },
    };
    match run(cli.command) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("poseidon: {message}");
            ExitCode::from(2)
        }
    }
}
