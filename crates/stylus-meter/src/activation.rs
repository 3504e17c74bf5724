//! Activation: checks a `.wasm` the way Nitro's `ArbWasm.activateProgram` does at a given ArbOS
//! version, and predicts what activation stores (init costs, footprint, asm estimate), how the
//! module goes on chain (one contract or a root and fragments) and what activating it burns.
//!
//! Each of Nitro's checks is one function below, named after it, with its source file:
//! OffchainLabs/nitro arbitrator/prover/src/binary.rs (`parse`, `parse_with_stylus_version`,
//! `WasmBinary::instrument`, `WasmBinary::parse_user`), crates/prover/src/programs/mod.rs
//! (`Module::activate`, `memory_info`, `STYLUS_VERSION_DISABLE_MULTIVALUE`), heap.rs, and
//! arbos/programs/programs.go and params.go for sizes and charges. The versions that switch
//! rules on are named in [`crate::arbos`].

use crate::arbos::{
    Arbos, CLASSIC_PREFIX_BYTES, FRAGMENT_PREFIX_BYTES, INITIAL_PAGE_LIMIT, MAX_CODE_SIZE,
    ROOT_HEADER_BYTES,
};
use crate::deploy::{brotli_compress, contract_code};
use crate::error::{printable, LoadError};
use crate::pricing;
use crate::vm_hooks::{self, HostFn, HOST_MODULE};
use wasmparser::{
    CompositeInnerType, ExternalKind, FuncType, Operator, Parser, Payload, TypeRef, ValType,
    Validator, WasmFeatures,
};

/// The export Nitro calls: `user_entrypoint(len: i32) -> i32` (`STYLUS_ENTRY_POINT`).
pub const ENTRYPOINT: &str = "user_entrypoint";
/// Globals the instrumentation adds to every program: ink left, ink status (meter.rs), the
/// dynamic meter's scratch global (dynamic.rs) and the stack-depth counter (depth.rs).
/// Activation's `globals` count includes them.
pub const INSTRUMENTATION_GLOBALS: u64 = 4;

/// What activation stores for a program, predicted from the module as Nitro's
/// `WasmBinary::instrument` does (arbitrator/prover/src/binary.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Activation {
    /// Extra init cost of an uncached call (before the scalar; gas ≈ `MIN_INIT_GAS` + this).
    pub init_cost: u16,
    /// Init cost every call pays (gas ≈ `MIN_CACHED_GAS` + this).
    pub cached_init_cost: u16,
    /// Pages of memory the program starts with.
    pub footprint: u16,
    /// Estimated native code size in bytes (drives the activation data fee).
    pub asm_estimate: u32,
}

/// Sizes of the module as deployed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Sizes {
    /// Bytes of the `.wasm`.
    pub wasm: usize,
    /// Bytes of brotli(wasm) at quality 11, window 22 (as `cargo stylus` deploys it).
    pub compressed: usize,
    /// Bytes of the code as one contract: the 4-byte Stylus prefix plus the compressed wasm.
    pub code: usize,
}

/// How the compressed module is laid out in contracts at a given ArbOS version.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CodeLayout {
    /// One contract: `0xEFF000` + dictionary byte + brotli(wasm).
    Contract {
        /// Bytes of its code.
        code: usize,
    },
    /// A root (`0xEFF002`, dictionary byte, decompressed length, fragment addresses) and its
    /// fragments (`0xEFF001` + a slice of the compressed module), from ArbOS 60.
    Fragments {
        /// Bytes of the root's code.
        root: usize,
        /// Bytes of each fragment's code.
        fragments: Vec<usize>,
    },
}

/// Gas an activation burns, part by part: a transaction's gas − 21,000 − its calldata gas for a
/// first activation (the data fee is paid in wei, not gas).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ActivationCharge {
    /// `ArbWasm.activateProgram`'s fixed charge, burnt first at every version
    /// ([`pricing::ACTIVATION_FIXED_GAS`], precompiles/ArbWasm.go).
    pub fixed: u64,
    /// The chain's `ActivationGas` parameter as given (Nitro's upgrades leave it 0; a chain owner
    /// sets it), burnt from ArbOS 59 (0 before).
    pub activation_gas: u64,
    /// Reading the fragments, each a cold account (0 for one contract).
    pub fragment_reads: u64,
    /// `Module::activate`'s charge for parsing and compiling the module.
    pub compile: u64,
    /// The precompile's own storage reads and writes, its event and its argument and result
    /// copies ([`pricing::activation_bookkeeping_gas`]).
    pub bookkeeping: u64,
    /// The sum: what activating the module burns.
    pub total: u64,
}

