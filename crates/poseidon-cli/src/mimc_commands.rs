//! circomlib's MiMC over BN254 (circomlibjs `buildMimcSponge`, `buildMimc7`) and Tornado Cash's
//! Merkle level. Every key defaults to 0, Tornado Cash's `IHasher` key.

use clap::Subcommand;
use mimc_bn254::{mimc7, sponge, Fr};

use crate::input;

/// The MiMC commands, flattened into the top level beside the Poseidon ones.
#[derive(Subcommand)]
pub enum Command {
    /// MiMCSponge (220 rounds, x⁵ Feistel) of the lanes xL, xR with a key: circomlibjs
    /// `buildMimcSponge().hash(xL, xR, k)`; Tornado Cash's `IHasher.MiMCSponge(xL, xR)` is key 0.
    /// Prints xL then xR, one per line.
    #[command(
        after_help = "Example: poseidon mimc-sponge 1 2   # 0x29332b2bad024b96ae4482a1e1fc5ab172b954b5990cae754792046e45b61116, then xR"
    )]
    MimcSponge {
        /// The key k.
        #[arg(long, default_value = "0", allow_negative_numbers = true)]
        key: String,
        /// Two field elements, xL and xR.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// MiMCSponge `multiHash(inputs, key, outputs)` (circomlibjs): each input added to R then
    /// (R, C) hashed; prints the outputs one per line (R, then R after each further hash).
    #[command(after_help = "Example: poseidon mimc-sponge-multi --outputs 2 1 2 3")]
    MimcSpongeMulti {
        /// The key.
        #[arg(long, default_value = "0", allow_negative_numbers = true)]
        key: String,
        /// How many outputs (at least 1).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        outputs: u16,
        /// 0 or more field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// MiMC7 (91 rounds, x⁷) of x with a key: circomlibjs `buildMimc7().hash(x, k)`.
    #[command(
        after_help = "Example: poseidon mimc7 --key 2 1   # 0x176c6eefc3fdf8d6136002d8e6f7a885bbd1c4e3957b93ddc1ec3ae7859f1a08"
    )]
    Mimc7 {
        /// The key k.
        #[arg(long, default_value = "0", allow_negative_numbers = true)]
        key: String,
        /// One field element, x.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// MiMC7 `multiHash(inputs, key)` (circomlibjs): r = key, then r ← r + x + hash(x, r) for
    /// each input x (no inputs: the key).
    #[command(after_help = "Example: poseidon mimc7-multi 1 2 3")]
    Mimc7Multi {
        /// The key.
        #[arg(long, default_value = "0", allow_negative_numbers = true)]
        key: String,
        /// 0 or more field elements.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
    /// Tornado Cash's `MerkleTreeWithHistory.hashLeftRight(left, right)`: two MiMCSponge calls,
    /// key 0.
    #[command(after_help = "Example: poseidon hash-left-right 1 2")]
    HashLeftRight {
        /// Two field elements, left and right.
        #[arg(allow_negative_numbers = true)]
        inputs: Vec<String>,
    },
}

/// Runs a MiMC command: the field elements to print, one a line.
pub fn run(command: Command) -> Result<Vec<Fr>, String> {
    match command {
        Command::MimcSponge { key, inputs } => {
            let [xl, xr] = exactly(&inputs, "mimc-sponge", "xL and xR")?;
            let (xl, xr) = sponge::hash(xl, xr, parse_key(&key)?);
            Ok(vec![xl, xr])
        }
        Command::MimcSpongeMulti {
            key,
            outputs,
            inputs,
        } => {
            let inputs = input::parse_all(&inputs)?;
            let mut out = vec![Fr::ZERO; usize::from(outputs)];
            sponge::multi_hash(&inputs, parse_key(&key)?, &mut out);
            Ok(out)
        }
        Command::Mimc7 { key, inputs } => {
            let [x] = exactly(&inputs, "mimc7", "x")?;
            Ok(vec![mimc7::hash(x, parse_key(&key)?)])
        }
        Command::Mimc7Multi { key, inputs } => {
            let inputs = input::parse_all(&inputs)?;
            Ok(vec![mimc7::multi_hash(&inputs, parse_key(&key)?)])
        }
        Command::HashLeftRight { inputs } => {
            let [left, right] = exactly(&inputs, "hash-left-right", "left and right")?;
            Ok(vec![sponge::hash_left_right(left, right)])
        }
    }
}

/// Exactly `N` inputs (the count checked before any value, as the other commands do).
fn exactly<const N: usize>(
    inputs: &[String],
    command: &str,
    detail: &str,
) -> Result<[Fr; N], String> {
    if inputs.len() != N {
        return Err(input::count_error(
            command,
            &N.to_string(),
            detail,
            inputs.len(),
        ));
    }
    let elements = input::parse_all(inputs)?;
    Ok(core::array::from_fn(|i| elements[i]))
}

fn parse_key(text: &str) -> Result<Fr, String> {
    input::parse_named("--key", text)
}
