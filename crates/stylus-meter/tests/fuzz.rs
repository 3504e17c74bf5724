//! The meter against hostile modules: whatever a module is, `check`, `call` and `txs` refuse it in
//! one line naming why, or run it, and never panic or hang.
//!
//! - Generated modules (`wasm-smith`): Stylus-shaped ones (the entry point and memory exported,
//!   the host functions importable, only the features Nitro accepts) reach execution; unrestricted
//!   ones exercise every refusal.
//! - Mutated modules: bit flips, truncations, splices and repeated spans of the committed programs
//!   (`calibration/programs/`, `tests/fixtures/`) and of generated ones.
//! - Modules at Nitro's limits, built here: no magic, a bare header, a truncated memory section,
//!   nesting 20,000 and 200,000 deep, 30,000 functions, a body over the 65,536 opcodes Nitro
//!   allows after instrumentation (and one under it), more than 128 pages, a module over the
//!   decompressed size limit.
//! - Every module that ever crashed the meter, in `tests/fixtures/fuzz-regressions/`.
//!
//! The random part runs `METER_FUZZ_SECONDS` (default 20) from seed `METER_FUZZ_SEED` (default:
//! the clock, printed); a finding is written to `target/meter-fuzz/` and fails the test with its
//! path. Run it longer by hand:
//! `METER_FUZZ_SECONDS=3600 cargo test --profile tools -p stylus-meter --test fuzz -- --nocapture`.

use arbitrary::Unstructured;
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};
use sha2::Digest;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use stylus_meter::{Arbos, Block, Program};
use wasm_encoder::{
    BlockType, CodeSection, DataSection, ExportKind, ExportSection, Function, FunctionSection,
    Instruction, MemorySection, MemoryType, Module, TypeSection, ValType,
};

/// Ink for each call: a module that loops forever stops here.
const INK: u64 = 50_000_000;
/// A case running longer than this is a hang.
const HANG: Duration = Duration::from_secs(60);

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A refusal or error message: one line, not empty, not a Debug dump.
fn assert_one_line(what: &str, message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n') && !message.starts_with('{'),
        "{what}: not a one-line reason: {message:?}"
    );
}

/// What `stylus-meter check`, `call` and `txs` do with a module, through the library: load and
/// analyse it at `arbos`, then call it once alone and twice in one block.
fn exercise(wasm: &[u8], calldata: &[u8], arbos: Arbos) -> Result<Program, String> {
    let program = Program::from_bytes_at(wasm, arbos).map_err(|e| e.to_string())?;
    program.activation_charge(0);
    program.sizes();
    program.code_hash();
    match program.call_with_ink(calldata, INK) {
        Ok(report) => assert!(report.ink.total <= INK, "ink beyond the limit"),
        Err(error) => assert_one_line("call", &error.to_string()),
    }
    let mut block = Block::new(arbos);
    for cached in [false, true] {
        if let Err(error) = block.call(&program, calldata, cached) {
            assert_one_line("txs", &error.to_string());
        }
    }
    Ok(program)
}

/// Runs one case (whether the module activated); a panic, of the meter or of a check here (a
/// message over one line), is a finding, saved to `target/meter-fuzz/` for the message.
fn run_case(label: &str, wasm: &[u8], calldata: &[u8], arbos: Arbos) -> Result<bool, String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        exercise(wasm, calldata, arbos)
            .map(|_| true)
            .or_else(|refusal| {
                assert_one_line("the refusal", &refusal);
                Ok::<bool, ()>(false)
            })
            .unwrap()
    }));
    outcome.map_err(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        let saved = save_finding(wasm);
        format!(
            "{label}: {message}; the module is {}: fix the meter, then add it to tests/fixtures/fuzz-regressions/",
            saved.display()
        )
    })
}

fn save_finding(wasm: &[u8]) -> PathBuf {
    let dir = manifest().join("../../target/meter-fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    let digest = sha2::Sha256::digest(wasm);
    let name: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!("{name}.wasm"));
    std::fs::write(&path, wasm).unwrap();
    path
}

