//! `stylus-meter`: run a Stylus `.wasm` offline and report ink and gas as Nitro charges them.

use alloy_primitives::{keccak256, Address, B256};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::evm::{Evm, StateFile, Tx};
use stylus_meter::{CallReport, Program};

/// Offline Arbitrum Stylus executor and ink meter (Nitro's pricing, no node needed).
#[derive(Parser)]
#[command(name = "stylus-meter", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Call `user_entrypoint` and report return data, ink and gas.
    Call {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// Solidity signature, e.g. 'hash(uint256,uint256)'.
        #[arg(long, conflicts_with = "calldata")]
        sig: Option<String>,
        /// Arguments for --sig, comma-separated: decimal or 0x-hex, arrays as [a,b].
        #[arg(long, allow_hyphen_values = true)]
        args: Option<String>,
        /// Raw calldata as 0x-hex instead of --sig/--args.
        #[arg(long)]
        calldata: Option<String>,
        #[command(flatten)]
        state: StateArgs,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Run a list of transactions to the program, one after another, each its own transaction
    /// (cold access lists, refunds), against one state; report each one's outcome, return data,
    /// gas (storage and refunds included) and logs. The module is compiled once.
    Txs {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// The transactions: a JSON array of {"sig", "args"} or {"calldata"}, each with an
        /// optional "from", "value" and "label" (see the README).
        #[arg(long)]
        txs: PathBuf,
        #[command(flatten)]
        state: StateArgs,
        /// One JSON line instead of a readable table.
        #[arg(long)]
        json: bool,
    },
    /// Validate like Nitro's activation and print activation figures and sizes.
    Check {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Print what deploys the file, byte for byte: its code (0xEFF00000 ‖ brotli(wasm)), the init
    /// code that returns it, their keccak256 hashes and, with --factory, its CREATE2 address.
    Deployment {
        /// The Stylus program, deployed exactly as it is (metered bytes = deployed bytes).
        #[arg(long)]
        wasm: PathBuf,
        /// A CREATE2 factory (e.g. 0x4e59b44847b379578588920cA78FbF26c0B4956C).
        #[arg(long, requires = "salt")]
        factory: Option<String>,
        /// The 32-byte CREATE2 salt, 0x-hex.
        #[arg(long, requires = "factory")]
        salt: Option<String>,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
}

/// The world a call runs in: state in and out, the program's address, the sender and the value.
#[derive(clap::Args)]
struct StateArgs {
    /// A JSON state file to start from (block, balances, code, storage); default: an empty world.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Where to write the state after the call(s) (may be the --state file).
    #[arg(long)]
    state_out: Option<PathBuf>,
    /// The program's address: `contract_address`, and whose storage it reads and writes.
    #[arg(long, default_value_t = Address::ZERO)]
    address: Address,
    /// The transaction's sender (`msg_sender`, `tx_origin`).
    #[arg(long, default_value_t = Address::ZERO)]
    sender: Address,
    /// Wei sent with the call (`msg_value`), taken from the sender's balance in the state.
    #[arg(long, default_value = "0")]
    value: alloy_primitives::U256,
}

impl StateArgs {
    fn evm(&self) -> Result<Evm, Failure> {
        let state = match &self.state {
            Some(path) => StateFile::read(path).map_err(bad_input)?,
            None => StateFile::default(),
        };
        Ok(Evm::new(state))
    }

    fn tx(&self, calldata: Vec<u8>) -> Tx {
        Tx {
            from: self.sender,
            to: self.address,
            value: self.value,
            ..Tx::call(calldata)
        }
    }

    fn save(&self, evm: &Evm) -> Result<(), Failure> {
        match &self.state_out {
            Some(path) => evm
                .state()
                .write(path)
                .map_err(|e| Failure(1, e.to_string())),
            None => Ok(()),
        }
    }
}

/// Exit code for bad input: missing file, invalid wasm, bad signature or arguments.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { BAD_INPUT } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(code, message)) => {
            // one line, whatever the underlying error's formatting
            let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
            eprintln!("stylus-meter: {message}");
            ExitCode::from(code)
        }
    }
}

struct Failure(u8, String);