/// Opcodes of every function body: as in the file, and after Nitro's instrumentation, which
/// activation's compile charge counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Opcodes {
    /// As in the file, each body's final `end` included.
    pub raw: u64,
    /// After `WasmBinary::instrument` (crates/prover/src/binary.rs).
    pub instrumented: u64,
}

/// What activation at an ArbOS version finds for a module, without compiling it for the meter
/// (so also for a module Nitro activates but this meter cannot run: see [`crate::Program`]).
#[derive(Clone, Debug)]
pub struct Analysis {
    facts: ModuleFacts,
    arbos: Arbos,
}

impl Analysis {
    /// Checks `wasm` as activation at `arbos` does: the error names the rule it breaks.
    pub fn of(wasm: &[u8], arbos: Arbos) -> Result<Analysis, LoadError> {
        Ok(Analysis {
            facts: analyze(wasm, arbos)?,
            arbos,
        })
    }

    /// The version it was checked at.
    pub fn arbos(&self) -> Arbos {
        self.arbos
    }

    /// What activation stores.
    pub fn activation(&self) -> Activation {
        self.facts.activation
    }

    /// Sizes, raw and compressed.
    pub fn sizes(&self) -> Sizes {
        self.facts.sizes
    }

    /// One contract, or a root and fragments.
    pub fn layout(&self) -> &CodeLayout {
        &self.facts.layout
    }

    /// What activating it burns, given the chain's `ActivationGas` parameter.
    pub fn activation_charge(&self, activation_gas: u64) -> ActivationCharge {
        activation_charge(&self.facts, self.arbos, activation_gas)
    }

    /// Its opcodes, as read and as instrumented.
    pub fn opcodes(&self) -> Opcodes {
        self.facts.work.opcodes
    }

    /// Names of the `vm_hooks` functions it imports.
    pub fn host_imports(&self) -> Vec<&'static str> {
        self.facts.imports.iter().map(|h| h.name()).collect()
    }
}

/// Everything the executor needs to know about a validated module.
#[derive(Clone, Debug)]
pub(crate) struct ModuleFacts {
    pub activation: Activation,
    pub sizes: Sizes,
    pub layout: CodeLayout,
    /// keccak256 of the code when the module deploys as one contract ([`contract_code`]): the
    /// `codeHash` Nitro keys programs by. `None` for a root, whose code names the addresses its
    /// fragments were deployed at, which the module alone does not give.
    pub code_hash: Option<[u8; 32]>,
    pub work: ActivationWork,
    /// Host functions imported, in import order (function index = position).
    pub imports: Vec<HostFn>,
    /// Function index of `vm_hooks.pay_for_memory_grow`, called before every `memory.grow`
    /// when the memory may grow (heap.rs); `None` when memory cannot grow.
    pub memory_grow_hook: Option<u32>,
    /// Ink of each basic block of each local function, in the order blocks start.
    pub block_ink: Vec<Vec<u64>>,
}

fn features() -> WasmFeatures {
    // Nitro's `parse` (binary.rs): these on, everything else off. Floats pass the parser
    // but are rejected below, as `pricing_v1` refuses them. Multi-value is on here and refused
    // by `reject_multi_value` from Stylus version 3, which can name the function at fault.
    WasmFeatures::MUTABLE_GLOBAL
        | WasmFeatures::SATURATING_FLOAT_TO_INT
        | WasmFeatures::SIGN_EXTENSION
        | WasmFeatures::MULTI_VALUE
        | WasmFeatures::BULK_MEMORY
        | WasmFeatures::FLOATS
}

fn is_float(ty: ValType) -> bool {
    matches!(ty, ValType::F32 | ValType::F64)
}

fn float_in_type(ty: &FuncType) -> bool {
    ty.params()
        .iter()
        .chain(ty.results())
        .copied()
        .any(is_float)
}

/// Validates `wasm` as Nitro's activation would at `arbos` and gathers what the executor needs:
/// each step is one of Nitro's checks, in Nitro's order.
pub(crate) fn analyze(wasm: &[u8], arbos: Arbos) -> Result<ModuleFacts, LoadError> {
    decompressed_size_limit(wasm, arbos)?;
    parse_with_stylus_version(wasm, arbos)?;
    let module = read_module(wasm)?;
    parse_user_limits(&module)?;
    check_export_names(&module)?;
    let memory_grow_hook = heap_bound(&module)?;
    let opcodes = instrumented_opcodes(&module.bodies, memory_grow_hook.is_some())?;
    check_entrypoint(&module)?;
    let activation = predict_costs(&module, wasm.len() as u64);
    let compressed = brotli_compress(wasm);
    let sizes = Sizes {
        wasm: wasm.len(),
        compressed: compressed.len(),
        code: compressed.len() + CLASSIC_PREFIX_BYTES,
    };
    let layout = code_layout(&sizes, arbos)?;
    let code_hash = match layout {
        CodeLayout::Contract { .. } => {
            Some(alloy_primitives::keccak256(contract_code(&compressed)).0)
        }
        CodeLayout::Fragments { .. } => None,
    };
    let work = ActivationWork {
        wasm: wasm.len() as u64,
        functions: module.block_ink.len() as u64,
        data_bytes: module.data_bytes,
        element_bytes: module.element_bytes,
        pages: module.memories.first().map_or(0, |m| m.initial),
        opcodes: Opcodes {
            raw: module.bodies.iter().map(|b| b.raw).sum(),
            instrumented: opcodes,
        },
    };
    Ok(ModuleFacts {
        activation,
        sizes,
        layout,
        code_hash,
        work,
        imports: module.imports,
        memory_grow_hook,
        block_ink: module.block_ink,
    })
}

