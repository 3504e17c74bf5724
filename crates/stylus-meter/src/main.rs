//! `stylus-meter`: run a Stylus `.wasm` offline and report ink and gas as Nitro charges them.

use alloy_primitives::{keccak256, Address, B256};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::arbos::{self, Arbos};
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
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Does the module activate at --arbos, and at what cost: validity (naming the feature or the
    /// function at fault), sizes against the version's limits (one contract or a root and
    /// fragments), init and cached init gas, footprint, asm estimate, activation charge.
    Check {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// The chain's ActivationGas parameter (read it with ArbWasm.activationGas()); Nitro's
        /// upgrades leave it at 0, and only chain owners set it. Charged from ArbOS 59.
        #[arg(long, default_value_t = arbos::INITIAL_ACTIVATION_GAS)]
        activation_gas: u64,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Price calls repeated in one transaction of one block, each as a call from a contract:
    /// the gas inside the program's frame (cached init + memory + execution, plus init for the
    /// first call to an uncached program, and before ArbOS 60 for every call). No transaction
    /// gas (21,000, calldata) and not the calling contract's own CALL costs.
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
        Command::Call {
            wasm,
            sig,
            args,
            calldata,
            json,
        } => {
            let calldata = match (sig, calldata) {
                (Some(sig), _) => encode_call(&sig, &split_args(args.as_deref().unwrap_or("")))
                    .map_err(bad_input)?,
                (None, Some(hex)) => parse_hex(&hex).map_err(bad_input)?,
                (None, None) => return Err(bad_input("give --sig and --args, or --calldata")),
            };
            let program = Program::from_file_at(&wasm, arbos).map_err(bad_input)?;
            let report = program
                .call(&calldata)
                .map_err(|e| Failure(1, e.to_string()))?;
            if json {
                println!("{}", call_json(&program, &report));
            } else {
                print_call(&program, &report);
            }
            Ok(())
        }
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
            if let CodeLayout::Fragments { fragments, .. } = program.layout() {
                return Err(bad_input(format!(
                    "{}: {} bytes of code exceed one contract ({} bytes); at {arbos} it deploys as a root and {} fragments, which this subcommand does not write",
                    wasm.display(),
                    program.sizes().code,
                    stylus_meter::activation::MAX_CODE_BYTES,
                    fragments.len()
                )));
            }
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
        "activation": program.activation(),
        "arbos": program.arbos(),
        "source": "model",
    })
}

/// `check`: the module's fate at `arbos`, readable or as one JSON line; a module that does not
/// activate exits 2 with the reason (and, with --json, `{"valid": false, ...}` on stdout).
fn check(
    wasm: &std::path::Path,
    arbos: Arbos,
    activation_gas: u64,
    json: bool,
) -> Result<(), Failure> {
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
        "max_code": stylus_meter::activation::MAX_CODE_BYTES,
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
            "activation_gas_parameter": activation_gas,
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
            stylus_meter::activation::MAX_CODE_BYTES
        ),
        CodeLayout::Fragments { root, fragments } => println!(
            "  deploys as   a root of {root} bytes and {} fragments of {:?} bytes (each ≤ {}, at most {} fragments)",
            fragments.len(),
            fragments,
            stylus_meter::activation::MAX_CODE_BYTES,
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
        "  activation   {} gas = compile {} + fragment reads {} + ActivationGas {} (the chain's parameter: --activation-gas; plus the ArbWasm call itself and the data fee in wei)",
        charge.total, charge.compile, charge.fragment_reads, charge.activation_gas
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
    println!(
        "               cached call   {} = calldata {} + cached init {} + memory {} + execution {}",
        gas.cached_call, gas.calldata, gas.cached_init, gas.memory, gas.execution
    );
    println!(
        "               uncached call {} = cached call + init {}",
        gas.uncached_call, gas.init
    );
    println!("               (transaction gasUsed = these + 21,000)");
    println!(
        "               from a contract: {} cached, {} uncached (the program's frame only)",
        gas.frame_cached, gas.frame_uncached
    );
    println!("rules          {}", program.arbos());
    print_activation(program.activation());
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
