//! Each command: read its input, ask the library, print its report (text or one JSON line).

use crate::args::{Command, StateArgs};
use crate::print::{print_call, print_calls, print_check, print_deployment, print_txs};
use crate::report::{
    hex, print_json, ActivationGasParameter, CallJson, CallOut, CallsReport, CheckLimits,
    CheckRefused, CheckReport, DeploymentReport, InitGas, TxOut, TxsReport,
};
use crate::{bad_input, Failure};
use alloy_primitives::{Address, B256};
use std::path::Path;
use stylus_meter::abi::{encode_call, parse_hex, split_args, Interface};
use stylus_meter::arbos::{self, Arbos};
use stylus_meter::evm::Tx;
use stylus_meter::txs::TxSpec;
use stylus_meter::{Analysis, Block, CodeLayout, LoadError, Program};

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
            mut state,
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
                print_json(&CallJson::new(&program, &report));
            } else {
                print_call(&program, &report);
            }
            Ok(())
        }
        Command::Txs {
            wasm,
            txs,
            abi,
            mut state,
            json,
        } => run_txs(&wasm, &txs, abi.as_deref(), &mut state, arbos, json),
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
            let report = CallsReport::new(&program, &frames, uncached);
            if json {
                print_json(&report);
            } else {
                print_calls(&report);
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
            let program = Program::from_file_at(&wasm, arbos).map_err(bad_input)?;
            let bytes =
                std::fs::read(&wasm).map_err(|e| bad_input(format!("{}: {e}", wasm.display())))?;
            let report = match (program.layout(), create2) {
                (CodeLayout::Contract { .. }, _) => DeploymentReport::single(&bytes, create2),
                (CodeLayout::Fragments { .. }, Some(create2)) => {
                    DeploymentReport::fragmented(&bytes, create2)
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
                print_json(&report);
            } else {
                print_deployment(&wasm, &report);
            }
            Ok(())
        }
    }
}

/// How to read a chain's `ActivationGas` (ArbWasm's getter, as scripts/chain/deploy.mjs reads it).
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
                print_json(&CheckRefused {
                    valid: false,
                    arbos,
                    stylus_version: arbos.stylus_version(),
                    reason: error.to_string(),
                });
            }
            return Err(bad_input(error));
        }
    };
    // Nitro activates it; can this meter also run it (wasmer singlepass)?
    let runs = Program::from_bytes_at(&bytes, arbos)
        .err()
        .map(|e| e.to_string());
    let activation = program.activation();
    let report = CheckReport {
        valid: true,
        arbos,
        stylus_version: arbos.stylus_version(),
        activation,
        gas: InitGas {
            init: stylus_meter::pricing::init_gas(activation.init_cost),
            cached_init: stylus_meter::pricing::cached_init_gas(activation.cached_init_cost),
        },
        sizes: program.sizes(),
        layout: program.layout().clone(),
        limits: CheckLimits {
            max_wasm: arbos.max_wasm_size(),
            max_code: arbos::MAX_CODE_SIZE,
            max_fragments: arbos.max_fragment_count(),
        },
        activation_charge: program.activation_charge(activation_gas),
        opcodes: program.opcodes(),
        activation_gas_parameter: ActivationGasParameter {
            value: activation_gas,
            given,
            charged_from_arbos: arbos::ARBOS_VERSION_STYLUS_ACTIVATION_GAS,
            read_with: ACTIVATION_GAS_GETTER,
        },
        imports: program.host_imports(),
        meter_runs_it: runs.is_none(),
        meter_note: runs,
    };
    if json {
        print_json(&report);
    } else {
        print_check(wasm, &report);
    }
    Ok(())
}

/// `txs`: every transaction of the file in order, against one state; the module compiled once.
pub(crate) fn run_txs(
    wasm: &Path,
    txs: &Path,
    abi: Option<&Path>,
    state: &mut StateArgs,
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
    let interface = read_interface(abi, &specs)?;
    let program = Program::from_file_at(wasm, arbos).map_err(bad_input)?;
    let mut evm = state.evm()?;
    let mut results = Vec::with_capacity(specs.len());
    for (index, (spec, calldata)) in specs.iter().zip(calldata).enumerate() {
        let tx = Tx {
            from: spec.from.unwrap_or(state.sender),
            value: spec.value.unwrap_or(state.value),
            ..state.tx(calldata)
        };
        let mut entry = TxOut {
            index,
            label: spec.label.clone(),
            sig: spec.sig.clone(),
            decoded: None,
            from: tx.from,
            calldata: hex(&tx.calldata),
            call: None,
            error: None,
        };
        match evm.transact(&program, &tx) {
            Ok(report) => {
                entry.decoded = if report.reverted {
                    interface.decode_revert(&report.returndata)
                } else {
                    interface.decode_return(&tx.calldata, &report.returndata)
                };
                entry.call = Some(CallOut::new(&report));
            }
            Err(e) => entry.error = Some(e.to_string()),
        }
        results.push(entry);
    }
    state.save(&evm)?;
    let report = TxsReport::new(&program, results);
    if json {
        print_json(&report);
    } else {
        print_txs(&report);
    }
    let failed = report.total.errors;
    if failed > 0 {
        return Err(Failure(
            1,
            format!("{failed} transaction(s) could not run (see \"error\")"),
        ));
    }
    Ok(())
}

/// The interface `txs` decodes with: the --abi file's functions and errors, and each
/// transaction's `sig` (which may say what it returns).
fn read_interface(abi: Option<&Path>, specs: &[TxSpec]) -> Result<Interface, Failure> {
    let mut interface = match abi {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad_input(format!("--abi {}: {e}", path.display())))?;
            Interface::parse(&text)
                .map_err(|e| bad_input(format!("--abi {}: {e}", path.display())))?
        }
        None => Interface::default(),
    };
    for sig in specs.iter().filter_map(|spec| spec.sig.as_deref()) {
        if let Ok(function) = alloy_json_abi::Function::parse(sig) {
            interface = interface.with(function);
        }
    }
    Ok(interface)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;
    use stylus_meter::deploy;

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
        let value = serde_json::to_value(DeploymentReport::fragmented(&wasm, create2)).unwrap();
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