/// `MaxWasmSize`: the module decompresses to at most the version's limit
/// (`DecompressWithDictionary(wasm, MaxWasmSize)` in `getWasmFromClassicStylus`, and the
/// `decompressedLength` check of `getWasmFromRootStylus`, arbos/programs/programs.go).
fn decompressed_size_limit(wasm: &[u8], arbos: Arbos) -> Result<(), LoadError> {
    if wasm.len() > arbos.max_wasm_size() {
        return Err(LoadError::TooLarge {
            what: "decompressed wasm",
            size: wasm.len(),
            limit: arbos.max_wasm_size(),
        });
    }
    if !wasm.starts_with(b"\0asm") {
        return Err(LoadError::InvalidWasm(
            "not a WebAssembly binary (no \\0asm magic)".into(),
        ));
    }
    Ok(())
}

/// `parse_with_stylus_version` (crates/prover/src/binary.rs): the validator with Nitro's feature
/// set; multi-value only below `STYLUS_VERSION_DISABLE_MULTIVALUE`. A refusal names the feature
/// at fault ([`crate::features`]).
fn parse_with_stylus_version(wasm: &[u8], arbos: Arbos) -> Result<(), LoadError> {
    Validator::new_with_features(features())
        .validate_all(wasm)
        .map_err(|e| crate::features::diagnose(wasm, features(), e))?;
    if !arbos.allows_multi_value() {
        reject_multi_value(wasm, arbos)?;
    }
    Ok(())
}

/// From Stylus version 3 the validator runs without multi-value (`STYLUS_VERSION_DISABLE_MULTIVALUE`,
/// crates/prover/src/programs/mod.rs, whose tests `test_reject_multi_value_function`, `_block`,
/// `_loop` and `_if` this mirrors): a function type with several results, or a block, loop or if
/// whose type is a function type (parameters, or several results), is refused. Run on a module
/// that validates with multi-value, so the offender can be named.
fn reject_multi_value(wasm: &[u8], arbos: Arbos) -> Result<(), LoadError> {
    let malformed =
        |e: wasmparser::BinaryReaderError| LoadError::InvalidWasm(printable(&e.to_string()));
    let names = crate::features::function_names(wasm);
    let mut types: Vec<FuncType> = Vec::new();
    let mut function_types: Vec<u32> = Vec::new();
    let mut bodies = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(malformed)? {
            Payload::TypeSection(reader) => {
                for group in reader {
                    for sub in group.map_err(malformed)?.into_types() {
                        if let CompositeInnerType::Func(ty) = sub.composite_type.inner {
                            types.push(ty);
                        }
                    }
                }
            }
            Payload::ImportSection(reader) => {
                for import in reader {
                    if let TypeRef::Func(ty) = import.map_err(malformed)?.ty {
                        function_types.push(ty);
                    }
                }
            }
            Payload::FunctionSection(reader) => {
                for ty in reader {
                    function_types.push(ty.map_err(malformed)?);
                }
            }
            Payload::CodeSectionEntry(body) => bodies.push(body),
            _ => {}
        }
    }
    let multi_value = |location: String, what: String| LoadError::MultiValue {
        arbos,
        location,
        what,
    };
    for (index, ty) in types.iter().enumerate() {
        if ty.results().len() > 1 {
            let what = format!(
                "returns {} values: its type {} is {}",
                ty.results().len(),
                index,
                signature(ty)
            );
            let user = function_types.iter().position(|&t| t as usize == index);
            let location = match user {
                Some(func) => crate::features::describe_function(func as u32, &names),
                None => format!("type {index} (no function uses it)"),
            };
            return Err(multi_value(location, what));
        }
    }
    let imported = function_types.len() - bodies.len();
    for (local, body) in bodies.iter().enumerate() {
        let mut reader = body.get_operators_reader().map_err(malformed)?;
        let mut nth = 0usize;
        while !reader.eof() {
            let (op, offset) = reader.read_with_offset().map_err(malformed)?;
            let (kind, blockty) = match op {
                Operator::Block { blockty } => ("block", blockty),
                Operator::Loop { blockty } => ("loop", blockty),
                Operator::If { blockty } => ("if", blockty),
                _ => continue,
            };
            nth += 1;
            if let wasmparser::BlockType::FuncType(t) = blockty {
                let ty = types.get(t as usize).map_or("?".into(), signature);
                let location =
                    crate::features::describe_function((imported + local) as u32, &names);
                let what = format!(
                    "has a {kind} typed {ty} (its block/loop/if number {nth}, at offset {offset:#x}): blocks, loops and ifs with parameters or several results are multi-value"
                );
                return Err(multi_value(location, what));
            }
        }
    }
    Ok(())
}

