//! Readable reports.

use crate::commands::hex;
use stylus_meter::{CallReport, Program};

/// `calls`: each call's frame gas, readable or as one JSON line.
pub(crate) fn print_calls(
    program: &Program,
    frames: &[stylus_meter::FrameCall],
    uncached: bool,
    json: bool,
) {
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

pub(crate) fn print_txs(value: &serde_json::Value) {
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

pub(crate) fn print_activation(a: stylus_meter::Activation) {
    println!(
        "  activation   init_cost {}, cached_init_cost {}, footprint {} page(s), asm_estimate {} bytes",
        a.init_cost, a.cached_init_cost, a.footprint, a.asm_estimate
    );
}

pub(crate) fn print_call(program: &Program, report: &CallReport) {
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