/// The driver's random choices, replayable from the seed.
struct Rng(StdRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(StdRng::seed_from_u64(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.random()
    }

    fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        let mut bytes = vec![0; len];
        self.0.fill(&mut bytes[..]);
        bytes
    }
}

/// The committed programs: real Stylus modules to mutate.
fn seed_corpus() -> Vec<Vec<u8>> {
    let mut corpus = Vec::new();
    for dir in [
        "calibration/programs",
        "calibration/programs/arbos60",
        "tests/fixtures",
    ] {
        let Ok(entries) = std::fs::read_dir(manifest().join(dir)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            if path.extension().is_some_and(|e| e == "wasm") {
                corpus.push(std::fs::read(path).unwrap());
            }
        }
    }
    assert!(corpus.len() >= 10, "the committed programs to mutate");
    corpus
}

/// A module of the host functions a Stylus program may import, for wasm-smith to choose from.
fn stylus_imports() -> Vec<u8> {
    wat::parse_str(
        r#"(module
            (import "vm_hooks" "read_args" (func (param i32)))
            (import "vm_hooks" "write_result" (func (param i32 i32)))
            (import "vm_hooks" "pay_for_memory_grow" (func (param i32)))
            (import "vm_hooks" "storage_load_bytes32" (func (param i32 i32)))
            (import "vm_hooks" "msg_value" (func (param i32))))"#,
    )
    .unwrap()
}

/// The exports a Stylus program must have.
fn stylus_exports() -> Vec<u8> {
    wat::parse_str(
        r#"(module (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32) i32.const 0))"#,
    )
    .unwrap()
}

/// A wasm-smith module: Stylus-shaped (only what Nitro accepts), or anything.
fn generated(entropy: &[u8], stylus_shaped: bool) -> Option<Vec<u8>> {
    let mut u = Unstructured::new(entropy);
    let mut config: wasm_smith::Config = u.arbitrary().ok()?;
    if stylus_shaped {
        config.available_imports = Some(stylus_imports());
        config.exports = Some(stylus_exports());
        config.allow_floats = false;
        config.simd_enabled = false;
        config.relaxed_simd_enabled = false;
        config.threads_enabled = false;
        config.gc_enabled = false;
        config.exceptions_enabled = false;
        config.reference_types_enabled = false;
        config.multi_value_enabled = false;
        config.tail_call_enabled = false;
        config.wide_arithmetic_enabled = false;
        config.memory64_enabled = false;
        config.custom_page_sizes_enabled = false;
        config.max_memories = 1;
        config.max_tables = 1;
    }
    config.max_instructions = config.max_instructions.min(2_000);
    config.max_funcs = config.max_funcs.min(200);
    let module = wasm_smith::Module::new(config, &mut u).ok()?;
    Some(module.to_bytes())
}

/// A byte-level mutation of `wasm`.
fn mutated(rng: &mut Rng, wasm: &[u8]) -> Vec<u8> {
    let mut out = wasm.to_vec();
    for _ in 0..1 + rng.below(4) {
        if out.is_empty() {
            out = rng.bytes(8);
        }
        match rng.below(6) {
            0 => {
                let at = rng.below(out.len());
                out[at] ^= 1 << rng.below(8);
            }
            1 => {
                let at = rng.below(out.len());
                out[at] = rng.next() as u8;
            }
            2 => out.truncate(rng.below(out.len())),
            3 => {
                let at = rng.below(out.len());
                let len = 1 + rng.below(16);
                let bytes = rng.bytes(len);
                out.splice(at..at, bytes);
            }
            4 => {
                let (from, len) = (rng.below(out.len()), 1 + rng.below(64));
                let span: Vec<u8> = out[from..(from + len).min(out.len())].to_vec();
                let at = rng.below(out.len());
                out.splice(at..at, span);
            }
            _ => {
                let at = rng.below(out.len());
                let len = rng.below(64).min(out.len() - at);
                out.drain(at..at + len);
            }
        }
    }
    out
}