/// "[i32, i64] -> [i32, i32]".
fn signature(ty: &FuncType) -> String {
    let list = |types: &[ValType]| {
        let names: Vec<String> = types.iter().map(ToString::to_string).collect();
        format!("[{}]", names.join(", "))
    };
    format!("{} -> {}", list(ty.params()), list(ty.results()))
}

/// The sections of a validated module, as Nitro's `parse` reads them (binary.rs), with the float
/// ban (`pricing_v1` prices floats at `u64::MAX`, meter.rs), the constant-global rule and the
/// sections `parse` refuses (start, DataCount).
struct ModuleRead {
    types: Vec<FuncType>,
    imports: Vec<HostFn>,
    /// Import index of `vm_hooks.pay_for_memory_grow`.
    memory_grow_import: Option<u32>,
    /// Type index of each local function.
    functions: Vec<u32>,
    globals: u64,
    memories: Vec<wasmparser::MemoryType>,
    table_entries: u64,
    exports: Vec<(String, ExternalKind, u32)>,
    /// Bytes of the data and element segment entries (header included), as `instrument` sums them.
    data_len: u64,
    /// Bytes of the data segments' payloads (`Module::activate` prices these).
    data_bytes: u64,
    /// Bytes of the element segment entries (`Module::activate`).
    element_bytes: u64,
    datas: usize,
    elements: usize,
    elem_entries: u64,
    /// Each body's opcodes, as read and as Nitro's instrumentation grows them.
    bodies: Vec<BodyOps>,
    block_ink: Vec<Vec<u64>>,
}

fn read_module(wasm: &[u8]) -> Result<ModuleRead, LoadError> {
    let mut m = ModuleRead {
        types: Vec::new(),
        imports: Vec::new(),
        memory_grow_import: None,
        functions: Vec::new(),
        globals: 0,
        memories: Vec::new(),
        table_entries: 0,
        exports: Vec::new(),
        data_len: 0,
        data_bytes: 0,
        element_bytes: 0,
        datas: 0,
        elements: 0,
        elem_entries: 0,
        bodies: Vec::new(),
        block_ink: Vec::new(),
    };
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| LoadError::InvalidWasm(printable(&e.to_string())))?;
        let malformed =
            |e: wasmparser::BinaryReaderError| LoadError::InvalidWasm(printable(&e.to_string()));
        match payload {
            Payload::Version { .. } | Payload::End(_) | Payload::CodeSectionStart { .. } => {}
            Payload::CustomSection(_) => {}
            Payload::TypeSection(reader) => {
                for group in reader {
                    for sub in group.map_err(malformed)?.into_types() {
                        let CompositeInnerType::Func(ty) = sub.composite_type.inner else {
                            return Err(LoadError::InvalidWasm("non-function type".into()));
                        };
                        if float_in_type(&ty) {
                            return Err(LoadError::Floats("a function type".into()));
                        }
                        m.types.push(ty);
                    }
                }
            }
            Payload::ImportSection(reader) => {
                for import in reader {
                    let host = check_import(&import.map_err(malformed)?, &m.types)?;
                    if host == HostFn::PayForMemoryGrow {
                        m.memory_grow_import = Some(m.imports.len() as u32);
                    }
                    m.imports.push(host);
                }
            }
            Payload::FunctionSection(reader) => {
                for ty in reader {
                    m.functions.push(ty.map_err(malformed)?);
                }
            }
            Payload::TableSection(reader) => {
                for table in reader {
                    m.table_entries += table.map_err(malformed)?.ty.initial;
                }
            }
            Payload::MemorySection(reader) => {
                for memory in reader {
                    m.memories.push(memory.map_err(malformed)?);
                }
            }
            Payload::GlobalSection(reader) => {
                for global in reader {
                    let global = global.map_err(malformed)?;
                    if is_float(global.ty.content_type) {
                        return Err(LoadError::Floats("a global".into()));
                    }
                    let mut init = global.init_expr.get_operators_reader();
                    let first = init.read().map_err(malformed)?;
                    let constant =
                        matches!(first, Operator::I32Const { .. } | Operator::I64Const { .. })
                            && matches!(init.read().map_err(malformed)?, Operator::End)
                            && init.eof();
                    if !constant {
                        return Err(LoadError::NonConstantGlobal);
                    }
                    m.globals += 1;
                }
            }
            Payload::ExportSection(reader) => {
                for export in reader {
                    let export = export.map_err(malformed)?;
                    m.exports
                        .push((export.name.to_string(), export.kind, export.index));
                }
            }
            Payload::StartSection { .. } => return Err(LoadError::StartFunction),
            Payload::ElementSection(reader) => {
                for element in reader {
                    let element = element.map_err(malformed)?;
                    m.elements += 1;
                    m.data_len += element.range.len() as u64;
                    m.element_bytes += element.range.len() as u64;
                    m.elem_entries += u64::from(match element.items {
                        wasmparser::ElementItems::Functions(r) => r.count(),
                        wasmparser::ElementItems::Expressions(_, r) => r.count(),
                    });
                }
            }
            Payload::DataSection(reader) => {
                for data in reader {
                    let data = data.map_err(malformed)?;
                    m.datas += 1;
                    // binary.rs sums `Data::range`, the whole segment entry (header + bytes)
                    m.data_len += data.range.len() as u64;
                    m.data_bytes += data.data.len() as u64;
                }
            }
            Payload::DataCountSection { .. } => return Err(LoadError::DataCountSection),
            Payload::CodeSectionEntry(body) => {
                let (blocks, ops) = block_costs(&body, &m.types, m.block_ink.len())?;
                m.bodies.push(ops);
                m.block_ink.push(blocks);
            }
            other => {
                let name = format!("{other:?}");
                let name = name.split([' ', '{', '(']).next().unwrap_or("unknown");
                return Err(LoadError::UnsupportedSection(name.to_string()));
            }
        }
    }
    Ok(m)
}

