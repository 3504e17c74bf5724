//! Readable reports, from the typed reports of [`crate::report`].

use crate::report::{hex, CallsReport, CheckReport, DeploymentReport, TxOut, TxsReport};
use std::path::Path;
use stylus_meter::{CallReport, CodeLayout, Outcome, Program};

/// `calls`: each call's frame gas.
pub(crate) fn print_calls(report: &CallsReport) {
    println!(
        "{} calls from a contract in one transaction at {} ({}; frame gas, no transaction or CALL costs)",
        report.calls.len(),
        report.arbos,
        if report.cached { "cached program" } else { "uncached program" }
    );
    println!("  #     outcome   init  memory  cached_init      init  execution     frame");
    for f in &report.calls {
        println!(
            "  {:<5} {:<9} {:<5} {:>6} {:>12} {:>9} {:>10} {:>9}",
            f.index,
            outcome_name(f.outcome),
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
    println!("  total frame gas {}", report.total_frame_gas);
}

/// How `--json` names an outcome (`Outcome`'s serde name).
fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Success => "success",
        Outcome::Revert => "revert",
        Outcome::Failure => "failure",
    }
}

/// `txs`: one line per transaction and the totals.
pub(crate) fn print_txs(report: &TxsReport) {
    // A transaction is named by its label, else its signature, else its selector.
    let name = |tx: &TxOut| {
        tx.label
            .clone()
            .or_else(|| tx.sig.clone())
            .unwrap_or_else(|| tx.calldata.chars().take(10).collect())
    };
    let width = report
        .txs
        .iter()
        .map(|tx| name(tx).len())
        .max()
        .unwrap_or(0)
        .max(11);
    println!(
        "{:>4}  {:<width$} {:<8} {:>9} {:>9} {:>9} {:>8}  return data",
        "#", "transaction", "outcome", "cached", "storage", "logs", "refund"
    );
    for tx in &report.txs {
        let name = name(tx);
        let call = match (&tx.call, &tx.error) {
            (Some(call), None) => call,
            (_, error) => {
                let error = error.as_deref().unwrap_or_default();
                println!("{:>4}  {name:<width$} error: {error}", tx.index);
                continue;
            }
        };
        let (gas, evm) = (&call.gas, &call.evm);
        println!(
            "{:>4}  {name:<width$} {:<8} {:>9} {:>9} {:>9} {:>8}  {}",
            tx.index,
            outcome_name(call.outcome),
            gas.cached_call,
            evm.storage_load + evm.storage_store,
            evm.logs,
            gas.cached_refund,
            tx.decoded.as_deref().unwrap_or(&call.returndata),
        );
    }
    print_txs_summary(report);
    println!(
        "total cached {} gas, uncached {} (model; each is a transaction's gasUsed − 21,000; storage and logs are part of it; uncached: each transaction in a block of its own, so each pays the program's init, where in one block from ArbOS 60 only the first would)",
        report.total.cached_call, report.total.uncached_call
    );
}

/// Per function, as forge's gas report: calls, min, mean and max of the cached figure.
fn print_txs_summary(report: &TxsReport) {
    let mut functions: Vec<(String, Vec<u64>)> = Vec::new();
    for tx in &report.txs {
        let Some(call) = &tx.call else { continue };
        let key = tx
            .sig
            .clone()
            .unwrap_or_else(|| tx.calldata.chars().take(10).collect());
        match functions.iter_mut().find(|(k, _)| *k == key) {
            Some((_, gas)) => gas.push(call.gas.cached_call),
            None => functions.push((key, vec![call.gas.cached_call])),
        }
    }
    let width = functions
        .iter()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(0)
        .max(8);
    println!(
        "\n{:<width$} {:>6} {:>9} {:>9} {:>9}  (cached gas)",
        "function", "calls", "min", "mean", "max"
    );
    for (key, gas) in &functions {
        let (min, max) = (gas.iter().min().unwrap(), gas.iter().max().unwrap());
        let mean = gas.iter().sum::<u64>() / gas.len() as u64;
        println!("{key:<width$} {:>6} {min:>9} {mean:>9} {max:>9}", gas.len());
    }
}

