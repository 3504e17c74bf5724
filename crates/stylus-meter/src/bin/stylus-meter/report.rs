//! Every report the tool prints, as a typed value: `--json` serializes it, [`crate::print`] reads
//! its fields. The field names are the JSON keys scripts read.

use alloy_primitives::{Address, B256};
use serde::Serialize;
use stylus_meter::evm::{EvmGas, Log};
use stylus_meter::{
    deploy, Activation, ActivationCharge, Arbos, CallReport, CodeLayout, FrameCall, FrameGas,
    GasBreakdown, InkBreakdown, Opcodes, Outcome, Program, Sizes,
};

/// Prints `report` as one JSON line, through `serde_json::Value`: its keys come out sorted, the
/// order the tool has always printed.
pub(crate) fn print_json(report: &impl Serialize) {
    println!("{}", serde_json::to_value(report).expect("serializable"));
}

/// `0x`-hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    format!("0x{}", alloy_primitives::hex::encode(bytes))
}

/// What a call did and cost (`call`, and each transaction of `txs`).
#[derive(Serialize)]
pub(crate) struct CallOut {
    pub returndata: String,
    pub reverted: bool,
    pub outcome: Outcome,
    pub ink: InkBreakdown,
    pub gas: GasBreakdown,
    pub evm: EvmGas,
    pub logs: Vec<Log>,
}

impl CallOut {
    pub(crate) fn new(report: &CallReport) -> CallOut {
        CallOut {
            returndata: hex(&report.returndata),
            reverted: report.reverted,
            outcome: report.outcome,
            ink: report.ink,
            gas: report.gas,
            evm: report.evm,
            logs: report.logs.clone(),
        }
    }
}

/// `call --json`.
#[derive(Serialize)]
pub(crate) struct CallJson {
    #[serde(flatten)]
    pub call: CallOut,
    pub activation: Activation,
    pub arbos: Arbos,
    pub source: &'static str,
}

impl CallJson {
    pub(crate) fn new(program: &Program, report: &CallReport) -> CallJson {
        CallJson {
            call: CallOut::new(report),
            activation: program.activation(),
            arbos: program.arbos(),
            source: "model",
        }
    }
}