/// `WasmBinary::parse_user`'s anti-DoS limits (binary.rs).
fn parse_user_limits(m: &ModuleRead) -> Result<(), LoadError> {
    limit("memories", m.memories.len() as u64, 1)?;
    limit("data segments", m.datas as u64, 128)?;
    limit("element segments", m.elements as u64, 128)?;
    limit("exports", m.exports.len() as u64, 1024)?;
    limit("functions", m.block_ink.len() as u64, 4096)?;
    limit("globals", m.globals + INSTRUMENTATION_GLOBALS, 32_768)?;
    limit("table entries", m.table_entries, 4096)?;
    limit("element entries", m.elem_entries, 4096)?;
    if let Some((name, ..)) = m.exports.iter().find(|(name, ..)| name.len() > 512) {
        return Err(LoadError::NameTooLong(printable(name)));
    }
    Ok(())
}

/// Reserved `stylus` names and exports that re-export an import (`parse`, binary.rs).
fn check_export_names(m: &ModuleRead) -> Result<(), LoadError> {
    if let Some((name, ..)) = m
        .exports
        .iter()
        .find(|(name, ..)| name.starts_with("stylus"))
    {
        return Err(LoadError::ReservedName(printable(name)));
    }
    // an export may not share its name (after any `__` prefix) with an import
    for (name, ..) in &m.exports {
        let tail = name.rsplit("__").next().unwrap_or(name);
        if m.imports.iter().any(|host| host.name() == tail) {
            return Err(LoadError::ReexportedImport(printable(tail)));
        }
    }
    Ok(())
}

/// One memory exported as `memory` (`memory_info`, crates/prover/src/programs/mod.rs), starting
/// within the page limit, and a growable one imports the hook that pays for pages
/// (`HeapBound`, crates/prover/src/programs/heap.rs). Returns the hook's function index.
fn heap_bound(m: &ModuleRead) -> Result<Option<u32>, LoadError> {
    let Some(memory) = m.memories.first() else {
        return Err(LoadError::MissingMemory);
    };
    if !m
        .exports
        .iter()
        .any(|(name, kind, _)| name == "memory" && *kind == ExternalKind::Memory)
    {
        return Err(LoadError::MissingMemory);
    }
    if memory.initial > u64::from(INITIAL_PAGE_LIMIT) {
        return Err(LoadError::MemoryTooLarge {
            pages: memory.initial,
            limit: INITIAL_PAGE_LIMIT,
        });
    }
    let may_grow = memory.maximum != Some(memory.initial);
    match (may_grow, m.memory_grow_import) {
        (false, _) => Ok(None),
        (true, None) => Err(LoadError::MissingMemoryGrowHook),
        (true, hook) => Ok(hook),
    }
}

