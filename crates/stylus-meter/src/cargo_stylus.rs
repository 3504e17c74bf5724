//! The module `cargo stylus deploy` puts on chain, which is not byte for byte the file it is given.
//!
//! cargo-stylus (0.10.10, the version our scripts install) appends a custom section named
//! `project_hash` holding 32 bytes before it compresses the module: the hash of the project's
//! sources, or 32 zero bytes with `--no-verify`. A file that already has the section is deployed
//! as it is. Nitro prices the module it activates, so the 47 extra bytes cost every uncached call
//! ~6 gas of `init_cost` (0.1286 gas per byte) and can move `cached_init_cost` by 1: measured on a
//! Nitro v3.9.8 node (`calibration/nitro.json`, `node_deployments`).

/// The custom section's name (cargo-stylus `PROJECT_HASH_SECTION_NAME`).
pub const PROJECT_HASH_SECTION: &str = "project_hash";

/// Bytes the section adds: id, size, name length, name, 32-byte hash.
pub const PROJECT_HASH_SECTION_BYTES: usize = 1 + 1 + 1 + PROJECT_HASH_SECTION.len() + 32;

/// Whether `wasm` already carries a `project_hash` custom section.
pub fn has_project_hash(wasm: &[u8]) -> bool {
    wasmparser::Parser::new(0)
        .parse_all(wasm)
        .map_while(Result::ok)
        .any(|payload| {
            matches!(payload, wasmparser::Payload::CustomSection(reader)
                if reader.name() == PROJECT_HASH_SECTION)
        })
}

/// The module as `cargo stylus deploy` deploys `wasm`: with a `project_hash` section holding
/// `hash` appended, unless one is already there (then unchanged). `[0; 32]` is what
/// `--no-verify` writes; the section's size, and so the price, is the same for every hash.
pub fn as_deployed(wasm: &[u8], hash: [u8; 32]) -> Vec<u8> {
    let mut module = wasm.to_vec();
    if has_project_hash(wasm) {
        return module;
    }
    let name = PROJECT_HASH_SECTION.as_bytes();
    let payload_len = 1 + name.len() + hash.len();
    // Both lengths are below 128, so each LEB128 is one byte.
    module.push(0); // custom section id
    module.push(payload_len as u8);
    module.push(name.len() as u8);
    module.extend_from_slice(name);
    module.extend_from_slice(&hash);
    module
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_one_47_byte_section_once() {
        let empty_module = b"\0asm\x01\0\0\0".to_vec();
        let deployed = as_deployed(&empty_module, [0; 32]);
        assert_eq!(
            deployed.len(),
            empty_module.len() + PROJECT_HASH_SECTION_BYTES
        );
        assert_eq!(PROJECT_HASH_SECTION_BYTES, 47);
        assert!(!has_project_hash(&empty_module));
        assert!(has_project_hash(&deployed));
        wasmparser::Validator::new()
            .validate_all(&deployed)
            .unwrap();
        // cargo-stylus leaves a module that has the section alone, whatever its hash
        assert_eq!(as_deployed(&deployed, [7; 32]), deployed);
    }
}