/// `check` of a module that activates.
pub(crate) fn print_check(wasm: &Path, report: &CheckReport) {
    let arbos = report.arbos;
    let (sizes, limits) = (report.sizes, &report.limits);
    println!(
        "{}: activates at {arbos} (Stylus version {})",
        wasm.display(),
        report.stylus_version
    );
    println!(
        "  size         {} bytes wasm (limit {}), {} bytes brotli (q11, w22)",
        sizes.wasm, limits.max_wasm, sizes.compressed
    );
    match &report.layout {
        CodeLayout::Contract { code } => println!(
            "  deploys as   one contract of {code} bytes (limit {})",
            limits.max_code
        ),
        CodeLayout::Fragments { root, fragments } => println!(
            "  deploys as   a root of {root} bytes and {} fragments of {:?} bytes (each ≤ {}, at most {} fragments)",
            fragments.len(),
            fragments,
            limits.max_code,
            limits.max_fragments
        ),
    }
    print_activation(report.activation);
    println!(
        "  call gas     cached init {}, init {} (uncached calls add it), starting pages {}",
        report.gas.cached_init,
        report.gas.init,
        stylus_meter::pricing::memory_pages_gas(report.activation.footprint, 0, 0)
    );
    let charge = report.activation_charge;
    println!(
        "  to activate  burns {} gas = ArbWasm's fixed {} + ActivationGas {} + fragment reads {} + compile {} + ArbWasm's bookkeeping {}",
        charge.total,
        charge.fixed,
        charge.activation_gas,
        charge.fragment_reads,
        charge.compile,
        charge.bookkeeping
    );
    println!(
        "               compile counts {} opcodes: {} in the file, instrumented as Nitro does",
        report.opcodes.instrumented, report.opcodes.raw
    );
    let parameter = &report.activation_gas_parameter;
    let (since, activation_gas) = (parameter.charged_from_arbos, parameter.value);
    if !arbos.charges_activation_gas() {
        println!("               ActivationGas: none before ArbOS {since}");
    } else if parameter.given {
        println!(
            "               ActivationGas is the chain's parameter (burnt from ArbOS {since}): {activation_gas}, as given by --activation-gas"
        );
    } else {
        println!(
            "               ActivationGas is the chain's parameter (burnt from ArbOS {since}), ASSUMED {activation_gas} (Nitro's upgrades leave it 0; a chain owner may set it): pass the chain's, --activation-gas G with G from {}",
            parameter.read_with
        );
    }
    println!(
        "               a first activation's gas − 21,000 − calldata; not in it: the data fee (wei)"
    );
    println!("  imports      vm_hooks: {}", report.imports.join(", "));
    if let Some(reason) = &report.meter_note {
        println!("  note         the meter cannot run it: {reason}");
    }
}

/// `deployment`.
pub(crate) fn print_deployment(wasm: &Path, report: &DeploymentReport) {
    println!("{}: deployed as", wasm.display());
    let contract = &report.contract;
    let rows = [
        ("wasm_bytes", Some(report.wasm_bytes.to_string())),
        (
            "project_hash_section",
            Some(report.project_hash_section.to_string()),
        ),
        (
            "program_code_bytes",
            report.program_code_bytes.map(|n| n.to_string()),
        ),
        ("code_bytes", Some(contract.code_bytes.to_string())),
        ("code_hash", Some(contract.code_hash.clone())),
        ("init_code_hash", Some(contract.init_code_hash.clone())),
        ("factory", report.factory.clone()),
        ("salt", report.salt.clone()),
        ("address", contract.address.clone()),
    ];
    for (key, value) in rows {
        if let Some(value) = value {
            println!("  {key:<21}{value}");
        }
    }
    for (i, f) in report.fragments.iter().flatten().enumerate() {
        println!(
            "  fragment {:<12}{} ({} bytes, code hash {})",
            i + 1,
            f.address.as_deref().unwrap_or_default(),
            f.code_bytes,
            f.code_hash
        );
    }
    println!("  (--json adds the code and the init code)");
}

pub(crate) fn print_activation(a: stylus_meter::Activation) {
    println!(
        "  activation   init_cost {}, cached_init_cost {}, footprint {} page(s), asm_estimate {} bytes",
        a.init_cost, a.cached_init_cost, a.footprint, a.asm_estimate
    );
}

pub(crate) fn print_call(program: &Program, report: &CallReport) {
    let outcome = match report.outcome {
        Outcome::Success => "success",
        Outcome::Revert => "revert",
        Outcome::Failure => "failure (trap)",
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