/// `user_entrypoint` is a local function of type (i32) -> i32 (`STYLUS_ENTRY_POINT`, binary.rs).
fn check_entrypoint(m: &ModuleRead) -> Result<(), LoadError> {
    let imported = m.imports.len() as u32;
    match m.exports.iter().find(|(name, ..)| name == ENTRYPOINT) {
        None => Err(LoadError::MissingEntrypoint),
        Some((_, kind, index)) => {
            let ok = *kind == ExternalKind::Func
                && *index >= imported
                && m.types[m.functions[(*index - imported) as usize] as usize]
                    == FuncType::new([ValType::I32], [ValType::I32]);
            if ok {
                Ok(())
            } else {
                Err(LoadError::WrongEntrypointType)
            }
        }
    }
}

/// How the compressed module goes on chain at `arbos`: one contract (`0xEFF000` + dictionary byte +
/// brotli, at most `MaxCodeSize`), else, from `ArbosVersion_StylusContractLimit`, a root listing
/// fragments (`0xEFF001` + a slice each, every contract at most `MaxCodeSize`), no more than
/// `MaxFragmentCount` of them (`getWasmFromRootStylus`, arbos/programs/programs.go; prefixes in
/// go-ethereum core/state/statedb_arbitrum.go).
fn code_layout(sizes: &Sizes, arbos: Arbos) -> Result<CodeLayout, LoadError> {
    if sizes.code <= MAX_CODE_SIZE {
        return Ok(CodeLayout::Contract { code: sizes.code });
    }
    let max = arbos.max_fragment_count();
    if max == 0 {
        return Err(LoadError::TooLarge {
            what: "deployed code (4-byte prefix + brotli-compressed wasm; fragments only from ArbOS 60)",
            size: sizes.code,
            limit: MAX_CODE_SIZE,
        });
    }
    let per_fragment = MAX_CODE_SIZE - FRAGMENT_PREFIX_BYTES;
    let needed = sizes.compressed.div_ceil(per_fragment);
    if needed > max {
        return Err(LoadError::TooManyFragments {
            arbos,
            compressed: sizes.compressed,
            needed,
            per_fragment,
            max,
        });
    }
    let fragments = (0..needed)
        .map(|i| {
            let payload = per_fragment.min(sizes.compressed - i * per_fragment);
            FRAGMENT_PREFIX_BYTES + payload
        })
        .collect();
    Ok(CodeLayout::Fragments {
        root: ROOT_HEADER_BYTES + 20 * needed,
        fragments,
    })
}

/// What activation does, measured the way `Module::activate` prices it
/// (crates/prover/src/programs/mod.rs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ActivationWork {
    wasm: u64,
    functions: u64,
    data_bytes: u64,
    element_bytes: u64,
    pages: u64,
    pub opcodes: Opcodes,
}

/// The gas `Module::activate` burns for compiling (crates/prover/src/programs/mod.rs): each
/// term is microseconds of work (integer division), turned into gas by `us_to_gas`
/// (× 2 × 7,000,000 / 500,000).
fn compile_gas(work: &ActivationWork) -> u64 {
    let us_to_gas = |us: u64| us.saturating_mul(2 * 7_000_000) / (1_000_000 / 2);
    let mut gas = 0u64;
    // the module's length (from ArbOS 32, `ARBOS_VERSION_STYLUS_CHARGING_FIXES`: always from 50)
    gas += us_to_gas(work.wasm.saturating_mul(31_733) / 100_000);
    gas += us_to_gas(work.functions.saturating_mul(17_263) / 100_000);
    gas += us_to_gas(work.data_bytes.saturating_mul(17_376) / 100_000);
    gas += us_to_gas(work.element_bytes.saturating_mul(17_376) / 100_000);
    gas += us_to_gas(work.pages.saturating_mul(2_217));
    gas += us_to_gas(work.opcodes.instrumented.saturating_mul(535) / 1_000);
    gas
}

