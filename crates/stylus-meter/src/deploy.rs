//! How a program goes on chain, byte for byte: its code (one contract, or fragments and a root
//! naming them), the init code that deploys each contract and its CREATE2 address.
//!
//! The layout is cargo-stylus's (stylus-tools core/code/fragments.rs and contract.rs), which Nitro
//! reassembles (`getWasmFromRootStylus`, arbos/programs/programs.go); the prefixes and the size
//! limit are [`crate::arbos`]'s.

use crate::arbos::{FRAGMENT_PREFIX, MAX_CODE_SIZE, ROOT_PREFIX, STYLUS_CODE_PREFIX};
use alloy_primitives::{keccak256, Address, B256, U256};
use std::io::Write;

/// Compresses like `cargo stylus` deploys: brotli quality 11, window 22, with the pinned `brotli`
/// crate (the compressor the meter prices, so the bytes are reproducible). Quality 11 costs most of
/// a CLI call's time (tens of milliseconds, once per process, and forge's stand-in starts one per
/// call), so the result is kept in a cache ([`cache_dir`]), keyed by the module, the meter's
/// version and the compressor's output on a fixed probe, and used only if it decompresses to the
/// module.
pub fn brotli_compress(wasm: &[u8]) -> Vec<u8> {
    let cached = cache_dir().map(|dir| dir.join(cache_name(wasm)));
    if let Some(bytes) = cached.as_ref().and_then(|path| std::fs::read(path).ok()) {
        if decompresses_to(&bytes, wasm) {
            return bytes;
        }
    }
    let out = compress(wasm);
    if let Some(path) = cached {
        // A cache that cannot be written is only slower: the figure is the same.
        let _ = write_atomically(&path, &out);
    }
    out
}

/// Where compressed modules are kept: `STYLUS_METER_CACHE` (`off` for none), else
/// `$XDG_CACHE_HOME/stylus-meter`, else `$HOME/.cache/stylus-meter`.
pub fn cache_dir() -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    match std::env::var_os("STYLUS_METER_CACHE") {
        Some(dir) if dir == "off" => None,
        Some(dir) => Some(PathBuf::from(dir)),
        None => std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
            .map(|base| base.join("stylus-meter")),
    }
}

fn compress(wasm: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer
            .write_all(wasm)
            .expect("writing to a Vec cannot fail");
    }
    out
}

/// keccak(module ‖ meter version ‖ the compressor's output on a probe): another brotli crate
/// that compresses differently gets other entries.
fn cache_name(wasm: &[u8]) -> String {
    let probe: Vec<u8> = (0u32..2048).map(|i| (i * i % 251) as u8).collect();
    let key = keccak256(
        [
            wasm,
            env!("CARGO_PKG_VERSION").as_bytes(),
            &compress(&probe),
        ]
        .concat(),
    );
    format!("{key:x}.br")
}

fn decompresses_to(compressed: &[u8], wasm: &[u8]) -> bool {
    let mut out = Vec::with_capacity(wasm.len());
    let mut reader = brotli::Decompressor::new(compressed, 4096);
    std::io::Read::read_to_end(&mut reader, &mut out).is_ok() && out == wasm
}

fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().expect("a file in the cache directory");
    std::fs::create_dir_all(dir)?;
    // One temporary name per process and write, so concurrent writers never share one.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().expect("a file name").to_string_lossy();
    let temporary = dir.join(format!(".{}-{n}-{name}", std::process::id()));
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

/// The code of a program deployed as one contract: [`STYLUS_CODE_PREFIX`] ‖ `compressed`
/// (brotli of the module, [`brotli_compress`]).
pub fn contract_code(compressed: &[u8]) -> Vec<u8> {
    [&STYLUS_CODE_PREFIX[..], compressed].concat()
}

/// EVM init code that returns `code`: PUSH32 len, DUP1, PUSH1 43, PUSH1 0, CODECOPY, PUSH1 0,
/// RETURN, then one byte 0x00 and the code at offset 43. The same layout as cargo-stylus's
/// deployment calldata (`contract_deployment_calldata`), so for the same code both give the same
/// init code hash.
pub fn init_code(code: &[u8]) -> Vec<u8> {
    let mut init = vec![0x7f];
    init.extend(U256::from(code.len()).to_be_bytes::<32>());
    init.extend([0x80, 0x60, 43, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3, 0x00]);
    debug_assert_eq!(init.len(), 43);
    init.extend_from_slice(code);
    init
}

/// One contract to deploy: its code and the init code that returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contract {
    /// The code the contract holds.
    pub code: Vec<u8>,
    /// [`init_code`] of it.
    pub init_code: Vec<u8>,
}

impl Contract {
    /// The contract holding `code`.
    pub fn new(code: Vec<u8>) -> Contract {
        let init_code = init_code(&code);
        Contract { code, init_code }
    }

    /// keccak256 of the code (what Nitro keys activation and caching by).
    pub fn code_hash(&self) -> B256 {
        keccak256(&self.code)
    }

    /// keccak256 of the init code.
    pub fn init_code_hash(&self) -> B256 {
        keccak256(&self.init_code)
    }

    /// Its CREATE2 address through `factory` with `salt` (EIP-1014).
    pub fn address(&self, factory: Address, salt: B256) -> Address {
        factory.create2(salt, self.init_code_hash())
    }
}

