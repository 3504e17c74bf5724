//! `stylus-meter`: run a Stylus `.wasm` offline and report ink and gas as Nitro charges them.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
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
        /// One JSON line instead of a readable summary.
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
            json,
        } => {
            let calldata = match (sig, calldata) {
                (Some(sig), _) => encode_call(&sig, &split_args(args.as_deref().unwrap_or("")))
                    .map_err(bad_input)?,
                (None, Some(hex)) => parse_hex(&hex).map_err(bad_input)?,
                (None, None) => return Err(bad_input("give --sig and --args, or --calldata")),
            };
            let program = Program::from_file(&wasm).map_err(bad_input)?;
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
    }
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
        "source": "model",
    })
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