/// What an activation at `arbos` burns, given the chain's `ActivationGas` parameter: ArbWasm's
/// fixed charge ([`pricing::ACTIVATION_FIXED_GAS`], precompiles/ArbWasm.go), `ActivationGas`
/// (from `ArbosVersion_59`, `Programs.ActivationGas`, arbos/programs/programs.go), the reads of
/// each fragment (cold: `fragmentReadGasCost`, same file), the compile charge ([`compile_gas`])
/// and the precompile's bookkeeping.
pub(crate) fn activation_charge(
    facts: &ModuleFacts,
    arbos: Arbos,
    activation_gas: u64,
) -> ActivationCharge {
    let fixed = pricing::ACTIVATION_FIXED_GAS;
    let constant = if arbos.charges_activation_gas() {
        activation_gas
    } else {
        0
    };
    let fragment_reads = match &facts.layout {
        CodeLayout::Contract { .. } => 0,
        CodeLayout::Fragments { fragments, .. } => fragments
            .iter()
            .map(|&bytes| pricing::fragment_read_gas(false, bytes))
            .sum(),
    };
    let compile = compile_gas(&facts.work);
    let bookkeeping = pricing::activation_bookkeeping_gas(arbos.charges_activation_gas());
    ActivationCharge {
        fixed,
        activation_gas: constant,
        fragment_reads,
        compile,
        bookkeeping,
        total: fixed
            .saturating_add(constant)
            .saturating_add(fragment_reads)
            .saturating_add(compile)
            .saturating_add(bookkeeping),
    }
}

/// Checks one import: a function from `vm_hooks` that this executor provides, with the
/// right signature (Nitro fails to link anything else).
fn check_import(import: &wasmparser::Import, types: &[FuncType]) -> Result<HostFn, LoadError> {
    let TypeRef::Func(type_index) = import.ty else {
        return Err(LoadError::UnsupportedImportKind(format!(
            "{}.{}",
            printable(import.module),
            printable(import.name)
        )));
    };
    if import.module != HOST_MODULE {
        return Err(LoadError::ForbiddenImportModule {
            module: printable(import.module),
            name: printable(import.name),
        });
    }
    if import.name.starts_with("stylus") {
        return Err(LoadError::ReservedName(printable(import.name)));
    }
    let host = HostFn::from_name(import.name).ok_or_else(|| {
        LoadError::UnsupportedHostFunction(vm_hooks::unsupported(&printable(import.name)))
    })?;
    let ty = &types[type_index as usize];
    if ty.params() != host.params() || ty.results() != host.results() {
        return Err(LoadError::WrongImportType {
            name: printable(import.name),
            found: format!("{:?} -> {:?}", ty.params(), ty.results()),
        });
    }
    Ok(host)
}

/// Opcodes Nitro's instrumentation adds (`WasmBinary::instrument`, crates/prover/src/binary.rs,
/// and the middlewares it applies in order, crates/prover/src/programs/): the ink check before
/// each basic block (meter.rs), the charge before each `memory.fill` and `memory.copy`
/// (dynamic.rs), the stack-depth check on entry, a `return` appended before the final `end` and
/// the depth credited back before every `return` (depth.rs), and the page payment before each
/// `memory.grow` when memory may grow (heap.rs).
const METER_OPS_PER_BLOCK: u64 = 12;
const DYNAMIC_OPS_PER_BULK_MEMORY_OP: u64 = 17;
const DEPTH_OPS_ON_ENTRY: u64 = 12;
const DEPTH_OPS_PER_RETURN: u64 = 4;
const HEAP_OPS_PER_GROW: u64 = 4;
/// `parse_user`'s limit on one body's opcodes, counted after instrumentation (binary.rs).
const MAX_BODY_OPCODES: u64 = 65_536;

/// One function body's opcodes, as read, and what instrumentation keys on.
#[derive(Clone, Copy, Debug, Default)]
struct BodyOps {
    /// Opcodes as read, the final `end` included.
    raw: u64,
    /// Opcodes that end a basic block ([`pricing::ends_basic_block`]).
    blocks: u64,
    returns: u64,
    bulk_memory: u64,
    memory_grows: u64,
}

impl BodyOps {
    fn count(&mut self, op: &Operator) {
        self.raw += 1;
        self.blocks += u64::from(pricing::ends_basic_block(op));
        match op {
            Operator::Return => self.returns += 1,
            Operator::MemoryFill { .. } | Operator::MemoryCopy { .. } => self.bulk_memory += 1,
            Operator::MemoryGrow { .. } => self.memory_grows += 1,
            _ => {}
        }
    }

    /// The body's length after `WasmBinary::instrument`.
    fn instrumented(&self, memory_grow_hook: bool) -> u64 {
        let appended_return = 1;
        self.raw
            + METER_OPS_PER_BLOCK * self.blocks
            + DYNAMIC_OPS_PER_BULK_MEMORY_OP * self.bulk_memory
            + DEPTH_OPS_ON_ENTRY
            + appended_return
            + DEPTH_OPS_PER_RETURN * (self.returns + appended_return)
            + if memory_grow_hook {
                HEAP_OPS_PER_GROW * self.memory_grows
            } else {
                0
            }
    }
}