/// A Stylus-shaped module whose entry point has `body` (it ends with `i32.const 0` and `end`),
/// `functions` − 1 empty functions besides, and `pages` of memory.
fn shaped(body: &[Instruction], functions: u32, pages: u64, data: Option<&[u8]>) -> Vec<u8> {
    let mut types = TypeSection::new();
    types.ty().function([ValType::I32], [ValType::I32]);
    types.ty().function([], []);
    let mut funcs = FunctionSection::new();
    funcs.function(0);
    for _ in 1..functions {
        funcs.function(1);
    }
    let mut memory = MemorySection::new();
    memory.memory(MemoryType {
        minimum: pages,
        maximum: Some(pages),
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    let mut exports = ExportSection::new();
    exports.export("user_entrypoint", ExportKind::Func, 0);
    exports.export("memory", ExportKind::Memory, 0);
    let mut code = CodeSection::new();
    let mut entry = Function::new([]);
    for instruction in body {
        entry.instruction(instruction);
    }
    entry.instruction(&Instruction::I32Const(0));
    entry.instruction(&Instruction::End);
    code.function(&entry);
    let mut empty = Function::new([]);
    empty.instruction(&Instruction::End);
    for _ in 1..functions {
        code.function(&empty);
    }
    let mut module = Module::new();
    module.section(&types).section(&funcs).section(&memory);
    module.section(&exports).section(&code);
    if let Some(bytes) = data {
        let mut section = DataSection::new();
        section.active(
            0,
            &wasm_encoder::ConstExpr::i32_const(0),
            bytes.iter().copied(),
        );
        module.section(&section);
    }
    module.finish()
}

fn nested(depth: usize) -> Vec<Instruction<'static>> {
    let mut body = vec![Instruction::Block(BlockType::Empty); depth];
    body.extend(std::iter::repeat_n(Instruction::End, depth));
    body
}

/// Modules at Nitro's limits, each refused in one line (`Err`) or accepted (`Ok`), as activation
/// would: (label, module, accepted).
fn limit_modules() -> Vec<(&'static str, Vec<u8>, bool)> {
    let header = b"\0asm\x01\0\0\0".to_vec();
    let mut truncated_memory = header.clone();
    truncated_memory.extend([5, 10, 1, 0]); // a memory section claiming 10 bytes, holding 2
    let noise: Vec<u8> = {
        let mut rng = Rng::new(7);
        rng.bytes(300 * 1024)
    };
    vec![
        ("no magic", b"\0wasm\x01\0\0\0".to_vec(), false),
        ("a bare header", header, false),
        ("a truncated memory section", truncated_memory, false),
        (
            "nesting 20,000 deep",
            shaped(&nested(20_000), 1, 1, None),
            false,
        ),
        (
            "nesting 200,000 deep",
            shaped(&nested(200_000), 1, 1, None),
            false,
        ),
        ("30,000 functions", shaped(&[], 30_000, 1, None), false),
        (
            "a body over 65,536 opcodes after instrumentation",
            shaped(&vec![Instruction::Nop; 66_000], 1, 1, None),
            false,
        ),
        (
            "a body under the opcode limit",
            shaped(&vec![Instruction::Nop; 60_000], 1, 1, None),
            true,
        ),
        ("129 pages", shaped(&[], 1, 129, None), false),
        ("128 pages", shaped(&[], 1, 128, None), true),
        (
            "over the decompressed size limit",
            shaped(&[], 1, 8, Some(&noise)),
            false,
        ),
    ]
}

fn arbos() -> Arbos {
    Arbos::new(61).unwrap()
}

#[test]
fn modules_at_the_limits_are_refused_in_one_line() {
    for (label, wasm, accepted) in limit_modules() {
        let outcome = catch_unwind(AssertUnwindSafe(|| exercise(&wasm, &[], arbos())))
            .unwrap_or_else(|_| panic!("{label}: the meter panicked"));
        match outcome {
            Ok(_) => assert!(accepted, "{label}: accepted, but activation refuses it"),
            Err(refusal) => {
                assert!(!accepted, "{label}: refused: {refusal}");
                assert_one_line(label, &refusal);
            }
        }
    }
}

#[test]
fn the_binary_refuses_in_one_line() {
    let dir = manifest().join("../../target/meter-fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    for (label, wasm, accepted) in limit_modules() {
        let path = dir.join("limit.wasm");
        std::fs::write(&path, &wasm).unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_stylus-meter"))
            .args(["check", "--wasm"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if accepted {
            assert!(output.status.success(), "{label}: {stderr}");
        } else {
            assert_eq!(output.status.code(), Some(2), "{label}: {stderr}");
            assert_one_line(label, stderr.trim_end());
        }
    }
}

#[test]
fn every_past_finding_is_handled() {
    let dir = manifest().join("tests/fixtures/fuzz-regressions");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "wasm") {
            let wasm = std::fs::read(&path).unwrap();
            run_case(&path.display().to_string(), &wasm, &[1, 2, 3, 4], arbos())
                .unwrap_or_else(|finding| panic!("{finding}"));
        }
    }
}

/// Generated and mutated modules for `METER_FUZZ_SECONDS`.
#[test]
fn generated_and_mutated_modules_never_crash_the_meter() {
    let seconds: u64 = std::env::var("METER_FUZZ_SECONDS").map_or(20, |s| s.parse().unwrap());
    let seed: u64 = std::env::var("METER_FUZZ_SEED").map_or_else(
        |_| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        },
        |s| s.parse().unwrap(),
    );
    eprintln!("meter fuzz: seed {seed} (METER_FUZZ_SEED replays it), {seconds} s");
    // The watchdog: a case running past HANG is a hang, reported with the seed and the case's
    // number. Its clock is monotonic wall time, so a process stopped from outside (SIGSTOP) for
    // longer than HANG reports one too: replay the seed to tell.
    let started = Arc::new(AtomicU64::new(0));
    let running = Arc::new(AtomicU64::new(0));
    let clock = Instant::now();
    {
        let (started, running) = (Arc::clone(&started), Arc::clone(&running));
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            let since = started.load(Ordering::Relaxed);
            if since > 0 && clock.elapsed().as_secs() > since + HANG.as_secs() {
                let case = running.load(Ordering::Relaxed);
                eprintln!(
                    "meter fuzz: case {case} ran past {HANG:?} (seed {seed}): a hang; \
                     METER_FUZZ_SEED={seed} replays it"
                );
                std::process::exit(1);
            }
        });
    }
    let corpus = seed_corpus();
    let arbos_versions = [50, 51, 59, 60, 61].map(|v| Arbos::new(v).unwrap());
    let mut rng = Rng::new(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut cases, mut accepted) = (0u64, 0u64);
    while Instant::now() < deadline {
        let len = 64 + rng.below(4096);
        let entropy = rng.bytes(len);
        let (label, wasm) = match rng.below(4) {
            0 => ("stylus-shaped", generated(&entropy, true)),
            1 => ("generated", generated(&entropy, false)),
            2 => {
                let seed_module = &corpus[rng.below(corpus.len())];
                ("mutated program", Some(mutated(&mut rng, seed_module)))
            }
            _ => (
                "mutated generated",
                generated(&entropy, true).map(|w| mutated(&mut rng, &w)),
            ),
        };
        let Some(wasm) = wasm else { continue };
        let len = rng.below(100);
        let calldata = rng.bytes(len);
        let arbos = arbos_versions[rng.below(arbos_versions.len())];
        running.store(cases, Ordering::Relaxed);
        started.store(clock.elapsed().as_secs().max(1), Ordering::Relaxed);
        let loaded = run_case(&format!("case {cases} ({label})"), &wasm, &calldata, arbos)
            .unwrap_or_else(|finding| panic!("{finding} (seed {seed})"));
        started.store(0, Ordering::Relaxed);
        cases += 1;
        accepted += u64::from(loaded);
    }
    eprintln!("meter fuzz: {cases} modules, {accepted} activated and called, no finding");
    assert!(cases > 0, "no case ran");
}