fn bad_input(e: impl std::fmt::Display) -> Failure {
    Failure(BAD_INPUT, e.to_string())
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Call {
            wasm,
            sig,
            args,
            calldata,
            state,
            json,
        } => {
            let calldata = match (sig, calldata) {
                (Some(sig), _) => encode_call(&sig, &split_args(args.as_deref().unwrap_or("")))
                    .map_err(bad_input)?,
                (None, Some(hex)) => parse_hex(&hex).map_err(bad_input)?,
                (None, None) => return Err(bad_input("give --sig and --args, or --calldata")),
            };
            let program = Program::from_file(&wasm).map_err(bad_input)?;
            let mut evm = state.evm()?;
            let report = evm
                .transact(&program, &state.tx(calldata))
                .map_err(|e| Failure(1, e.to_string()))?;
            state.save(&evm)?;
            if json {
                println!("{}", call_json(&program, &report));
            } else {
                print_call(&program, &report);
            }
            Ok(())
        }
        Command::Txs {
            wasm,
            txs,
            state,
            json,
        } => run_txs(&wasm, &txs, &state, json),
        Command::Check { wasm, json } => {
            let program = Program::from_file(&wasm).map_err(bad_input)?;
            let activation = program.activation();
            let sizes = program.sizes();
            if json {
                let value = serde_json::json!({
                    "valid": true,
                    "activation": activation,
                    "sizes": sizes,
                    "imports": program.host_imports(),
                });
                println!("{value}");
            } else {
                println!("{}: valid Stylus program", wasm.display());
                println!(
                    "  size         {} bytes wasm, {} bytes brotli (q11, w22), {} bytes deployed code (limit {})",
                    sizes.wasm,
                    sizes.compressed,
                    sizes.code,
                    stylus_meter::activation::MAX_CODE_BYTES
                );
                print_activation(&program);
                println!(
                    "  imports      vm_hooks: {}",
                    program.host_imports().join(", ")
                );
            }
            Ok(())
        }
        Command::Deployment {
            wasm,
            factory,
            salt,
            json,
        } => {
            let create2 = match (factory, salt) {
                (Some(factory), Some(salt)) => Some((
                    factory
                        .parse::<Address>()
                        .map_err(|e| bad_input(format!("--factory {factory}: {e}")))?,
                    salt.parse::<B256>()
                        .map_err(|e| bad_input(format!("--salt {salt}: {e}")))?,
                )),
                _ => None,
            };
            // Validated as Nitro's activation would: no address for a module that cannot activate.
            Program::from_file(&wasm).map_err(bad_input)?;
            let bytes =
                std::fs::read(&wasm).map_err(|e| bad_input(format!("{}: {e}", wasm.display())))?;
            let value = deployment_json(&bytes, create2);
            if json {
                println!("{value}");
            } else {
                println!("{}: deployed as", wasm.display());
                for key in [
                    "wasm_bytes",
                    "project_hash_section",
                    "code_bytes",
                    "code_hash",
                    "init_code_hash",
                    "factory",
                    "salt",
                    "address",
                ] {
                    if let Some(v) = value.get(key) {
                        println!(
                            "  {key:<21}{}",
                            v.as_str().map_or(v.to_string(), str::to_owned)
                        );
                    }
                }
                println!("  (--json adds the code and the init code)");
            }
            Ok(())
        }
    }
}

/// Nitro's Stylus code prefix (`state.NewStylusPrefix`): the EOF-style discriminant 0xEF 0xF0 0x00
/// and the dictionary byte, 0x00 = no dictionary (what cargo-stylus deploys).
const STYLUS_CODE_PREFIX: [u8; 4] = [0xEF, 0xF0, 0x00, 0x00];

/// The contract code of a Stylus program: prefix ‖ brotli(wasm) at quality 11, window 22, with the
/// pinned `brotli` crate (the compressor the meter prices, so the bytes are reproducible).
fn stylus_code(wasm: &[u8]) -> Vec<u8> {
    let mut code = STYLUS_CODE_PREFIX.to_vec();
    code.extend(stylus_meter::brotli_compress(wasm));
    code
}

