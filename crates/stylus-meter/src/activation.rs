//! Activation: checks a `.wasm` the way Nitro's `ArbWasm.activateProgram` does, and predicts
//! the figures activation stores (init costs, footprint, asm estimate).
//!
//! Rules and formulas come from OffchainLabs/nitro arbitrator/prover/src/binary.rs
//! (`parse`, `WasmBinary::instrument`, `WasmBinary::parse_user`) and
//! arbitrator/prover/src/programs/heap.rs; the size limits from arbos/programs/params.go and
//! EIP-170.

use crate::error::LoadError;
use crate::host::HostFn;
use crate::pricing;
use std::io::Write;
use wasmparser::{
    CompositeInnerType, ExternalKind, FuncType, Operator, Parser, Payload, TypeRef, ValType,
    Validator, WasmFeatures,
};

/// The export Nitro calls: `user_entrypoint(len: i32) -> i32` (`STYLUS_ENTRY_POINT`).
pub const ENTRYPOINT: &str = "user_entrypoint";
/// The only import module a Stylus program may use.
pub const HOST_MODULE: &str = "vm_hooks";
/// Max decompressed WASM size (`MaxWasmSize`, arbos/programs/params.go).
pub const MAX_WASM_BYTES: usize = 128 * 1024;
/// Max deployed code size, which holds `0xEFF00000` ‖ brotli(wasm) (EIP-170 `MaxCodeSize`).
pub const MAX_CODE_BYTES: usize = 24 * 1024;
/// Nitro's 4-byte Stylus code prefix (`0xEFF000` discriminant + dictionary byte 0).
pub const CODE_PREFIX_BYTES: usize = 4;
/// Max pages a program may start with (`initialPageLimit` 128, params.go; `heap_bound`, config.rs).
pub const PAGE_LIMIT: u32 = 128;
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
    /// Bytes of the deployed code: the 4-byte Stylus prefix plus the compressed wasm.
    pub code: usize,
}

/// Everything the executor needs to know about a validated module.
#[derive(Clone, Debug)]
pub(crate) struct ModuleFacts {
    pub activation: Activation,
    pub sizes: Sizes,
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
    // but are rejected below, as `pricing_v1` refuses them.
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

/// Compresses like `cargo stylus` deploys: brotli quality 11, window 22.
pub fn brotli_compress(wasm: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer
            .write_all(wasm)
            .expect("writing to a Vec cannot fail");
    }
    out
}