/// One transaction of `txs`: what it did, or why it could not run.
#[derive(Serialize)]
pub(crate) struct TxOut {
    pub index: usize,
    pub label: Option<String>,
    /// The signature it was given by, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sig: Option<String>,
    /// The return value or revert, decoded by the interface (`--abi`, or a `sig` with `returns`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decoded: Option<String>,
    pub from: Address,
    pub calldata: String,
    #[serde(flatten)]
    pub call: Option<CallOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `txs`' sums over the transactions that ran.
#[derive(Serialize)]
pub(crate) struct TxsTotal {
    pub cached_call: u64,
    pub uncached_call: u64,
    pub refunds: u64,
    pub errors: usize,
}

/// `txs`.
#[derive(Serialize)]
pub(crate) struct TxsReport {
    pub txs: Vec<TxOut>,
    pub total: TxsTotal,
    pub activation: Activation,
    pub arbos: Arbos,
    pub source: &'static str,
}

impl TxsReport {
    pub(crate) fn new(program: &Program, txs: Vec<TxOut>) -> TxsReport {
        let ran = || txs.iter().filter_map(|tx| tx.call.as_ref());
        let total = TxsTotal {
            cached_call: ran().map(|call| call.gas.cached_call).sum(),
            uncached_call: ran().map(|call| call.gas.uncached_call).sum(),
            refunds: ran().map(|call| call.gas.cached_refund).sum(),
            errors: txs.iter().filter(|tx| tx.error.is_some()).count(),
        };
        TxsReport {
            txs,
            total,
            activation: program.activation(),
            arbos: program.arbos(),
            source: "model",
        }
    }
}

/// One call of `calls`.
#[derive(Serialize)]
pub(crate) struct FrameOut {
    pub index: usize,
    pub outcome: Outcome,
    pub returndata: String,
    pub recent_hit: bool,
    pub init_charged: bool,
    pub gas: FrameGas,
}

/// `calls`.
#[derive(Serialize)]
pub(crate) struct CallsReport {
    pub arbos: Arbos,
    pub cached: bool,
    pub block_cache_size: Option<usize>,
    pub calls: Vec<FrameOut>,
    pub total_frame_gas: u64,
    pub source: &'static str,
    pub composition: &'static str,
}

impl CallsReport {
    pub(crate) fn new(program: &Program, frames: &[FrameCall], uncached: bool) -> CallsReport {
        let calls = frames
            .iter()
            .enumerate()
            .map(|(index, f)| FrameOut {
                index,
                outcome: f.report.outcome,
                returndata: hex(&f.report.returndata),
                recent_hit: f.recent_hit,
                init_charged: f.init_charged,
                gas: f.gas,
            })
            .collect();
        CallsReport {
            arbos: program.arbos(),
            cached: !uncached,
            block_cache_size: program.arbos().recent_wasms(),
            calls,
            total_frame_gas: frames.iter().map(|f| f.gas.frame).sum(),
            source: "model",
            composition: "calls from a contract in one transaction: per call the program's frame (memory for its starting pages given the pages the transaction opened, cached init, init unless cached or called earlier in the block from ArbOS 60, execution); no 21,000, no calldata gas, no CALL costs of the caller",
        }
    }
}

/// `check --json` of a module that does not activate.
#[derive(Serialize)]
pub(crate) struct CheckRefused {
    pub valid: bool,
    pub arbos: Arbos,
    pub stylus_version: u16,
    pub reason: String,
}

/// Init and cached init gas.
#[derive(Serialize)]
pub(crate) struct InitGas {
    pub init: u64,
    pub cached_init: u64,
}

/// The version's size limits.
#[derive(Serialize)]
pub(crate) struct CheckLimits {
    pub max_wasm: usize,
    pub max_code: usize,
    pub max_fragments: usize,
}

/// The chain's `ActivationGas` as `check` took it.
#[derive(Serialize)]
pub(crate) struct ActivationGasParameter {
    pub value: u64,
    pub given: bool,
    pub charged_from_arbos: u64,
    pub read_with: &'static str,
}

/// `check` of a module that activates.
#[derive(Serialize)]
pub(crate) struct CheckReport {
    pub valid: bool,
    pub arbos: Arbos,
    pub stylus_version: u16,
    pub activation: Activation,
    pub gas: InitGas,
    pub sizes: Sizes,
    pub layout: CodeLayout,
    pub limits: CheckLimits,
    pub activation_charge: ActivationCharge,
    pub opcodes: Opcodes,
    pub activation_gas_parameter: ActivationGasParameter,
    pub imports: Vec<&'static str>,
    pub meter_runs_it: bool,
    pub meter_note: Option<String>,
}

/// One contract of a deployment: code, init code, their hashes and, through a factory, its address.
#[derive(Serialize)]
pub(crate) struct ContractOut {
    pub code_bytes: usize,
    pub code_hash: String,
    pub init_code_hash: String,
    pub code: String,
    pub init_code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

impl ContractOut {
    pub(crate) fn new(
        contract: &deploy::Contract,
        create2: Option<(Address, B256)>,
    ) -> ContractOut {
        ContractOut {
            code_bytes: contract.code.len(),
            code_hash: contract.code_hash().to_string(),
            init_code_hash: contract.init_code_hash().to_string(),
            code: hex(&contract.code),
            init_code: hex(&contract.init_code),
            address: create2
                .map(|(factory, salt)| contract.address(factory, salt).to_checksum(None)),
        }
    }
}

/// `deployment`: the keys at the top describe the single contract, or the root of a fragmented
/// program (the contract users call, activate and cache); `program_code_bytes` is then what one
/// contract would have held.
#[derive(Serialize)]
pub(crate) struct DeploymentReport {
    pub wasm_bytes: usize,
    pub project_hash_section: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program_code_bytes: Option<usize>,
    #[serde(flatten)]
    pub contract: ContractOut,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factory: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fragments: Option<Vec<ContractOut>>,
}

impl DeploymentReport {
    /// `wasm` as one contract (checked by the caller: `Program::from_file` refuses a module over
    /// the code size limit or one Nitro would not activate).
    pub(crate) fn single(wasm: &[u8], create2: Option<(Address, B256)>) -> DeploymentReport {
        DeploymentReport {
            wasm_bytes: wasm.len(),
            project_hash_section: stylus_meter::cargo_stylus::has_project_hash(wasm),
            program_code_bytes: None,
            contract: ContractOut::new(&deploy::single(wasm), create2),
            factory: create2.map(|(factory, _)| factory.to_checksum(None)),
            salt: create2.map(|(_, salt)| salt.to_string()),
            fragments: None,
        }
    }

    /// `wasm` as fragments and a root ([`deploy::fragmented`]), all through `create2`.
    pub(crate) fn fragmented(wasm: &[u8], create2: (Address, B256)) -> DeploymentReport {
        let deployed = deploy::fragmented(wasm, create2.0, create2.1);
        let fragments = deployed
            .fragments
            .iter()
            .map(|fragment| ContractOut::new(fragment, Some(create2)))
            .collect();
        DeploymentReport {
            wasm_bytes: wasm.len(),
            project_hash_section: stylus_meter::cargo_stylus::has_project_hash(wasm),
            program_code_bytes: Some(deployed.program_code_bytes),
            contract: ContractOut::new(&deployed.root, Some(create2)),
            factory: Some(create2.0.to_checksum(None)),
            salt: Some(create2.1.to_string()),
            fragments: Some(fragments),
        }
    }
}
