//! Errors of loading (activation rules) and of running a program.

use crate::arbos::{Arbos, ARBOS_VERSION_STYLUS_V3, STYLUS_VERSION_DISABLE_MULTIVALUE};

/// Defined beside [`Arbos`], which refuses the versions it names.
pub use crate::arbos::ArbosError;

/// Builds a module without the post-MVP features Nitro refuses. Checked on Rust 1.95
/// `cargo build --target wasm32-unknown-unknown` cdylibs with and without rustc's `target_features`
/// section (a release profile with `strip = true`, as `cargo stylus new` writes, drops it): the raw
/// file fails, the output of these two commands activates. The first reads the module (its
/// `memory.copy`/`memory.fill` need bulk memory's instructions) and drops the section, which would
/// otherwise switch bulk memory (with its DataCount section), multi-value and reference types back
/// on whatever the command line says; the second lowers the module to what Nitro accepts.
pub const WASM_OPT_FIX: &str = "strip rustc's target_features section, then lower the module to the MVP features Nitro accepts: `wasm-opt --enable-bulk-memory-opt --enable-sign-ext --strip-target-features IN.wasm -o TMP.wasm && wasm-opt -O3 --mvp-features --enable-bulk-memory-opt --enable-sign-ext TMP.wasm -o OUT.wasm`";

