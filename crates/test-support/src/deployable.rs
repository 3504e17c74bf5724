//! The built Stylus programs (`target/stylus/<wasm>.wasm`, written by `scripts/build-wasm.sh`
//! from `contracts/deployables.json`) and what a call through the meter must answer.

use serde::Deserialize;
use std::path::PathBuf;
use stylus_meter::{CallReport, CodeLayout, Program};

/// Where the built programs are read from, unless this environment variable names another folder.
pub const DIR_VARIABLE: &str = "STYLUS_WASM_DIR";

/// A Stylus program of `contracts/deployables.json`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deployable {
    /// Its name in the registry (`PoseidonStylus`, …).
    pub name: String,
    /// The built file's stem: `target/stylus/<wasm>.wasm`.
    pub wasm: String,
    /// Its cargo arguments (`--no-default-features --features noir`; empty: the default).
    pub cargo_features: String,
    /// `false` for a program built only to be measured.
    #[serde(default = "yes")]
    pub deployable: bool,
}

fn yes() -> bool {
    true
}

impl Deployable {
    /// The cargo features it is built with (the crate's default, `hash2`, when it names none).
    pub fn features(&self) -> Vec<&str> {
        match self.cargo_features.split_once("--features ") {
            Some((_, list)) => list.trim().split(',').collect(),
            None => vec!["hash2"],
        }
    }

    /// The built program, loaded for the meter.
    pub fn program(&self) -> Program {
        program(&self.wasm)
    }
}

#[derive(Deserialize)]
struct Registry {
    stylus: Vec<Deployable>,
}

/// Every Stylus program of the registry.
pub fn registry() -> Vec<Deployable> {
    crate::read_json::<Registry>("contracts/deployables.json").stylus
}

/// `target/stylus`, or the folder [`DIR_VARIABLE`] names.
pub fn dir() -> PathBuf {
    std::env::var_os(DIR_VARIABLE)
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::root().join("target/stylus"))
}

/// The built file of `name`: a registry's `wasm` stem (`poseidon_stylus`) or a file name.
pub fn path(name: &str) -> PathBuf {
    match name.strip_suffix(".wasm") {
        Some(_) => dir().join(name),
        None => dir().join(format!("{name}.wasm")),
    }
}

/// The built program `name` (see [`path`]), loaded for the meter.
pub fn program(name: &str) -> Program {
    let path = path(name);
    Program::from_file(&path).unwrap_or_else(|err| {
        panic!(
            "cannot load {} ({err}): build the programs first with scripts/build-wasm.sh",
            path.display()
        )
    })
}

/// Free memory pages a program may use at entry: more would be charged on every call.
pub const MAX_FOOTPRINT: u16 = 2;

/// Asserts that `program` deploys as one contract (brotli within Nitro's code size, no fragments)
/// and needs at most [`MAX_FOOTPRINT`] pages at entry; `name` is in every message.
pub fn assert_fits_one_contract(name: &str, program: &Program) {
    let sizes = program.sizes();
    assert!(
        sizes.compressed <= stylus_meter::arbos::MAX_CODE_SIZE,
        "{name}: compressed {} > {} bytes",
        sizes.compressed,
        stylus_meter::arbos::MAX_CODE_SIZE
    );
    assert_footprint(name, program);
}

/// Asserts that `program` deploys as one contract ([`assert_fits_one_contract`]) or, from ArbOS 60,
/// as a root and at most Nitro's initial `MaxFragmentCount` fragments (a chain's own limit is
/// `ArbOwnerPublic`'s, which scripts/chain/deploy.mjs checks), with at most [`MAX_FOOTPRINT`] pages.
pub fn assert_deploys_within_limits(name: &str, program: &Program) {
    match program.layout() {
        CodeLayout::Contract { .. } => assert_fits_one_contract(name, program),
        CodeLayout::Fragments { fragments, .. } => {
            assert!(
                fragments.len() <= stylus_meter::arbos::INITIAL_MAX_FRAGMENT_COUNT,
                "{name}: {} fragments > {}",
                fragments.len(),
                stylus_meter::arbos::INITIAL_MAX_FRAGMENT_COUNT
            );
            assert_footprint(name, program);
        }
    }
}

fn assert_footprint(name: &str, program: &Program) {
    let footprint = program.activation().footprint;
    assert!(
        footprint <= MAX_FOOTPRINT,
        "{name}: footprint {footprint} > {MAX_FOOTPRINT} free pages"
    );
}

/// The return data of a call that must succeed.
pub fn returned(report: CallReport) -> Vec<u8> {
    assert!(
        !report.reverted,
        "reverted with 0x{}",
        crate::hex(&report.returndata)
    );
    report.returndata
}

/// Asserts that the call reverted with exactly `expected` as its revert data.
pub fn assert_reverted_with(report: CallReport, expected: &[u8]) {
    assert!(
        report.reverted,
        "expected a revert, got 0x{}",
        crate::hex(&report.returndata)
    );
    assert_eq!(crate::hex(&report.returndata), crate::hex(expected));
}