/// Validates `wasm` as Nitro's activation would and gathers what the executor needs.
pub(crate) fn analyze(wasm: &[u8]) -> Result<ModuleFacts, LoadError> {
    if wasm.len() > MAX_WASM_BYTES {
        return Err(LoadError::TooLarge {
            what: "decompressed wasm",
            size: wasm.len(),
            limit: MAX_WASM_BYTES,
        });
    }
    if !wasm.starts_with(b"\0asm") {
        return Err(LoadError::InvalidWasm(
            "not a WebAssembly binary (no \\0asm magic)".into(),
        ));
    }
    Validator::new_with_features(features())
        .validate_all(wasm)
        .map_err(|e| LoadError::InvalidWasm(e.to_string()))?;

    let mut types: Vec<FuncType> = Vec::new();
    let mut imports: Vec<HostFn> = Vec::new();
    let mut memory_grow_hook = None;
    let mut functions: Vec<u32> = Vec::new();
    let mut globals: u64 = 0;
    let mut memories: Vec<wasmparser::MemoryType> = Vec::new();
    let mut table_entries: u64 = 0;
    let mut exports: Vec<(String, ExternalKind, u32)> = Vec::new();
    let mut data_len: u64 = 0;
    let mut datas = 0usize;
    let mut elements = 0usize;
    let mut elem_entries: u64 = 0;
    let mut block_ink: Vec<Vec<u64>> = Vec::new();

    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| LoadError::InvalidWasm(e.to_string()))?;
        let malformed = |e: wasmparser::BinaryReaderError| LoadError::InvalidWasm(e.to_string());
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
                        types.push(ty);
                    }
                }
            }
            Payload::ImportSection(reader) => {
                for import in reader {
                    let host = check_import(&import.map_err(malformed)?, &types)?;
                    if host == HostFn::PayForMemoryGrow {
                        memory_grow_hook = Some(imports.len() as u32);
                    }
                    imports.push(host);
                }
            }
            Payload::FunctionSection(reader) => {
                for ty in reader {
                    functions.push(ty.map_err(malformed)?);
                }
            }
            Payload::TableSection(reader) => {
                for table in reader {
                    table_entries += table.map_err(malformed)?.ty.initial;
                }
            }
            Payload::MemorySection(reader) => {
                for memory in reader {
                    memories.push(memory.map_err(malformed)?);
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
                    globals += 1;
                }
            }
            Payload::ExportSection(reader) => {
                for export in reader {
                    let export = export.map_err(malformed)?;
                    exports.push((export.name.to_string(), export.kind, export.index));
                }
            }
            Payload::StartSection { .. } => return Err(LoadError::StartFunction),
            Payload::ElementSection(reader) => {
                for element in reader {
                    let element = element.map_err(malformed)?;
                    elements += 1;
                    data_len += element.range.len() as u64;
                    elem_entries += u64::from(match element.items {
                        wasmparser::ElementItems::Functions(r) => r.count(),
                        wasmparser::ElementItems::Expressions(_, r) => r.count(),
                    });
                }
            }
            Payload::DataSection(reader) => {
                for data in reader {
                    let data = data.map_err(malformed)?;
                    datas += 1;
                    // binary.rs sums `Data::range`, the whole segment entry (header + bytes)
                    data_len += data.range.len() as u64;
                }
            }
            Payload::DataCountSection { .. } => {
                return Err(LoadError::UnsupportedSection("DataCount".into()))
            }
            Payload::CodeSectionEntry(body) => {
                let blocks = block_costs(&body, &types, block_ink.len())?;
                block_ink.push(blocks);
            }
            other => {
                let name = format!("{other:?}");
                let name = name.split([' ', '{', '(']).next().unwrap_or("unknown");
                return Err(LoadError::UnsupportedSection(name.to_string()));
            }
        }
    }

    // binary.rs `parse_user` limits (anti-DoS)
    limit("memories", memories.len() as u64, 1)?;
    limit("data segments", datas as u64, 128)?;
    limit("element segments", elements as u64, 128)?;
    limit("exports", exports.len() as u64, 1024)?;
    limit("functions", block_ink.len() as u64, 4096)?;
    limit("globals", globals + INSTRUMENTATION_GLOBALS, 32_768)?;
    limit("table entries", table_entries, 4096)?;
    limit("element entries", elem_entries, 4096)?;
    if let Some((name, ..)) = exports.iter().find(|(name, ..)| name.len() > 512) {
        return Err(LoadError::NameTooLong(name.clone()));
    }
    if let Some((name, ..)) = exports.iter().find(|(name, ..)| name.starts_with("stylus")) {
        return Err(LoadError::ReservedName(name.clone()));
    }
    // binary.rs: an export may not share its name (after any `__` prefix) with an import
    for (name, ..) in &exports {
        let tail = name.rsplit("__").next().unwrap_or(name);
        if imports.iter().any(|host| host.name() == tail) {
            return Err(LoadError::ReexportedImport(tail.to_string()));
        }
    }

    let Some(memory) = memories.first() else {
        return Err(LoadError::MissingMemory);
    };
    if !exports
        .iter()
        .any(|(name, kind, _)| name == "memory" && *kind == ExternalKind::Memory)
    {
        return Err(LoadError::MissingMemory);
    }
    if memory.initial > u64::from(PAGE_LIMIT) {
        return Err(LoadError::MemoryTooLarge {
            pages: memory.initial,
            limit: PAGE_LIMIT,
        });
    }
    // heap.rs: a memory that may grow needs the hook that pays for new pages
    let may_grow = memory.maximum != Some(memory.initial);
    if !may_grow {
        memory_grow_hook = None;
    } else if memory_grow_hook.is_none() {
        return Err(LoadError::MissingMemoryGrowHook);
    }

    let imported = imports.len() as u32;
    match exports.iter().find(|(name, ..)| name == ENTRYPOINT) {
        None => return Err(LoadError::MissingEntrypoint),
        Some((_, kind, index)) => {
            let ok = *kind == ExternalKind::Func
                && *index >= imported
                && types[functions[(*index - imported) as usize] as usize]
                    == FuncType::new([ValType::I32], [ValType::I32]);
            if !ok {
                return Err(LoadError::WrongEntrypointType);
            }
        }
    }

    let footprint = memory.initial as u16;
    let type_len: u64 = functions
        .iter()
        .map(|&t| (types[t as usize].params().len() + types[t as usize].results().len()) as u64)
        .sum();
    let activation = predict_costs(
        block_ink.len() as u64,
        type_len,
        wasm.len() as u64,
        globals + INSTRUMENTATION_GLOBALS,
        data_len,
        footprint,
    );

    let compressed = brotli_compress(wasm).len();
    let sizes = Sizes {
        wasm: wasm.len(),
        compressed,
        code: compressed + CODE_PREFIX_BYTES,
    };
    if sizes.code > MAX_CODE_BYTES {
        return Err(LoadError::TooLarge {
            what: "deployed code (4-byte prefix + brotli-compressed wasm)",
            size: sizes.code,
            limit: MAX_CODE_BYTES,
        });
    }

    Ok(ModuleFacts {
        activation,
        sizes,
        imports,
        memory_grow_hook,
        block_ink,
    })
}

