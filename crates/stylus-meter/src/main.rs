//! `stylus-meter`: run a Stylus `.wasm` offline and report ink and gas as Nitro charges them.

use alloy_primitives::{Address, B256};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::arbos::{self, Arbos};
use stylus_meter::deploy;
use stylus_meter::evm::{Evm, StateFile, Tx};
use stylus_meter::{Analysis, Block, CallReport, CodeLayout, LoadError, Program};

/// Offline Arbitrum Stylus executor and ink meter (Nitro's pricing, no node needed).
#[derive(Parser)]
#[command(name = "stylus-meter", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// ArbOS version whose Stylus rules apply (validation, size limits, charges, the
    /// recent-program rule): 50 to 61. Default: 61, what Arbitrum One runs.
    #[arg(long, global = true, default_value = "61", value_parser = parse_arbos)]
    arbos: Arbos,
}

fn parse_arbos(text: &str) -> Result<Arbos, stylus_meter::ArbosError> {
    text.parse()
}

#[derive(Subcommand)]
enum Command {
    /// Call `user_entrypoint` as one transaction from an EOA (in an empty world, or the --state
    /// one) and report return data, ink, gas, storage gas, refunds and logs.
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
    /// Does the module activate at --arbos, and what does activating it burn.
    ///
    /// Validity (a refusal names the feature or the function at fault, and the fix), sizes
    /// against the version's limits (one contract, or a root and fragments), init and cached init
    /// gas, footprint, asm estimate, and the gas activation burns, part by part: ArbWasm's fixed
    /// 1,659,168, the chain's ActivationGas (from ArbOS 59; --activation-gas), the fragment reads
    /// and the compile charge. Exits 2 when it does not activate.
    Check {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// The chain's ActivationGas parameter, which every activation burns from ArbOS 59. Nitro's
        /// upgrades leave it at 0 and only a chain owner sets it, so the meter cannot know a live
        /// chain's value: read it with `cast call --rpc-url RPC
        /// 0x0000000000000000000000000000000000000071 "activationGas()(uint64)"` (ArbWasm, as
        /// scripts/deploy.sh does). Default: 0, and `check` says it assumed it.
        #[arg(long)]
        activation_gas: Option<u64>,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Price calls repeated in one block by the recent-program rule, each as a call from a contract.
    ///
    /// Each call's gas inside the program's frame: cached init + memory + execution, plus init
    /// for the first call to an uncached program in the block (from ArbOS 60 an uncached program
    /// pays init once per block, and so at most once per transaction; before 60: every call). All
    /// calls are in one transaction (memory pages carry over). No transaction gas (21,000,
    /// calldata) and not the calling contract's own CALL costs.
    Calls {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// A file of calldata, one 0x-hex per line (blank lines and lines starting with # skipped).
        #[arg(long)]
        calldata_file: Option<PathBuf>,
        /// Calldata as 0x-hex; repeat the flag for several calls (after those of the file).
        #[arg(long)]
        calldata: Vec<String>,
        /// Solidity signature of one more call, with --args.
        #[arg(long)]
        sig: Option<String>,
        /// Arguments for --sig, comma-separated: decimal or 0x-hex, arrays as [a,b].
        #[arg(long, allow_hyphen_values = true)]
        args: Option<String>,
        /// Make the list of calls this many times in a row.
        #[arg(long, default_value_t = 1)]
        repeat: usize,
        /// The program is not in the chain's cache (ArbWasmCache).
        #[arg(long)]
        uncached: bool,
        /// One JSON line instead of a readable table.
        #[arg(long)]
        json: bool,
    },
    /// Print every ArbOS version threshold, size limit and minimum Nitro release the meter applies
    /// (the scripts read these instead of typing them again).
    Rules {
        /// One JSON line instead of a readable list.
        #[arg(long, conflicts_with = "get")]
        json: bool,
        /// Print one value, named by its path: e.g. `arbitrum_one`, `thresholds.contract_limit`,
        /// `minimum_nitro.61`. Exits 2 naming the path when there is none.
        #[arg(long)]
        get: Option<String>,
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
    /// The transaction's sender (`msg_sender`, `tx_origin`; txs: each transaction's default).
    #[arg(long, default_value_t = Address::ZERO)]
    sender: Address,
    /// Wei sent (`msg_value`), taken from the sender's balance in the state (txs: each
    /// transaction's default).
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
    match run(cli.command, cli.arbos) {
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

fn run(command: Command, arbos: Arbos) -> Result<(), Failure> {
    match command {
        Command::Rules { json, get } => {
            let rules = serde_json::to_value(arbos::rules()).expect("serializable");
            match get {
                Some(path) => {
                    let pointer = format!("/{}", path.replace('.', "/"));
                    let value = rules
                        .pointer(&pointer)
                        .filter(|v| !v.is_object())
                        .ok_or_else(|| bad_input(format!("rules --get: no value at {path}")))?;
                    match value {
                        serde_json::Value::String(text) => println!("{text}"),
                        other => println!("{other}"),
                    }
                }
                None if json => println!("{rules}"),
                None => println!(
                    "{}",
                    serde_json::to_string_pretty(&rules).expect("serializable")
                ),
            }
            Ok(())
        }
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
            let program = Program::from_file_at(&wasm, arbos).map_err(bad_input)?;
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
        } => run_txs(&wasm, &txs, &state, arbos, json),
        Command::Check {
            wasm,
            activation_gas,
            json,
        } => check(&wasm, arbos, activation_gas, json),
        Command::Calls {
            wasm,
            calldata_file,
            calldata,
            sig,
            args,
            repeat,
            uncached,
            json,
        } => {
            let mut list = Vec::new();
            if let Some(file) = calldata_file {
                let text = std::fs::read_to_string(&file)
                    .map_err(|e| bad_input(format!("--calldata-file {}: {e}", file.display())))?;
                for (n, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    list.push(parse_hex(line).map_err(|e| {
                        bad_input(format!("{} line {}: {e}", file.display(), n + 1))
                    })?);
                }
            }
            for hex in &calldata {
                list.push(parse_hex(hex).map_err(bad_input)?);
            }
            if let Some(sig) = sig {
                list.push(
                    encode_call(&sig, &split_args(args.as_deref().unwrap_or("")))
                        .map_err(bad_input)?,
                );
            }
            if list.is_empty() {
                return Err(bad_input(
                    "give the calls: --calldata-file, --calldata or --sig/--args",
                ));
            }
            let program = Program::from_file_at(&wasm, arbos).map_err(bad_input)?;
            let mut block = Block::new(arbos);
            let mut frames = Vec::new();
            for calldata in std::iter::repeat_n(&list, repeat).flatten() {
                frames.push(
                    block
                        .call(&program, calldata, !uncached)
                        .map_err(|e| Failure(1, e.to_string()))?,
                );
            }
            print_calls(&program, &frames, uncached, json);
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
            let program = Program::from_file_at(&wasm, arbos).map_err(bad_input)?;
            let bytes =
                std::fs::read(&wasm).map_err(|e| bad_input(format!("{}: {e}", wasm.display())))?;
            let value = match (program.layout(), create2) {
                (CodeLayout::Contract { .. }, _) => deployment_json(&bytes, create2),
                (CodeLayout::Fragments { .. }, Some(create2)) => {
                    fragmented_deployment_json(&bytes, create2)
                }
                (CodeLayout::Fragments { fragments, .. }, None) => {
                    return Err(bad_input(format!(
                        "{}: {} bytes of code exceed one contract ({} bytes): at {arbos} it deploys as {} fragments and a root naming their addresses; give --factory and --salt",
                        wasm.display(),
                        program.sizes().code,
                        arbos::MAX_CODE_SIZE,
                        fragments.len()
                    )))
                }
            };
            if json {
                println!("{value}");
            } else {
                println!("{}: deployed as", wasm.display());
                for key in [
                    "wasm_bytes",
                    "project_hash_section",
                    "program_code_bytes",
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
                for (i, f) in value["fragments"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    println!(
                        "  fragment {:<12}{} ({} bytes, code hash {})",
                        i + 1,
                        f["address"].as_str().unwrap_or_default(),
                        f["code_bytes"],
                        f["code_hash"].as_str().unwrap_or_default()
                    );
                }
                println!("  (--json adds the code and the init code)");
            }
            Ok(())
        }
    }
}

/// What deploys `wasm` as one contract (checked by the caller: `Program::from_file` refuses a
/// module over the code size limit or one Nitro would not activate).
fn deployment_json(wasm: &[u8], create2: Option<(Address, B256)>) -> serde_json::Value {
    let contract = deploy::single(wasm);
    let mut value = serde_json::json!({
        "wasm_bytes": wasm.len(),
        "project_hash_section": stylus_meter::cargo_stylus::has_project_hash(wasm),
        "code_bytes": contract.code.len(),
        "code_hash": contract.code_hash().to_string(),
        "init_code_hash": contract.init_code_hash().to_string(),
        "code": hex(&contract.code),
        "init_code": hex(&contract.init_code),
    });
    if let Some((factory, salt)) = create2 {
        value["factory"] = factory.to_checksum(None).into();
        value["salt"] = salt.to_string().into();
        value["address"] = contract.address(factory, salt).to_checksum(None).into();
    }
    value
}

/// One contract of a deployment through `factory` with `salt`: its code, init code, hashes and
/// address as JSON.
fn contract_json(
    contract: &deploy::Contract,
    (factory, salt): (Address, B256),
) -> serde_json::Value {
    serde_json::json!({
        "code_bytes": contract.code.len(),
        "code_hash": contract.code_hash().to_string(),
        "init_code_hash": contract.init_code_hash().to_string(),
        "code": hex(&contract.code),
        "init_code": hex(&contract.init_code),
        "address": contract.address(factory, salt).to_checksum(None),
    })
}

/// What deploys a module whose code is over one contract ([`deploy::fragmented`]). The top-level
/// keys describe the root (the contract users call, activate and cache), as `deployment_json`'s do
/// the single contract; `program_code_bytes` is what one contract would have held.
fn fragmented_deployment_json(wasm: &[u8], create2: (Address, B256)) -> serde_json::Value {
    let deployed = deploy::fragmented(wasm, create2.0, create2.1);
    let mut value = contract_json(&deployed.root, create2);
    value["wasm_bytes"] = wasm.len().into();
    value["project_hash_section"] = stylus_meter::cargo_stylus::has_project_hash(wasm).into();
    value["program_code_bytes"] = deployed.program_code_bytes.into();
    value["factory"] = create2.0.to_checksum(None).into();
    value["salt"] = create2.1.to_string().into();
    let fragments: Vec<_> = deployed
        .fragments
        .iter()
        .map(|fragment| contract_json(fragment, create2))
        .collect();
    value["fragments"] = fragments.into();
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
        "arbos": program.arbos(),
        "source": "model",
    })
}

/// How to read a chain's `ActivationGas` (ArbWasm's getter, as scripts/deploy.sh reads it).
const ACTIVATION_GAS_GETTER: &str =
    "cast call --rpc-url RPC 0x0000000000000000000000000000000000000071 \"activationGas()(uint64)\"";

/// `check`: the module's fate at `arbos`, readable or as one JSON line; a module that does not
/// activate exits 2 with the reason (and, with --json, `{"valid": false, ...}` on stdout).
fn check(
    wasm: &std::path::Path,
    arbos: Arbos,
    activation_gas: Option<u64>,
    json: bool,
) -> Result<(), Failure> {
    // The chain's ActivationGas parameter: what the user gave, else Nitro's initial value, said so.
    let given = activation_gas.is_some();
    let activation_gas = activation_gas.unwrap_or(arbos::INITIAL_ACTIVATION_GAS);
    let bytes = std::fs::read(wasm).map_err(|e| bad_input(format!("{}: {e}", wasm.display())))?;
    let program = match Analysis::of(&bytes, arbos) {
        Ok(program) => program,
        Err(error) => {
            if json && !matches!(error, LoadError::Io { .. }) {
                let value = serde_json::json!({
                    "valid": false,
                    "arbos": arbos,
                    "stylus_version": arbos.stylus_version(),
                    "reason": error.to_string(),
                });
                println!("{value}");
            }
            return Err(bad_input(error));
        }
    };
    // Nitro activates it; can this meter also run it (wasmer singlepass)?
    let runs = Program::from_bytes_at(&bytes, arbos)
        .err()
        .map(|e| e.to_string());
    let activation = program.activation();
    let sizes = program.sizes();
    let charge = program.activation_charge(activation_gas);
    let gas = serde_json::json!({
        "init": stylus_meter::pricing::init_gas(activation.init_cost),
        "cached_init": stylus_meter::pricing::cached_init_gas(activation.cached_init_cost),
    });
    let limits = serde_json::json!({
        "max_wasm": arbos.max_wasm_size(),
        "max_code": arbos::MAX_CODE_SIZE,
        "max_fragments": arbos.max_fragment_count(),
    });
    if json {
        let value = serde_json::json!({
            "valid": true,
            "arbos": arbos,
            "stylus_version": arbos.stylus_version(),
            "activation": activation,
            "gas": gas,
            "sizes": sizes,
            "layout": program.layout(),
            "limits": limits,
            "activation_charge": charge,
            "opcodes": program.opcodes(),
            "activation_gas_parameter": {
                "value": activation_gas,
                "given": given,
                "charged_from_arbos": arbos::ARBOS_VERSION_STYLUS_ACTIVATION_GAS,
                "read_with": ACTIVATION_GAS_GETTER,
            },
            "imports": program.host_imports(),
            "meter_runs_it": runs.is_none(),
            "meter_note": runs,
        });
        println!("{value}");
        return Ok(());
    }
    println!(
        "{}: activates at {arbos} (Stylus version {})",
        wasm.display(),
        arbos.stylus_version()
    );
    println!(
        "  size         {} bytes wasm (limit {}), {} bytes brotli (q11, w22)",
        sizes.wasm,
        arbos.max_wasm_size(),
        sizes.compressed
    );
    match program.layout() {
        CodeLayout::Contract { code } => println!(
            "  deploys as   one contract of {code} bytes (limit {})",
            arbos::MAX_CODE_SIZE
        ),
        CodeLayout::Fragments { root, fragments } => println!(
            "  deploys as   a root of {root} bytes and {} fragments of {:?} bytes (each ≤ {}, at most {} fragments)",
            fragments.len(),
            fragments,
            arbos::MAX_CODE_SIZE,
            arbos.max_fragment_count()
        ),
    }
    print_activation(program.activation());
    println!(
        "  call gas     cached init {}, init {} (uncached calls add it), starting pages {}",
        gas["cached_init"],
        gas["init"],
        stylus_meter::pricing::memory_pages_gas(activation.footprint, 0, 0)
    );
    println!(
        "  to activate  burns {} gas = ArbWasm's fixed {} + ActivationGas {} + fragment reads {} + compile {} + ArbWasm's bookkeeping {}",
        charge.total,
        charge.fixed,
        charge.activation_gas,
        charge.fragment_reads,
        charge.compile,
        charge.bookkeeping
    );
    let opcodes = program.opcodes();
    println!(
        "               compile counts {} opcodes: {} in the file, instrumented as Nitro does",
        opcodes.instrumented, opcodes.raw
    );
    let since = arbos::ARBOS_VERSION_STYLUS_ACTIVATION_GAS;
    if !arbos.charges_activation_gas() {
        println!("               ActivationGas: none before ArbOS {since}");
    } else if given {
        println!(
            "               ActivationGas is the chain's parameter (burnt from ArbOS {since}): {activation_gas}, as given by --activation-gas"
        );
    } else {
        println!(
            "               ActivationGas is the chain's parameter (burnt from ArbOS {since}), ASSUMED {activation_gas} (Nitro's upgrades leave it 0; a chain owner may set it): pass the chain's, --activation-gas G with G from {ACTIVATION_GAS_GETTER}"
        );
    }
    println!(
        "               not in it: ArbWasm's own storage reads and writes, the transaction's calldata, the data fee (wei)"
    );
    println!(
        "  imports      vm_hooks: {}",
        program.host_imports().join(", ")
    );
    if let Some(reason) = runs {
        println!("  note         the meter cannot run it: {reason}");
    }
    Ok(())
}

/// `calls`: each call's frame gas, readable or as one JSON line.
fn print_calls(program: &Program, frames: &[stylus_meter::FrameCall], uncached: bool, json: bool) {
    let total: u64 = frames.iter().map(|f| f.gas.frame).sum();
    if json {
        let calls: Vec<_> = frames
            .iter()
            .enumerate()
            .map(|(index, f)| {
                serde_json::json!({
                    "index": index,
                    "outcome": f.report.outcome,
                    "returndata": hex(&f.report.returndata),
                    "recent_hit": f.recent_hit,
                    "init_charged": f.init_charged,
                    "gas": f.gas,
                })
            })
            .collect();
        let value = serde_json::json!({
            "arbos": program.arbos(),
            "cached": !uncached,
            "block_cache_size": program.arbos().recent_wasms(),
            "calls": calls,
            "total_frame_gas": total,
            "source": "model",
            "composition": "calls from a contract in one transaction: per call the program's frame (memory for its starting pages given the pages the transaction opened, cached init, init unless cached or called earlier in the block from ArbOS 60, execution); no 21,000, no calldata gas, no CALL costs of the caller",
        });
        println!("{value}");
        return;
    }
    println!(
        "{} calls from a contract in one transaction at {} ({}; frame gas, no transaction or CALL costs)",
        frames.len(),
        program.arbos(),
        if uncached { "uncached program" } else { "cached program" }
    );
    println!("  #     outcome   init  memory  cached_init      init  execution     frame");
    for (index, f) in frames.iter().enumerate() {
        let outcome = serde_json::to_value(f.report.outcome).unwrap_or_default();
        println!(
            "  {index:<5} {:<9} {:<5} {:>6} {:>12} {:>9} {:>10} {:>9}",
            outcome.as_str().unwrap_or("?"),
            if f.init_charged {
                "paid"
            } else if f.recent_hit {
                "recent"
            } else {
                "-"
            },
            f.gas.memory,
            f.gas.cached_init,
            f.gas.init,
            f.gas.execution,
            f.gas.frame
        );
    }
    println!("  total frame gas {total}");
}

/// `txs`: every transaction of the file in order, against one state; the module compiled once.
fn run_txs(
    wasm: &Path,
    txs: &Path,
    state: &StateArgs,
    arbos: Arbos,
    json: bool,
) -> Result<(), Failure> {
    let specs = stylus_meter::txs::read(txs).map_err(bad_input)?;
    let calldata = specs
        .iter()
        .enumerate()
        .map(|(index, spec)| spec.calldata(index))
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad_input)?;
    let program = Program::from_file_at(wasm, arbos).map_err(bad_input)?;
    let mut evm = state.evm()?;
    let mut results = Vec::with_capacity(specs.len());
    let mut failed = 0;
    for (index, (spec, calldata)) in specs.iter().zip(calldata).enumerate() {
        let tx = Tx {
            from: spec.from.unwrap_or(state.sender),
            value: spec.value.unwrap_or(state.value),
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
        "arbos": program.arbos(),
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

fn print_activation(a: stylus_meter::Activation) {
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
    let evm = report.evm;
    if evm != stylus_meter::evm::EvmGas::default() {
        println!(
            "               of which EVM: storage loads {} + stores {} + logs {} + accounts {} + transient {}",
            evm.storage_load, evm.storage_store, evm.logs, evm.accounts, evm.transient
        );
    }
    if gas.refund_counter == 0 {
        println!(
            "               cached call   {} = calldata {} + cached init {} + memory {} + execution {}",
            gas.cached_call, gas.calldata, gas.cached_init, gas.memory, gas.execution
        );
        println!(
            "               uncached call {} = cached call + init {}",
            gas.uncached_call, gas.init
        );
    } else {
        println!(
            "               cached call   {} = calldata {} + cached init {} + memory {} + execution {} − refund {}",
            gas.cached_call, gas.calldata, gas.cached_init, gas.memory, gas.execution, gas.cached_refund
        );
        println!(
            "               uncached call {} = the same + init {} − refund {}",
            gas.uncached_call, gas.init, gas.uncached_refund
        );
        println!(
            "               (refund counter {}, capped at a fifth of the transaction's gasUsed)",
            gas.refund_counter
        );
    }
    println!("               (transaction gasUsed = these + 21,000)");
    println!(
        "               from a contract: {} cached, {} uncached (the program's frame only)",
        gas.frame_cached, gas.frame_uncached
    );
    println!("rules          {}", program.arbos());
    for log in &report.logs {
        println!(
            "log            {} topics {:?} data {}",
            log.address,
            log.topics
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            hex(&log.data)
        );
    }
    print_activation(program.activation());
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    #[test]
    fn a_module_over_one_contract_deploys_as_fragments_and_a_root_naming_them() {
        // 40 KB that brotli cannot shrink: two fragments, the first a full contract.
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        let mut block = keccak256(b"incompressible");
        while wasm.len() < 40_000 {
            wasm.extend(block.as_slice());
            block = keccak256(block);
        }
        let create2 = (Address::repeat_byte(0x4e), B256::repeat_byte(0x07));
        let value = fragmented_deployment_json(&wasm, create2);
        let fragments = value["fragments"].as_array().unwrap();
        assert_eq!(fragments.len(), 2);
        assert_eq!(fragments[0]["code_bytes"], arbos::MAX_CODE_SIZE);
        let hex_bytes = |v: &serde_json::Value| parse_hex(v.as_str().unwrap()).unwrap();
        let mut payload: Vec<u8> = Vec::new();
        let mut root = [&arbos::ROOT_PREFIX[..], &(wasm.len() as u32).to_be_bytes()].concat();
        for fragment in fragments {
            let code = hex_bytes(&fragment["code"]);
            assert_eq!(code[..3], arbos::FRAGMENT_PREFIX);
            payload.extend(&code[3..]);
            let init_hash = keccak256(hex_bytes(&fragment["init_code"]));
            let address = create2.0.create2(create2.1, init_hash);
            assert_eq!(fragment["address"], address.to_checksum(None));
            root.extend(address.as_slice());
        }
        assert_eq!(
            payload,
            stylus_meter::brotli_compress(&wasm),
            "the pieces, in order, are the compressed module"
        );
        assert_eq!(
            hex_bytes(&value["code"]),
            root,
            "the root names the fragments in order"
        );
        assert_eq!(root.len(), arbos::ROOT_HEADER_BYTES + 20 * fragments.len());
        let root_address = create2
            .0
            .create2(create2.1, keccak256(deploy::init_code(&root)));
        assert_eq!(value["address"], root_address.to_checksum(None));
    }
}
