//! Each command: read its input, ask the library, print its report (text or one JSON line).

use crate::args::{Command, StateArgs};
use crate::print::{print_activation, print_call, print_calls, print_txs};
use crate::{bad_input, Failure};
use alloy_primitives::{Address, B256};
use std::path::Path;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::arbos::{self, Arbos};
use stylus_meter::deploy;
use stylus_meter::evm::Tx;
use stylus_meter::{Analysis, Block, CallReport, CodeLayout, LoadError, Program};

pub(crate) fn run(command: Command, arbos: Arbos) -> Result<(), Failure> {
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
pub(crate) fn deployment_json(wasm: &[u8], create2: Option<(Address, B256)>) -> serde_json::Value {
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
pub(crate) fn contract_json(
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
pub(crate) fn fragmented_deployment_json(
    wasm: &[u8],
    create2: (Address, B256),
) -> serde_json::Value {
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

pub(crate) fn hex(bytes: &[u8]) -> String {
    format!("0x{}", alloy_primitives::hex::encode(bytes))
}

pub(crate) fn call_json(program: &Program, report: &CallReport) -> serde_json::Value {
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
pub(crate) const ACTIVATION_GAS_GETTER: &str =
    "cast call --rpc-url RPC 0x0000000000000000000000000000000000000071 \"activationGas()(uint64)\"";

/// `check`: the module's fate at `arbos`, readable or as one JSON line; a module that does not
/// activate exits 2 with the reason (and, with --json, `{"valid": false, ...}` on stdout).
pub(crate) fn check(
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

/// `txs`: every transaction of the file in order, against one state; the module compiled once.
pub(crate) fn run_txs(
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