/// Checks one import: a function from `vm_hooks` that this executor provides, with the
/// right signature (Nitro fails to link anything else).
fn check_import(import: &wasmparser::Import, types: &[FuncType]) -> Result<HostFn, LoadError> {
    let TypeRef::Func(type_index) = import.ty else {
        return Err(LoadError::UnsupportedImportKind(format!(
            "{}.{}",
            import.module, import.name
        )));
    };
    if import.module != HOST_MODULE {
        return Err(LoadError::ForbiddenImportModule {
            module: import.module.to_string(),
            name: import.name.to_string(),
        });
    }
    if import.name.starts_with("stylus") {
        return Err(LoadError::ReservedName(import.name.to_string()));
    }
    let host = HostFn::from_name(import.name)
        .ok_or_else(|| LoadError::UnsupportedHostFunction(crate::host::unsupported(import.name)))?;
    let ty = &types[type_index as usize];
    if ty.params() != host.params() || ty.results() != host.results() {
        return Err(LoadError::WrongImportType {
            name: import.name.to_string(),
            found: format!("{:?} -> {:?}", ty.params(), ty.results()),
        });
    }
    Ok(host)
}

/// Ink of each basic block of one function body, in order: the block's opcode prices plus
/// the header (meter.rs). Also enforces the per-function limits and the float ban.
fn block_costs(
    body: &wasmparser::FunctionBody,
    types: &[FuncType],
    index: usize,
) -> Result<Vec<u64>, LoadError> {
    let malformed = |e: wasmparser::BinaryReaderError| LoadError::InvalidWasm(e.to_string());
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
    let mut ops = 0u64;
    let mut reader = body.get_operators_reader().map_err(malformed)?;
    while !reader.eof() {
        let op = reader.read().map_err(malformed)?;
        ops += 1;
        let price = pricing::opcode_ink(&op, call_indirect_params)
            .ok_or_else(|| unsupported_op(&op, index))?;
        cost = cost.saturating_add(price);
        if pricing::ends_basic_block(&op) {
            blocks.push(cost.saturating_add(pricing::BLOCK_HEADER_INK));
            cost = 0;
        }
    }
    limit("opcodes in one function body", ops, 65_536)?;
    Ok(blocks)
}

/// Nitro's cost prediction (`WasmBinary::instrument`, arbitrator/prover/src/binary.rs), with
/// its integer divisions in the same order.
fn predict_costs(
    funcs: u64,
    type_len: u64,
    wasm_len: u64,
    globals: u64,
    data_len: u64,
    footprint: u16,
) -> Activation {
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
