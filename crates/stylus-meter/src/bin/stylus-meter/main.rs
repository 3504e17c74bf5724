//! `stylus-meter`: run a Stylus `.wasm` offline and report ink and gas as Nitro charges them.
//!
//! `args` is the command line, `commands` runs each command and builds its report (`report`: typed,
//! printed as JSON by `--json`), `print` turns reports into text; the library does the work.

mod args;
mod commands;
mod print;
mod report;

use args::Cli;
use clap::Parser;
use std::process::ExitCode;

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
    match commands::run(cli.command, cli.arbos) {
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
