//! Calibration: the meter against every figure Nitro measured (`calibration/nitro.json`, which
//! says where each figure comes from).
//!
//! - Nitro's Stylus runtime: outcome, return data and ink of each call, and the activation
//!   figures of each program, exactly.
//! - A real Nitro node: each transaction's gas (gasUsed − 21,000), cached and uncached, exactly,
//!   for the module as it was deployed (raw, or as `cargo stylus deploy` rewrites it).
//!
//! Every figure is checked at the ArbOS version it was measured at (`"arbos"` in the file: 50 for
//! the runtime, 51 for the node), whatever the meter's default.
//!
//! Our own programs are committed beside the figures (`calibration/programs/`), so those cases
//! run in every clone. The other programs are not ours to commit: they are read from
//! `$STYLUS_CALIBRATION_DIR`, else from the folder our development machines keep beside the
//! repository, and their cases are skipped, in one line, where neither has them.

use alloy_primitives::hex;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::{cargo_stylus, pricing, Activation, Arbos, Program};

#[derive(Deserialize)]
struct Figures {
    runtime: Runtime,
    node: Node,
}

#[derive(Deserialize)]
struct Runtime {
    /// The ArbOS version the runtime activated the programs at.
    arbos: u64,
    programs: Vec<ProgramFigures>,
}

#[derive(Deserialize)]
struct ProgramFigures {
    file: String,
    location: String,
    sha256: String,
    bytes: usize,
    /// `None` where Nitro's activation figures were not recorded for the file.
    activation: Option<ActivationFigures>,
    calls: Vec<RuntimeCall>,
}

#[derive(Deserialize)]
struct ActivationFigures {
    init_cost: u16,
    cached_init_cost: u16,
    footprint: u16,
    asm_estimate: Option<u32>,
}

#[derive(Deserialize)]
struct Calldata {
    sig: Option<String>,
    args: Option<String>,
    calldata: Option<String>,
}

impl Calldata {
    fn bytes(&self) -> Vec<u8> {
        match (&self.sig, &self.calldata) {
            (Some(sig), None) => {
                encode_call(sig, &split_args(self.args.as_deref().unwrap_or(""))).unwrap()
            }
            (None, Some(raw)) => parse_hex(raw).unwrap(),
            _ => panic!("a call gives either sig/args or calldata"),
        }
    }

    fn label(&self) -> String {
        match (&self.sig, &self.calldata) {
            (Some(sig), _) => format!("{sig} [{}]", self.args.as_deref().unwrap_or("")),
            (_, Some(raw)) => raw.clone(),
            _ => String::new(),
        }
    }
}

#[derive(Deserialize)]
struct RuntimeCall {
    #[serde(flatten)]
    calldata: Calldata,
    outcome: String,
    returndata: String,
    ink: u64,
}

#[derive(Deserialize)]
struct Node {
    /// The ArbOS version the node ran.
    arbos: u64,
    calls: Vec<NodeCall>,
    frames: Vec<NodeFrame>,
}

/// A call from a contract into a cached program on the node: the gas used inside its frame.
#[derive(Deserialize)]
struct NodeFrame {
    program: String,
    deployment: String,
    #[serde(flatten)]
    calldata: Calldata,
    cached_frame_gas: u64,
}

#[derive(Deserialize)]
struct NodeCall {
    program: String,
    deployment: String,
    #[serde(flatten)]
    calldata: Calldata,
    calldata_gas: Option<u64>,
    uncached_gas: u64,
    cached_gas: u64,
}

fn calibration() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("calibration")
}