/// EVM init code that returns `code`: PUSH32 len, DUP1, PUSH1 43, PUSH1 0, CODECOPY, PUSH1 0,
/// RETURN, then one byte 0x00 and the code at offset 43. The same layout as cargo-stylus's
/// deployment calldata (`contract_deployment_calldata`), so for the same code both give the same
/// init code hash.
fn init_code(code: &[u8]) -> Vec<u8> {
    let mut init = vec![0x7f];
    init.extend(alloy_primitives::U256::from(code.len()).to_be_bytes::<32>());
    init.extend([0x80, 0x60, 43, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3, 0x00]);
    debug_assert_eq!(init.len(), 43);
    init.extend_from_slice(code);
    init
}

/// What deploys `wasm` (checked by the caller: `Program::from_file` refuses a module over the code
/// size limit or one Nitro would not activate).
fn deployment_json(wasm: &[u8], create2: Option<(Address, B256)>) -> serde_json::Value {
    let code = stylus_code(wasm);
    let init = init_code(&code);
    let init_hash = keccak256(&init);
    let mut value = serde_json::json!({
        "wasm_bytes": wasm.len(),
        "project_hash_section": stylus_meter::cargo_stylus::has_project_hash(wasm),
        "code_bytes": code.len(),
        "code_hash": keccak256(&code).to_string(),
        "init_code_hash": init_hash.to_string(),
        "code": hex(&code),
        "init_code": hex(&init),
    });
    if let Some((factory, salt)) = create2 {
        value["factory"] = factory.to_checksum(None).into();
        value["salt"] = salt.to_string().into();
        value["address"] = factory.create2(salt, init_hash).to_checksum(None).into();
    }
    value
}

fn hex(bytes: &[u8]) -> String {
    format!("0x{}", alloy_primitives::hex::encode(bytes))
}

fn call_json(program: &Program, report: &CallReport) -> serde_json::Value {
    serde_json::json!({
        "returndata": hex(&report.returndata),
        "reverted": report.reverted,
        "outcome": report.outcome,
        "ink": report.ink,
        "gas": report.gas,
        "evm": report.evm,
        "logs": report.logs,
        "activation": program.activation(),
        "source": "model",
    })
}

/// `txs`: every transaction of the file in order, against one state; the module compiled once.
fn run_txs(wasm: &Path, txs: &Path, state: &StateArgs, json: bool) -> Result<(), Failure> {
    let specs = stylus_meter::txs::read(txs).map_err(bad_input)?;
    let calldata = specs
        .iter()
        .enumerate()
        .map(|(index, spec)| spec.calldata(index))
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad_input)?;
    let program = Program::from_file(wasm).map_err(bad_input)?;
    let mut evm = state.evm()?;
    let mut results = Vec::with_capacity(specs.len());
    let mut failed = 0;
    for (index, (spec, calldata)) in specs.iter().zip(calldata).enumerate() {
        let tx = Tx {
            from: spec.from.unwrap_or(state.sender),
            value: spec.value.unwrap_or_default(),
            ..state.tx(calldata)
        };
        let mut entry = serde_json::json!({
            "index": index,
            "label": spec.label,
            "from": tx.from,
            "calldata": hex(&tx.calldata),
        });
        match evm.transact(&program, &tx) {
            Ok(report) => {
                let call = call_json(&program, &report);
                for key in [
                    "returndata",
                    "reverted",
                    "outcome",
                    "ink",
                    "gas",
                    "evm",
                    "logs",
                ] {
                    entry[key] = call[key].clone();
                }
            }
            Err(e) => {
                failed += 1;
                entry["error"] = e.to_string().into();
            }
        }
        results.push(entry);
    }
    state.save(&evm)?;
    let total = |key: &str| -> u64 { results.iter().filter_map(|r| r["gas"][key].as_u64()).sum() };
    let value = serde_json::json!({
        "txs": results,
        "total": {
            "cached_call": total("cached_call"),
            "uncached_call": total("uncached_call"),
            "refunds": total("cached_refund"),
            "errors": failed,
        },
        "activation": program.activation(),
        "source": "model",
    });
    if json {
        println!("{value}");
    } else {
        print_txs(&value);
    }
    if failed > 0 {
        return Err(Failure(
            1,
            format!("{failed} transaction(s) could not run (see \"error\")"),
        ));
    }
    Ok(())
}

