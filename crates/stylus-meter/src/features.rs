//! Which WebAssembly feature a refused module uses, where, and how to build without it.
//!
//! Nitro validates a program with a fixed set of proposals (`parse`/`parse_with_stylus_version`,
//! OffchainLabs/nitro `crates/prover/src/binary.rs`). A module outside that set fails with the
//! validator's terse message, e.g. "zero byte expected": here each proposal Nitro leaves out is
//! switched on in turn, and the one that lets validation get past the error is the feature at
//! fault, named with the function it is in and the fix.

use crate::error::LoadError;
use std::collections::HashMap;
use wasmparser::{BinaryReaderError, KnownCustom, Name, Parser, Payload, Validator, WasmFeatures};

/// The fix most refusals quote (kept beside the errors that print it).
pub use crate::error::WASM_OPT_FIX;

/// A proposal Nitro's validator leaves out, what to call it, and how to build without it.
struct Proposal {
    flag: WasmFeatures,
    name: &'static str,
    fix: &'static str,
}

/// Tried in this order; the first that lets validation past the error is reported.
const PROPOSALS: &[Proposal] = &[
    Proposal {
        flag: WasmFeatures::REFERENCE_TYPES,
        name: "reference types",
        fix: WASM_OPT_FIX,
    },
    Proposal {
        flag: WasmFeatures::SIMD,
        name: "SIMD (v128)",
        fix: "build without `-C target-feature=+simd128`: Nitro has no SIMD",
    },
    Proposal {
        flag: WasmFeatures::RELAXED_SIMD,
        name: "relaxed SIMD",
        fix: "build without `-C target-feature=+relaxed-simd`: Nitro has no SIMD",
    },
    Proposal {
        flag: WasmFeatures::THREADS,
        name: "threads (atomics or a shared memory)",
        fix: "build without `-C target-feature=+atomics` (Stylus programs are single-threaded)",
    },
    Proposal {
        flag: WasmFeatures::TAIL_CALL,
        name: "tail calls (return_call)",
        fix: "build without `-C target-feature=+tail-call`",
    },
    Proposal {
        flag: WasmFeatures::EXCEPTIONS,
        name: "exception handling",
        fix: "build with `panic = \"abort\"` and without `-C target-feature=+exception-handling`",
    },
    Proposal {
        flag: WasmFeatures::LEGACY_EXCEPTIONS,
        name: "exception handling (legacy encoding)",
        fix: "build with `panic = \"abort\"` and without `-C target-feature=+exception-handling`",
    },
    Proposal {
        flag: WasmFeatures::MEMORY64,
        name: "64-bit memory",
        fix: "build for wasm32-unknown-unknown (Stylus memories are 32-bit)",
    },
    Proposal {
        flag: WasmFeatures::MULTI_MEMORY,
        name: "several memories",
        fix: "use one memory, exported as \"memory\"",
    },
    Proposal {
        flag: WasmFeatures::EXTENDED_CONST,
        name: "extended constant expressions",
        fix: "build without `-C target-feature=+extended-const`",
    },
    Proposal {
        flag: WasmFeatures::FUNCTION_REFERENCES,
        name: "typed function references",
        fix: WASM_OPT_FIX,
    },
    Proposal {
        flag: WasmFeatures::GC,
        name: "garbage-collected types",
        fix: "build without the GC proposal",
    },
    Proposal {
        flag: WasmFeatures::WIDE_ARITHMETIC,
        name: "wide arithmetic",
        fix: "build without `-C target-feature=+wide-arithmetic`",
    },
];

/// Validation under `nitro` failed with `error`: the feature at fault as a [`LoadError`], or the
/// validator's own message when no single proposal explains it (the module is malformed).
pub(crate) fn diagnose(wasm: &[u8], nitro: WasmFeatures, error: BinaryReaderError) -> LoadError {
    let at = error.offset();
    let passes_error =
        |features: WasmFeatures| match Validator::new_with_features(features).validate_all(wasm) {
            Ok(_) => true,
            Err(e) => e.offset() > at,
        };
    let Some(proposal) = PROPOSALS.iter().find(|p| passes_error(nitro | p.flag)) else {
        return LoadError::InvalidWasm(crate::error::printable(&error.to_string()));
    };
    let overlong_call_indirect =
        proposal.flag == WasmFeatures::REFERENCE_TYPES && error.message() == "zero byte expected";
    let feature = if overlong_call_indirect {
        "the reference-types encoding of call_indirect (its table index is not the single 0x00 byte \
         of the MVP encoding; rustc emits it for wasm32 since 1.82, and the prebuilt std has it)"
            .to_string()
    } else {
        proposal.name.to_string()
    };
    LoadError::UnsupportedFeature {
        feature,
        location: locate(wasm, at),
        fix: proposal.fix,
    }
}

/// "function 12 (`name`)" for a code offset, else the section holding it.
pub(crate) fn locate(wasm: &[u8], offset: usize) -> String {
    let names = function_names(wasm);
    let mut imported = 0u32;
    let mut body = 0u32;
    let mut section = None;
    for payload in Parser::new(0).parse_all(wasm).map_while(Result::ok) {
        match &payload {
            Payload::ImportSection(reader) => {
                imported = reader
                    .clone()
                    .into_iter()
                    .filter(|i| matches!(i, Ok(i) if matches!(i.ty, wasmparser::TypeRef::Func(_))))
                    .count() as u32;
            }
            Payload::CodeSectionEntry(entry) => {
                if entry.range().contains(&offset) {
                    return describe_function(imported + body, &names);
                }
                body += 1;
            }
            _ => {}
        }
        if let Some((id, range)) = payload.as_section() {
            if range.contains(&offset) {
                section = Some(section_name(id));
            }
        }
    }
    match section {
        Some(name) => format!("the {name} section (offset {offset:#x})"),
        None => format!("offset {offset:#x}"),
    }
}

/// "function 12 (`name`)", with the name from the name section, else from an export.
pub(crate) fn describe_function(index: u32, names: &HashMap<u32, String>) -> String {
    match names.get(&index) {
        Some(name) => format!("function {index} (`{}`)", crate::error::printable(name)),
        None => format!("function {index}"),
    }
}

/// Function names by index: the name section's, else the export's (as Nitro's `parse` keeps them).
pub(crate) fn function_names(wasm: &[u8]) -> HashMap<u32, String> {
    let mut names = HashMap::new();
    for payload in Parser::new(0).parse_all(wasm).map_while(Result::ok) {
        match payload {
            Payload::ExportSection(reader) => {
                for export in reader.into_iter().map_while(Result::ok) {
                    if export.kind == wasmparser::ExternalKind::Func {
                        names
                            .entry(export.index)
                            .or_insert_with(|| export.name.to_string());
                    }
                }
            }
            Payload::CustomSection(reader) => {
                let KnownCustom::Name(section) = reader.as_known() else {
                    continue;
                };
                for name in section.into_iter().map_while(Result::ok) {
                    if let Name::Function(map) = name {
                        for naming in map.into_iter().map_while(Result::ok) {
                            names.insert(naming.index, naming.name.to_string());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    names
}

fn section_name(id: u8) -> &'static str {
    match id {
        1 => "type",
        2 => "import",
        3 => "function",
        4 => "table",
        5 => "memory",
        6 => "global",
        7 => "export",
        8 => "start",
        9 => "element",
        10 => "code",
        11 => "data",
        12 => "DataCount",
        13 => "tag",
        _ => "unknown",
    }
}