/// Opcodes of every body after instrumentation, the count `Module::activate` prices; each body
/// within `parse_user`'s limit (binary.rs), which it checks after instrumenting.
fn instrumented_opcodes(bodies: &[BodyOps], memory_grow_hook: bool) -> Result<u64, LoadError> {
    let mut total = 0u64;
    for body in bodies {
        let ops = body.instrumented(memory_grow_hook);
        limit(
            "opcodes in one function body (after instrumentation)",
            ops,
            MAX_BODY_OPCODES,
        )?;
        total += ops;
    }
    Ok(total)
}

/// Ink of each basic block of one function body, in order: the block's opcode prices plus
/// the header (meter.rs), and the body's opcodes as [`BodyOps`]. Also enforces the locals limit
/// and the float ban.
fn block_costs(
    body: &wasmparser::FunctionBody,
    types: &[FuncType],
    index: usize,
) -> Result<(Vec<u64>, BodyOps), LoadError> {
    let malformed =
        |e: wasmparser::BinaryReaderError| LoadError::InvalidWasm(printable(&e.to_string()));
    let mut locals = 0u64;
    for local in body.get_locals_reader().map_err(malformed)? {
        let (count, ty) = local.map_err(malformed)?;
        if is_float(ty) {
            return Err(LoadError::Floats(format!("a local of function {index}")));
        }
        locals += u64::from(count);
    }
    limit("locals in one function", locals, 348)?;

    let call_indirect_params = |t: u32| {
        types
            .get(t as usize)
            .map_or(0, |ty| ty.params().len() as u64)
    };
    let mut blocks = Vec::new();
    let mut cost = 0u64;
    let mut ops = BodyOps::default();
    let mut reader = body.get_operators_reader().map_err(malformed)?;
    while !reader.eof() {
        let op = reader.read().map_err(malformed)?;
        ops.count(&op);
        let price = pricing::opcode_ink(&op, call_indirect_params)
            .ok_or_else(|| unsupported_op(&op, index))?;
        cost = cost.saturating_add(price);
        if pricing::ends_basic_block(&op) {
            blocks.push(cost.saturating_add(pricing::BLOCK_HEADER_INK));
            cost = 0;
        }
    }
    Ok((blocks, ops))
}

/// Nitro's cost prediction (`WasmBinary::instrument`, arbitrator/prover/src/binary.rs), with
/// its integer divisions in the same order.
fn predict_costs(m: &ModuleRead, wasm_len: u64) -> Activation {
    let funcs = m.block_ink.len() as u64;
    let type_len: u64 = m
        .functions
        .iter()
        .map(|&t| (m.types[t as usize].params().len() + m.types[t as usize].results().len()) as u64)
        .sum();
    let globals = m.globals + INSTRUMENTATION_GLOBALS;
    let data_len = m.data_len;
    let footprint = m.memories.first().map_or(0, |mem| mem.initial as u16);
    let asm_estimate =
        512_000 + funcs * 996_829 / 1_000 + type_len * 11_416 / 1_000 + wasm_len * 62_628 / 10_000;

    let cached_init = funcs * 13_420 / 100_000
        + type_len * 89 / 100_000
        + wasm_len * 122 / 100_000
        + globals * 1_628 / 1_000
        + data_len * 75_244 / 100_000
        + u64::from(footprint) * 5;

    // Older Nitro sources start `init` from `cached_init` (Stylus v1, where a call paid only
    // one of the two). Under Stylus v2 every call pays the cached cost and an uncached call
    // adds `init` on top, and activation stores `init` without the cached part: the
    // calibration figures (1,056 and 4,309) equal exactly these three terms.
    let init = funcs * 8_252 / 1_000 + type_len * 1_059 / 1_000 + wasm_len * 1_286 / 10_000;

    Activation {
        init_cost: init.min(u64::from(u16::MAX)) as u16,
        cached_init_cost: cached_init.min(u64::from(u16::MAX)) as u16,
        footprint,
        asm_estimate: asm_estimate.min(u64::from(u32::MAX)) as u32,
    }
}

fn limit(what: &'static str, count: u64, max: u64) -> Result<(), LoadError> {
    if count > max {
        return Err(LoadError::TooMany { what, count, max });
    }
    Ok(())
}

fn unsupported_op(op: &Operator, func: usize) -> LoadError {
    let name = format!("{op:?}");
    let name = name
        .split([' ', '{', '('])
        .next()
        .unwrap_or("?")
        .to_string();
    // f32.*, f64.*, and conversions such as i32.trunc_f64_s
    let float = name.contains("F32") || name.contains("F64");
    if float {
        LoadError::Floats(format!("opcode {name} in function {func}"))
    } else {
        LoadError::UnsupportedOpcode { opcode: name, func }
    }
}