fn print_txs(value: &serde_json::Value) {
    println!(
        "{:>4}  {:<24} {:<8} {:>9} {:>9} {:>9} {:>8}  return data",
        "#", "transaction", "outcome", "cached", "storage", "logs", "refund"
    );
    for tx in value["txs"].as_array().into_iter().flatten() {
        let name = tx["label"].as_str().map(str::to_owned).unwrap_or_else(|| {
            tx["calldata"]
                .as_str()
                .unwrap_or("")
                .chars()
                .take(10)
                .collect()
        });
        if let Some(error) = tx["error"].as_str() {
            println!(
                "{:>4}  {name:<24} error: {error}",
                tx["index"].as_u64().unwrap_or(0)
            );
            continue;
        }
        let (gas, evm) = (&tx["gas"], &tx["evm"]);
        let number = |v: &serde_json::Value| v.as_u64().unwrap_or(0);
        println!(
            "{:>4}  {name:<24} {:<8} {:>9} {:>9} {:>9} {:>8}  {}",
            number(&tx["index"]),
            tx["outcome"].as_str().unwrap_or(""),
            number(&gas["cached_call"]),
            number(&evm["storage_load"]) + number(&evm["storage_store"]),
            number(&evm["logs"]),
            number(&gas["cached_refund"]),
            tx["returndata"].as_str().unwrap_or(""),
        );
    }
    let total = &value["total"];
    println!(
        "total cached {} gas, uncached {} (model; each is a transaction's gasUsed − 21,000; storage and logs are part of it)",
        total["cached_call"], total["uncached_call"]
    );
}

fn print_activation(program: &Program) {
    let a = program.activation();
    println!(
        "  activation   init_cost {}, cached_init_cost {}, footprint {} page(s), asm_estimate {} bytes",
        a.init_cost, a.cached_init_cost, a.footprint, a.asm_estimate
    );
}

fn print_call(program: &Program, report: &CallReport) {
    let outcome = match report.outcome {
        stylus_meter::Outcome::Success => "success",
        stylus_meter::Outcome::Revert => "revert",
        stylus_meter::Outcome::Failure => "failure (trap)",
    };
    let (ink, gas) = (report.ink, report.gas);
    println!("outcome        {outcome}");
    println!("return data    {}", hex(&report.returndata));
    println!(
        "ink            {} total = {} opcodes + {} host I/O + {} memory",
        ink.total, ink.opcodes, ink.host_io, ink.memory
    );
    println!("gas (model)    execution {}", gas.execution);
    println!(
        "               cached call   {} = calldata {} + cached init {} + memory {} + execution {}",
        gas.cached_call, gas.calldata, gas.cached_init, gas.memory, gas.execution
    );
    println!(
        "               uncached call {} = cached call + init {}",
        gas.uncached_call, gas.init
    );
    println!("               (transaction gasUsed = these + 21,000)");
    print_activation(program);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_code_returns_the_code_that_follows_it() {
        let code = stylus_code(b"\0asm\x01\0\0\0");
        assert_eq!(code[..4], STYLUS_CODE_PREFIX);
        let init = init_code(&code);
        // PUSH32 len, DUP1, PUSH1 43, PUSH1 0, CODECOPY, PUSH1 0, RETURN: copy `len` bytes from
        // offset 43 to memory 0 and return them; byte 42 is never executed.
        assert_eq!(init[0], 0x7f);
        assert_eq!(
            alloy_primitives::U256::from_be_slice(&init[1..33]),
            alloy_primitives::U256::from(code.len())
        );
        assert_eq!(
            init[33..43],
            [0x80, 0x60, 43, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3, 0x00]
        );
        assert_eq!(init[43..], code[..]);
    }

    #[test]
    fn create2_address_is_keccak_of_factory_salt_and_init_code_hash() {
        // EIP-1014's first example: deployer 0, salt 0, init code 0x00.
        let factory = Address::ZERO;
        let address = factory.create2(B256::ZERO, keccak256([0u8]));
        assert_eq!(
            address.to_string(),
            "0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38"
        );
    }
}