fn figures() -> Figures {
    let path = calibration().join("nitro.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Where the programs that are not committed here may be: `$STYLUS_CALIBRATION_DIR`, else the
/// development machines' folder beside the repository.
fn external_dir() -> PathBuf {
    match std::env::var_os("STYLUS_CALIBRATION_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/calibration"),
    }
}

/// Every program the figures name, read and checked to be the file that was measured;
/// `None` for an external one that is not there.
fn programs(figures: &Figures) -> BTreeMap<String, Option<Vec<u8>>> {
    let mut missing = Vec::new();
    let found = figures
        .runtime
        .programs
        .iter()
        .map(|p| {
            let path = match p.location.as_str() {
                "repository" => calibration().join("programs").join(&p.file),
                "external" => external_dir().join(&p.file),
                other => panic!("{}: unknown location {other}", p.file),
            };
            let wasm = std::fs::read(&path).ok();
            match &wasm {
                Some(bytes) => {
                    assert_eq!(bytes.len(), p.bytes, "{}: size", path.display());
                    assert_eq!(
                        sha256_hex(bytes),
                        p.sha256,
                        "{}: not the file Nitro measured",
                        path.display()
                    );
                }
                None if p.location == "repository" => panic!("{} is missing", path.display()),
                None => missing.push(p.file.as_str()),
            }
            (p.file.clone(), wasm)
        })
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "SKIPPED: calibration cases of {} (not in {}; set STYLUS_CALIBRATION_DIR to the folder holding Nitro's calibration programs); the meter is checked against the recorded figures of the programs in crates/stylus-meter/calibration/programs",
            missing.join(", "),
            external_dir().display()
        );
    }
    found
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

fn load(file: &str, wasm: &[u8], arbos: u64) -> Program {
    let arbos = Arbos::new(arbos).unwrap_or_else(|e| panic!("{file}: {e}"));
    Program::from_bytes_at(wasm, arbos).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn assert_activation(file: &str, got: Activation, want: &ActivationFigures) {
    assert_eq!(got.init_cost, want.init_cost, "{file}: init_cost");
    assert_eq!(
        got.cached_init_cost, want.cached_init_cost,
        "{file}: cached_init_cost"
    );
    assert_eq!(got.footprint, want.footprint, "{file}: footprint");
    if let Some(asm) = want.asm_estimate {
        assert_eq!(got.asm_estimate, asm, "{file}: asm_estimate");
    }
}

#[test]
fn runtime_figures_ink_outcome_return_data_and_activation() {
    let figures = figures();
    let programs = programs(&figures);
    let mut checked = 0;
    for p in &figures.runtime.programs {
        let Some(wasm) = &programs[&p.file] else {
            continue;
        };
        let program = load(&p.file, wasm, figures.runtime.arbos);
        if let Some(activation) = &p.activation {
            assert_activation(&p.file, program.activation(), activation);
        }
        for call in &p.calls {
            let label = format!("{}: {}", p.file, call.calldata.label());
            let report = program
                .call(&call.calldata.bytes())
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            let outcome = serde_json::to_value(report.outcome).unwrap();
            assert_eq!(outcome, call.outcome.as_str(), "{label}: outcome");
            assert_eq!(
                hex::encode_prefixed(&report.returndata),
                call.returndata,
                "{label}: return data"
            );
            assert_eq!(
                report.ink.total, call.ink,
                "{label}: ink (Nitro {})",
                call.ink
            );
            assert_eq!(
                report.ink.total,
                report.ink.opcodes + report.ink.host_io + report.ink.memory
            );
            checked += 1;
        }
    }
    eprintln!(
        "calibration: {checked} runtime calls equal Nitro's, to the ink, at ArbOS {}",
        figures.runtime.arbos
    );
    assert!(checked >= 12, "our own programs' cases always run");
}

#[test]
fn node_figures_of_whole_transactions() {
    let figures = figures();
    let programs = programs(&figures);
    let mut checked = 0;
    for call in &figures.node.calls {
        let Some(wasm) = &programs[&call.program] else {
            continue;
        };
        let module = match call.deployment.as_str() {
            "raw" => wasm.clone(),
            "cargo-stylus" => cargo_stylus::as_deployed(wasm, [0; 32]),
            other => panic!("{}: unknown deployment {other}", call.program),
        };
        let label = format!(
            "{} ({}): {}",
            call.program,
            call.deployment,
            call.calldata.label()
        );
        let report = load(&call.program, &module, figures.node.arbos)
            .call(&call.calldata.bytes())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        if let Some(calldata_gas) = call.calldata_gas {
            assert_eq!(report.gas.calldata, calldata_gas, "{label}: calldata gas");
        }
        assert_eq!(
            report.gas.calldata,
            pricing::calldata_gas(&call.calldata.bytes())
        );
        assert_eq!(
            report.gas.cached_call, call.cached_gas,
            "{label}: cached (node)"
        );
        assert_eq!(
            report.gas.uncached_call, call.uncached_gas,
            "{label}: uncached (node)"
        );
        checked += 1;
    }
    eprintln!(
        "calibration: {checked} node transactions equal the meter, to the gas, at ArbOS {}",
        figures.node.arbos
    );
    assert!(checked >= 4, "our own programs' cases always run");
}

#[test]
fn node_figures_of_call_frames() {
    let figures = figures();
    let programs = programs(&figures);
    let mut checked = 0;
    for frame in &figures.node.frames {
        assert_eq!(
            frame.deployment, "raw",
            "{}: frames are of files deployed as they are",
            frame.program
        );
        let wasm = programs[&frame.program]
            .as_ref()
            .unwrap_or_else(|| panic!("{}: a frame's program is committed", frame.program));
        let label = format!(
            "{}: {} from a contract",
            frame.program,
            frame.calldata.label()
        );
        let report = load(&frame.program, wasm, figures.node.arbos)
            .call(&frame.calldata.bytes())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            report.gas.frame_cached, frame.cached_frame_gas,
            "{label}: cached frame (node)"
        );
        checked += 1;
    }
    assert!(checked >= 1, "the node's call frames are checked");
}