/// Text from the module (a name) or from a library (wasmer's messages) as it goes into an error:
/// control characters escaped, so that every message stays one line (a name may hold a newline).
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Why a `.wasm` cannot be loaded: each variant names the Nitro activation rule it breaks.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// Path given.
        path: String,
        /// Underlying error.
        source: std::io::Error,
    },
    /// Not valid WASM under Nitro's feature set (mutable globals, saturating float-to-int,
    /// sign extension, multi-value, bulk memory; no reference types, SIMD, threads, tail
    /// calls, exceptions, memory64, multi-memory).
    #[error("invalid wasm (Nitro's feature set): {0}")]
    InvalidWasm(String),
    /// Floating-point types or opcodes.
    #[error("floats are not allowed in Stylus programs: found in {0}")]
    Floats(String),
    /// An opcode Nitro's pricing table refuses.
    #[error("unsupported opcode {opcode} in function {func}")]
    UnsupportedOpcode {
        /// Opcode name.
        opcode: String,
        /// Local function index.
        func: usize,
    },
    /// A section Nitro's parser rejects (e.g. DataCount).
    #[error("unsupported section: {0}")]
    UnsupportedSection(String),
    /// The DataCount section (full bulk memory), which Nitro's `parse` rejects although it accepts
    /// `memory.copy` and `memory.fill` (OffchainLabs/nitro `crates/prover/src/binary.rs`).
    #[error(
        "unsupported section: DataCount (bulk memory's passive data segments): Nitro accepts memory.copy and memory.fill but not this section. Fix: {}",
        WASM_OPT_FIX
    )]
    DataCountSection,
    /// A WebAssembly proposal outside Nitro's feature set, found by trying each in turn
    /// ([`crate::features`]).
    #[error("uses {feature} in {location}: Nitro accepts only the MVP encoding and features (plus sign extension, bulk memory's copy and fill, mutable globals, saturating conversions). Fix: {fix}")]
    UnsupportedFeature {
        /// The feature, e.g. "the reference-types encoding of call_indirect".
        feature: String,
        /// Where: "function 12 (`name`)", or a section.
        location: String,
        /// How to build the module without it.
        fix: &'static str,
    },
    /// Multi-value (function types with several results; blocks, loops or ifs with parameters or
    /// several results), refused from Stylus version 3 (`STYLUS_VERSION_DISABLE_MULTIVALUE`,
    /// OffchainLabs/nitro `crates/prover/src/programs/mod.rs`).
    #[error("multi-value is refused at activation from ArbOS {} (Stylus version {}), so at {arbos}: {location} {what}. Fix: rustc emits none by default (tuples are returned through memory); build without `-C target-feature=+multivalue`, and run wasm-opt without the multivalue feature, which rustc's target_features section turns on: {}", ARBOS_VERSION_STYLUS_V3, STYLUS_VERSION_DISABLE_MULTIVALUE, WASM_OPT_FIX)]
    MultiValue {
        /// The version asked for.
        arbos: Arbos,
        /// "function 12 (`name`)", or "type 5" for a type no function uses.
        location: String,
        /// What is multi-value there, e.g. "returns 2 values ([i32, i32])".
        what: String,
    },
    /// A module too large for the version's code layout: more fragments than `MaxFragmentCount`.
    #[error("{compressed} bytes of compressed wasm need {needed} contracts of {per_fragment} bytes: more than the {max} fragments a root may list at {arbos} (MaxFragmentCount)")]
    TooManyFragments {
        /// The version asked for.
        arbos: Arbos,
        /// Compressed wasm bytes.
        compressed: usize,
        /// Fragments needed.
        needed: usize,
        /// Payload bytes per fragment.
        per_fragment: usize,
        /// `MaxFragmentCount`.
        max: usize,
    },
    /// An import from a module other than `vm_hooks`.
    #[error(
        "import {module}.{name} is not allowed: Stylus programs may import only from vm_hooks"
    )]
    ForbiddenImportModule {
        /// Import module.
        module: String,
        /// Import name.
        name: String,
    },
    /// An import that is not a function.
    #[error("import {0} is not a function: only function imports are allowed")]
    UnsupportedImportKind(String),
    /// A `vm_hooks` function this executor does not provide.
    #[error("unsupported host function vm_hooks.{0}")]
    UnsupportedHostFunction(String),
    /// A `vm_hooks` import with the wrong signature.
    #[error("wrong type for host function vm_hooks.{name}: {found}")]
    WrongImportType {
        /// Import name.
        name: String,
        /// Signature found.
        found: String,
    },
    /// An import or export whose name starts with `stylus`.
    #[error("reserved symbol {0}: names starting with \"stylus\" are reserved")]
    ReservedName(String),
    /// An export named like an import.
    #[error("binary exports an import with the same name: {0}")]
    ReexportedImport(String),
    /// No `user_entrypoint` export.
    #[error("missing export user_entrypoint")]
    MissingEntrypoint,
    /// `user_entrypoint` is not a function of type (i32) -> i32.
    #[error("user_entrypoint must be a function of type (i32) -> i32")]
    WrongEntrypointType,
    /// No memory exported as `memory`.
    #[error("missing memory with export name \"memory\"")]
    MissingMemory,
    /// The memory starts larger than Nitro's page limit.
    #[error("memory exceeds limit: {pages} pages > {limit}")]
    MemoryTooLarge {
        /// Initial pages.
        pages: u64,
        /// Limit.
        limit: u32,
    },
    /// A growable memory without `vm_hooks.pay_for_memory_grow`.
    #[error("memory may grow but vm_hooks.pay_for_memory_grow is not imported")]
    MissingMemoryGrowHook,
    /// A start function.
    #[error("wasm start functions are not allowed")]
    StartFunction,
    /// A global initialised by something other than an integer constant.
    #[error("non-constant global initializer")]
    NonConstantGlobal,
    /// Too many of something (Nitro's anti-DoS limits).
    #[error("too many {what}: {count} > {max}")]
    TooMany {
        /// What is counted.
        what: &'static str,
        /// Count found.
        count: u64,
        /// Limit.
        max: u64,
    },
    /// An export name longer than 512 bytes.
    #[error("export name too long: {0}")]
    NameTooLong(String),
    /// Over a size limit.
    #[error("{what} too large: {size} bytes > {limit}")]
    TooLarge {
        /// What is measured.
        what: &'static str,
        /// Size found.
        size: usize,
        /// Limit.
        limit: usize,
    },
    /// The runtime refused to compile the instrumented module.
    #[error("compiling the module failed: {0} (this meter compiles with wasmer's singlepass, which has no multi-value; where singlepass fails Nitro falls back to Cranelift, so `stylus-meter check` may still say the module activates)")]
    Compile(String),
}

/// Why a call could not complete.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    /// The program spent more ink than the call was given.
    #[error("out of ink (limit {limit})")]
    OutOfInk {
        /// Ink given.
        limit: u64,
    },
    /// Instantiation failed.
    #[error("instantiating the program failed: {0}")]
    Instantiate(String),
    /// The calldata does not fit in an i32 length.
    #[error("calldata too long: {0} bytes")]
    CalldataTooLong(usize),
    /// The transaction cannot start (e.g. the sender cannot pay the value it sends).
    #[error("invalid transaction: {0}")]
    Transaction(String),
    /// The program called or created another contract: Nitro would run that contract, whose code
    /// is not in the module, so the meter stops the call here (its other functions meter as usual).
    #[error("the program called vm_hooks.{host}: stylus-meter does not run calls to other contracts or creates, so this call cannot be metered offline (functions that make no call can)")]
    CallsNotModelled {
        /// The host function reached.
        host: &'static str,
    },
}

#[cfg(test)]
mod tests {
    #[test]
    fn printable_text_is_one_line() {
        assert_eq!(super::printable("a\nb\t.c"), "a\\nb\\t.c");
    }
}