/// `wasm` deployed as one contract: [`contract_code`] of its brotli.
pub fn single(wasm: &[u8]) -> Contract {
    Contract::new(contract_code(&brotli_compress(wasm)))
}

/// A module whose code is over one contract, as cargo-stylus splits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fragmented {
    /// Each `FRAGMENT_PREFIX ‖ piece`, the compressed module in pieces of `MAX_CODE_SIZE - 3`
    /// bytes, deployed first.
    pub fragments: Vec<Contract>,
    /// `ROOT_PREFIX ‖ wasm length (4 bytes, big-endian) ‖ the fragments' addresses`: the contract
    /// users call, activate and cache.
    pub root: Contract,
    /// What one contract would have held: the classic prefix and the compressed module.
    pub program_code_bytes: usize,
}

/// `wasm` as fragments and a root, every contract through `factory` with `salt`, so the root's
/// code and address depend on the module alone.
pub fn fragmented(wasm: &[u8], factory: Address, salt: B256) -> Fragmented {
    let compressed = brotli_compress(wasm);
    let mut root = ROOT_PREFIX.to_vec();
    root.extend((wasm.len() as u32).to_be_bytes());
    let mut fragments = Vec::new();
    for piece in compressed.chunks(MAX_CODE_SIZE - FRAGMENT_PREFIX.len()) {
        let fragment = Contract::new([&FRAGMENT_PREFIX[..], piece].concat());
        root.extend(fragment.address(factory, salt).as_slice());
        fragments.push(fragment);
    }
    Fragmented {
        fragments,
        root: Contract::new(root),
        program_code_bytes: compressed.len() + STYLUS_CODE_PREFIX.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbos::ROOT_HEADER_BYTES;

    #[test]
    fn a_cached_compression_is_the_compression_and_a_damaged_one_is_redone() {
        let dir = std::env::temp_dir().join(format!("stylus-meter-cache-{}", std::process::id()));
        std::env::set_var("STYLUS_METER_CACHE", &dir);
        let wasm: Vec<u8> = (0u32..5000).map(|i| (i % 97) as u8).collect();
        let fresh = compress(&wasm);
        assert_eq!(brotli_compress(&wasm), fresh, "a miss compresses");
        let path = dir.join(cache_name(&wasm));
        assert_eq!(std::fs::read(&path).unwrap(), fresh, "and keeps the result");
        assert_eq!(brotli_compress(&wasm), fresh, "a hit is the same bytes");
        std::fs::write(&path, b"not brotli").unwrap();
        assert_eq!(brotli_compress(&wasm), fresh, "a damaged entry is redone");
        std::env::remove_var("STYLUS_METER_CACHE");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn init_code_returns_the_code_that_follows_it() {
        let code = single(b"\0asm\x01\0\0\0").code;
        assert_eq!(code[..4], STYLUS_CODE_PREFIX);
        let init = init_code(&code);
        // PUSH32 len, DUP1, PUSH1 43, PUSH1 0, CODECOPY, PUSH1 0, RETURN: copy `len` bytes from
        // offset 43 to memory 0 and return them; byte 42 is never executed.
        assert_eq!(init[0], 0x7f);
        assert_eq!(U256::from_be_slice(&init[1..33]), U256::from(code.len()));
        assert_eq!(
            init[33..43],
            [0x80, 0x60, 43, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3, 0x00]
        );
        assert_eq!(init[43..], code[..]);
    }

    #[test]
    fn create2_address_is_keccak_of_factory_salt_and_init_code_hash() {
        // EIP-1014's first example: deployer 0, salt 0, init code 0x00.
        let factory = Address::ZERO;
        let address = factory.create2(B256::ZERO, keccak256([0u8]));
        assert_eq!(
            address.to_string(),
            "0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38"
        );
        let contract = Contract::new(vec![0xfe]);
        assert_eq!(
            contract.address(factory, B256::ZERO),
            factory.create2(B256::ZERO, keccak256(init_code(&[0xfe])))
        );
    }

    #[test]
    fn fragments_carry_the_compressed_module_and_the_root_names_them() {
        // 40 KB that brotli cannot shrink: two fragments, the first a full contract.
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        let mut block = keccak256(b"incompressible");
        while wasm.len() < 40_000 {
            wasm.extend(block.as_slice());
            block = keccak256(block);
        }
        let (factory, salt) = (Address::repeat_byte(0x4e), B256::repeat_byte(0x07));
        let deployed = fragmented(&wasm, factory, salt);
        assert_eq!(deployed.fragments.len(), 2);
        assert_eq!(deployed.fragments[0].code.len(), MAX_CODE_SIZE);
        let mut payload: Vec<u8> = Vec::new();
        let mut root = [&ROOT_PREFIX[..], &(wasm.len() as u32).to_be_bytes()].concat();
        for fragment in &deployed.fragments {
            assert_eq!(fragment.code[..3], FRAGMENT_PREFIX);
            payload.extend(&fragment.code[3..]);
            root.extend(fragment.address(factory, salt).as_slice());
        }
        let compressed = brotli_compress(&wasm);
        assert_eq!(
            payload, compressed,
            "the pieces, in order, are the compressed module"
        );
        assert_eq!(
            deployed.root.code, root,
            "the root names the fragments in order"
        );
        assert_eq!(
            root.len(),
            ROOT_HEADER_BYTES + 20 * deployed.fragments.len()
        );
        assert_eq!(deployed.program_code_bytes, compressed.len() + 4);
    }
}