/// The node's finding, as a property of the meter: the same file costs more uncached once
/// cargo-stylus has added its section, because Nitro prices the bytes it activates.
#[test]
fn cargo_stylus_section_is_priced_like_any_module_bytes() {
    let path = calibration().join("programs/poseidon_stylus-016ac08.wasm");
    let wasm = std::fs::read(&path).unwrap();
    let raw = load("raw", &wasm, 51).activation();
    let deployed = load("deployed", &cargo_stylus::as_deployed(&wasm, [0; 32]), 51).activation();
    assert_eq!(
        deployed.init_cost - raw.init_cost,
        6,
        "21,108 on the node, 21,102 raw"
    );
    assert_eq!(deployed.cached_init_cost, raw.cached_init_cost);
}

/// The ArbOS 60 node's figures (calibration/arbos60-node.json).
#[derive(Deserialize)]
struct Arbos60Node {
    arbos: u64,
    programs: Vec<CommittedProgram>,
    activations: Vec<NodeActivation>,
    calls: Vec<NodeCall60>,
    frames: Vec<NodeFrames>,
    paths: Vec<NodePath>,
}

#[derive(Deserialize)]
struct CommittedProgram {
    file: String,
    sha256: String,
    bytes: usize,
}

#[derive(Deserialize)]
struct NodeActivation {
    program: String,
    gas_used: u64,
    calldata_gas: u64,
    burn: u64,
    /// Read from Nitro's activation code for the project's 11 programs; the LeanIMT has its burn only.
    #[serde(flatten)]
    parts: Option<ActivationParts>,
    /// The reads of a fragmented program's fragments, within its burn.
    fragment_reads: Option<u64>,
}

#[derive(Deserialize)]
struct ActivationParts {
    compile: u64,
    opcodes: Opcodes,
    init_cost: u16,
    cached_init_cost: u16,
    asm_estimate: u32,
}

#[derive(Deserialize)]
struct Opcodes {
    raw: u64,
    instrumented: u64,
}

#[derive(Deserialize)]
struct NodeCall60 {
    program: String,
    #[serde(flatten)]
    calldata: Calldata,
    cached_gas: u64,
    uncached_gas: u64,
}

#[derive(Deserialize)]
struct NodeFrames {
    program: String,
    cached: bool,
    calls: Vec<Calldata>,
    frame_gas: Vec<u64>,
}

#[derive(Deserialize)]
struct NodePath {
    program: String,
    leaf: String,
    siblings: Vec<String>,
    path_bits: u64,
    cached: bool,
    total_frame_gas: u64,
}

fn arbos60_node() -> (Arbos60Node, BTreeMap<String, Vec<u8>>) {
    let path = calibration().join("arbos60-node.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let node: Arbos60Node =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let programs = node
        .programs
        .iter()
        .map(|p| {
            let path = calibration().join("programs/arbos60").join(&p.file);
            let wasm = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(wasm.len(), p.bytes, "{}: size", path.display());
            assert_eq!(
                sha256_hex(&wasm),
                p.sha256,
                "{}: not the file the node ran",
                p.file
            );
            (p.file.clone(), wasm)
        })
        .collect();
    (node, programs)
}

#[test]
fn arbos60_node_activation_burns() {
    let (node, programs) = arbos60_node();
    let arbos = Arbos::new(node.arbos).unwrap();
    for a in &node.activations {
        let analysis = stylus_meter::Analysis::of(&programs[&a.program], arbos)
            .unwrap_or_else(|e| panic!("{}: {e}", a.program));
        assert_eq!(
            a.burn,
            a.gas_used - 21_000 - a.calldata_gas,
            "{}",
            a.program
        );
        let charge = analysis.activation_charge(0);
        assert_eq!(charge.total, a.burn, "{}: the node's burn", a.program);
        assert_eq!(
            charge.fragment_reads,
            a.fragment_reads.unwrap_or(0),
            "{}: fragment reads",
            a.program
        );
        let Some(parts) = &a.parts else {
            continue;
        };
        let opcodes = analysis.opcodes();
        assert_eq!(
            opcodes.raw, parts.opcodes.raw,
            "{}: opcodes as read",
            a.program
        );
        assert_eq!(
            opcodes.instrumented, parts.opcodes.instrumented,
            "{}: opcodes after Nitro's instrumentation",
            a.program
        );
        assert_eq!(
            charge.compile, parts.compile,
            "{}: compile charge",
            a.program
        );
        let stored = analysis.activation();
        assert_eq!(
            stored.init_cost, parts.init_cost,
            "{}: init_cost",
            a.program
        );
        assert_eq!(
            stored.cached_init_cost, parts.cached_init_cost,
            "{}: cached_init_cost",
            a.program
        );
        assert_eq!(
            stored.asm_estimate, parts.asm_estimate,
            "{}: asm_estimate",
            a.program
        );
    }
    assert_eq!(
        node.activations.len(),
        node.programs.len(),
        "every program's activation"
    );
}

#[test]
fn arbos60_node_direct_calls() {
    let (node, programs) = arbos60_node();
    for call in &node.calls {
        let label = format!("{}: {}", call.program, call.calldata.label());
        let report = load(&call.program, &programs[&call.program], node.arbos)
            .call(&call.calldata.bytes())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            report.gas.cached_call, call.cached_gas,
            "{label}: cached (node)"
        );
        assert_eq!(
            report.gas.uncached_call, call.uncached_gas,
            "{label}: uncached (node)"
        );
    }
    eprintln!(
        "calibration: {} calls, cached and uncached, equal the ArbOS {} node",
        node.calls.len(),
        node.arbos
    );
    assert_eq!(node.calls.len() * 2, 86, "the node's 86 direct-call rows");
}

#[test]
fn arbos60_node_frames_in_one_block() {
    let (node, programs) = arbos60_node();
    let arbos = Arbos::new(node.arbos).unwrap();
    for case in &node.frames {
        let program = load(&case.program, &programs[&case.program], node.arbos);
        let mut block = stylus_meter::repeated::Block::new(arbos);
        let frames: Vec<u64> = case
            .calls
            .iter()
            .map(|c| {
                block
                    .call(&program, &c.bytes(), case.cached)
                    .unwrap()
                    .gas
                    .frame
            })
            .collect();
        assert_eq!(frames, case.frame_gas, "{}: frames (node)", case.program);
    }
    for case in &node.paths {
        let program = load(&case.program, &programs[&case.program], node.arbos);
        let mut block = stylus_meter::repeated::Block::new(arbos);
        let mut node_value = case.leaf.clone();
        let mut total = 0;
        for (level, sibling) in case.siblings.iter().enumerate() {
            let right_child = (case.path_bits >> level) & 1 == 1;
            let (left, right) = if right_child {
                (sibling.clone(), node_value.clone())
            } else {
                (node_value.clone(), sibling.clone())
            };
            let calldata = encode_call("hash(uint256,uint256)", &[left, right]).unwrap();
            let call = block.call(&program, &calldata, case.cached).unwrap();
            total += call.gas.frame;
            node_value = alloy_primitives::U256::from_be_slice(&call.report.returndata).to_string();
        }
        assert_eq!(
            total,
            case.total_frame_gas,
            "{}: depth-{} path, cached {} (node)",
            case.program,
            case.siblings.len(),
            case.cached
        );
    }
}
