//! ArbOS versions and the Stylus rules each one brings: the one place that names the thresholds.
//!
//! Nitro names every ArbOS threshold as a constant and each rule checks the constant, never a bare
//! number (OffchainLabs/go-ethereum `params/config_arbitrum.go`: `ArbosVersion_StylusFixes`,
//! `ArbosVersion_59`, `ArbosVersion_60`, `ArbosVersion_StylusContractLimit`, ...; OffchainLabs/nitro
//! `crates/arbutil/src/evm/mod.rs`). This module does the
//! same: each constant names the file it was read in, and [`Arbos`] answers, per version, the
//! questions the meter asks (which Stylus version activates programs, which sizes are allowed,
//! whether a recently called program counts as cached, ...).
//!
//! The Stylus *parameters* (sizes, cache size, activation gas) are chain state a chain owner may
//! change (`ArbOwner`); the values here are the ones Nitro writes at each upgrade
//! (`arbos/programs/params.go`), which Arbitrum One runs unless governance changed them.

/// `ArbosVersion_50` "Dia" (go-ethereum `params/config_arbitrum.go`): the oldest version this
/// meter models (the calibration runtime figures were measured at this activation version).
pub const ARBOS_VERSION_50: u64 = 50;

/// `ArbosVersion_51` (go-ethereum `params/config_arbitrum.go`): what Nitro v3.9.8 runs; the
/// calibration node figures were measured at it. No Stylus rule changes from 50.
pub const ARBOS_VERSION_51: u64 = 51;

/// `ArbosVersion_59` (go-ethereum `params/config_arbitrum.go`). From here:
/// - activation burns the constant `ActivationGas` (nitro `arbos/programs/programs.go`
///   `Programs.ActivationGas` returns 0 below this version; go-ethereum's alias
///   `ArbosVersion_StylusActivationGas`);
/// - programs activate at Stylus version 3 (the upgrade hook calls
///   `StylusParams.UpgradeToVersion(3)`, nitro `arbos/arbosState/arbosstate.go`;
///   `arbos/programs/params_test.go` `TestUpgradeToVersion`), which rejects multi-value;
/// - a call whose frame would open more than `PageLimit` pages runs out of gas
///   (`enforceStylusPageLimit`, nitro `arbos/programs/api.go`).
pub const ARBOS_VERSION_59: u64 = 59;

/// `ArbosVersion_StylusActivationGas` = `ArbosVersion_59` (go-ethereum `params/config_arbitrum.go`).
pub const ARBOS_VERSION_STYLUS_ACTIVATION_GAS: u64 = ARBOS_VERSION_59;

/// The ArbOS version whose upgrade moves Stylus to version 3 (see [`ARBOS_VERSION_59`]), from
/// which activation refuses multi-value. Two lines of Nitro differ here, and the meter follows the
/// release line, which the ArbOS 60 node it is calibrated on ran: branch `v3.10.x-release`
/// (04fc07b, 2026-05-12, the ArbOS 60 release) gates the refusal on the Stylus version,
/// `STYLUS_VERSION_DISABLE_MULTIVALUE` = 3 (crates/prover/src/programs/mod.rs, binary.rs), which the
/// ArbOS 59 upgrade sets (`UpgradeToVersion(3)`, arbos/arbosState/arbosstate.go); master
/// (6dce8d1, 2026-04-23, not an ancestor of that branch) gates it on the ArbOS version,
/// `ARBOS_VERSION_STYLUS_NO_MULTI_VALUE` = 60 (crates/arbutil/src/evm/mod.rs). In one line: an
/// Orbit chain at ArbOS 59 refuses multi-value on the release line and would accept it on master's;
/// 60 and 61 refuse it on both, and Arbitrum One went from 51 to 61, so its figures do not depend on it.
pub const ARBOS_VERSION_STYLUS_V3: u64 = ARBOS_VERSION_59;

/// `ArbosVersion_60` (go-ethereum `params/config_arbitrum.go`): a program called earlier in the
/// same block is charged as cached (`statedb.GetRecentWasms().Insert(codeHash,
/// params.BlockCacheSize)`, nitro `arbos/programs/programs.go` `CallProgram`).
pub const ARBOS_VERSION_60: u64 = 60;

/// `ArbosVersion_StylusContractLimit` = `ArbosVersion_60` (go-ethereum `params/config_arbitrum.go`):
/// a program may be a root contract listing fragments (`IsStylusRootProgramPrefix`, go-ethereum
/// `core/state/statedb_arbitrum.go`; `getWasmFromRootStylus`, nitro `arbos/programs/programs.go`),
/// up to `MaxFragmentCount` of them, and `MaxWasmSize` doubles (`UpgradeToArbosVersion`,
/// `arbos/programs/params.go`).
pub const ARBOS_VERSION_STYLUS_CONTRACT_LIMIT: u64 = ARBOS_VERSION_60;

/// `ArbosVersion_61` "Elara" (go-ethereum `params/config_arbitrum.go`): no further Stylus rule.
pub const ARBOS_VERSION_61: u64 = 61;

/// What Arbitrum One and Nova run since 2026-08-20: the meter's default.
pub const ARBITRUM_ONE: u64 = ARBOS_VERSION_61;

/// The newest version whose rules this module lists.
pub const NEWEST_KNOWN: u64 = ARBOS_VERSION_61;

/// `STYLUS_VERSION_DISABLE_MULTIVALUE` (nitro `crates/prover/src/programs/mod.rs`): from this
/// Stylus version the validator runs without the multi-value proposal (`parse_with_stylus_version`,
/// `crates/prover/src/binary.rs`), so function types with several results and blocks, loops or
/// ifs with a function type are rejected at activation.
pub const STYLUS_VERSION_DISABLE_MULTIVALUE: u16 = 3;

/// `MaxCodeSize` of an Arbitrum chain that does not set its own: go-ethereum
/// `params.DefaultMaxCodeSize` (EIP-170), returned by `ChainConfig.MaxCodeSize()`
/// (`params/config_arbitrum.go`). Every contract, root and fragment included, is bounded by it.
pub const MAX_CODE_SIZE: usize = 24_576;

/// `initialMaxWasmSize` (nitro `arbos/programs/params.go`): the decompressed module limit up to
/// ArbOS 59 (a constant before ArbOS 40, a parameter from 40).
pub const INITIAL_MAX_WASM_SIZE: usize = 128 * 1024;

/// `arbOS60MaxWasmSize`: `UpgradeToArbosVersion(ArbosVersion_StylusContractLimit)` doubles the
/// decompressed limit (nitro `arbos/programs/params.go`).
pub const ARBOS_60_MAX_WASM_SIZE: usize = 256 * 1024;

/// `initialMaxFragmentCount`: fragments a root may list, set by the ArbOS 60 upgrade (nitro
/// `arbos/programs/params.go`; 4 × 24 KiB is the "96 KB" of the ArbOS 60/61 release).
pub const INITIAL_MAX_FRAGMENT_COUNT: usize = 4;

/// `initialRecentCacheSize` = `BlockCacheSize` (nitro `arbos/programs/params.go`): the recent
/// programs an LRU keeps per block (go-ethereum `core/state/statedb_arbitrum.go` `RecentWasms`).
pub const INITIAL_RECENT_CACHE_SIZE: usize = 32;

/// `ActivationGas` as Nitro leaves it: its own storage slot, never initialised by an upgrade, so 0
/// until the chain owner sets it (`Programs.SetActivationGas`, nitro `arbos/programs/programs.go`).
/// Read a chain's value with `ArbWasm.activationGas()`.
pub const INITIAL_ACTIVATION_GAS: u64 = 0;

/// The classic Stylus code prefix (`NewStylusPrefix`, go-ethereum `core/state/statedb_arbitrum.go`):
/// the EOF-style discriminant 0xEF 0xF0 0x00 and the dictionary byte, 0x00 = no dictionary (what
/// cargo-stylus deploys); brotli(wasm) follows.
pub const STYLUS_CODE_PREFIX: [u8; 4] = [0xEF, 0xF0, 0x00, 0x00];

/// A fragment's prefix (`NewStylusFragmentPrefix`, same file); a piece of the compressed module
/// follows.
pub const FRAGMENT_PREFIX: [u8; 3] = [0xEF, 0xF0, 0x01];

/// A root's prefix with the dictionary byte (`NewStylusRoot`, same file; no dictionary, as
/// cargo-stylus's `ROOT_NO_DICT`); the 4-byte decompressed length and the fragments' addresses
/// follow.
pub const ROOT_PREFIX: [u8; 4] = [0xEF, 0xF0, 0x02, 0x00];

/// Bytes of [`STYLUS_CODE_PREFIX`].
pub const CLASSIC_PREFIX_BYTES: usize = STYLUS_CODE_PREFIX.len();

/// Bytes of [`FRAGMENT_PREFIX`].
pub const FRAGMENT_PREFIX_BYTES: usize = FRAGMENT_PREFIX.len();

/// Bytes of a root's header: [`ROOT_PREFIX`] and the 4-byte decompressed length; 20 bytes per
/// fragment address follow.
pub const ROOT_HEADER_BYTES: usize = ROOT_PREFIX.len() + 4;

/// `initialPageLimit` (nitro `arbos/programs/params.go`): the pages a program may start with
/// (`heap_bound`, crates/prover/src/programs/config.rs).
pub const INITIAL_PAGE_LIMIT: u32 = 128;

/// The first Nitro release that runs each ArbOS version the meter models: a node older than this
/// refuses every block once the chain upgrades ("the chain is upgrading to unsupported ArbOS
/// version", nitro `arbos/arbosState/arbosstate.go`). 50, 51, 61: Arbitrum's "ArbOS releases"
/// pages (docs.arbitrum.io/run-arbitrum-node/arbos-releases); 59 and 60: the first tag whose
/// `UpgradeArbosVersion` knows them (nitro v3.10.0; v3.9.8 stops at 51).
pub const MINIMUM_NITRO: [(u64, &str); 5] = [
    (ARBOS_VERSION_50, "3.9.0"),
    (ARBOS_VERSION_51, "3.9.3"),
    (ARBOS_VERSION_59, "3.10.0"),
    (ARBOS_VERSION_60, "3.10.0"),
    (ARBOS_VERSION_61, "3.11.3"),
];

/// Every version threshold, size limit and Nitro minimum the meter applies: what
/// `stylus-meter rules --json` prints, so scripts need not type them again.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Rules {
    /// The oldest and newest versions the meter models, and its default.
    pub oldest: u64,
    /// The newest version whose rules are listed.
    pub newest: u64,
    /// What Arbitrum One runs, the meter's default.
    pub arbitrum_one: u64,
    /// From which ArbOS version each rule applies.
    pub thresholds: Thresholds,
    /// Size limits, as Nitro writes them at each upgrade.
    pub limits: Limits,
    /// `{"50": "3.9.0", ...}`: the first Nitro release that runs each version ([`MINIMUM_NITRO`]).
    pub minimum_nitro: std::collections::BTreeMap<u64, &'static str>,
}

/// The ArbOS version each rule starts at.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Thresholds {
    /// [`ARBOS_VERSION_STYLUS_ACTIVATION_GAS`].
    pub activation_gas: u64,
    /// [`ARBOS_VERSION_STYLUS_V3`]: Stylus version 3, no multi-value.
    pub stylus_v3_no_multi_value: u64,
    /// [`ARBOS_VERSION_60`]: the block's recent programs count as cached.
    pub recent_programs: u64,
    /// [`ARBOS_VERSION_STYLUS_CONTRACT_LIMIT`]: roots and fragments, the doubled wasm size.
    pub contract_limit: u64,
}

/// Size limits in bytes (fragment counts in contracts).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Limits {
    /// [`MAX_CODE_SIZE`]: every contract, root and fragment included.
    pub max_code_size: usize,
    /// [`INITIAL_MAX_WASM_SIZE`]: the decompressed module before the contract limit.
    pub max_wasm_size: usize,
    /// [`ARBOS_60_MAX_WASM_SIZE`]: from the contract limit.
    pub max_wasm_size_from_contract_limit: usize,
    /// [`INITIAL_MAX_FRAGMENT_COUNT`]: fragments a root may list, as the upgrade sets it.
    pub max_fragment_count: usize,
    /// [`INITIAL_RECENT_CACHE_SIZE`].
    pub recent_cache_size: usize,
    /// [`CLASSIC_PREFIX_BYTES`].
    pub classic_prefix_bytes: usize,
    /// [`FRAGMENT_PREFIX_BYTES`].
    pub fragment_prefix_bytes: usize,
    /// [`ROOT_HEADER_BYTES`].
    pub root_header_bytes: usize,
}

/// The rules in one value.
pub fn rules() -> Rules {
    Rules {
        oldest: ARBOS_VERSION_50,
        newest: NEWEST_KNOWN,
        arbitrum_one: ARBITRUM_ONE,
        thresholds: Thresholds {
            activation_gas: ARBOS_VERSION_STYLUS_ACTIVATION_GAS,
            stylus_v3_no_multi_value: ARBOS_VERSION_STYLUS_V3,
            recent_programs: ARBOS_VERSION_60,
            contract_limit: ARBOS_VERSION_STYLUS_CONTRACT_LIMIT,
        },
        limits: Limits {
            max_code_size: MAX_CODE_SIZE,
            max_wasm_size: INITIAL_MAX_WASM_SIZE,
            max_wasm_size_from_contract_limit: ARBOS_60_MAX_WASM_SIZE,
            max_fragment_count: INITIAL_MAX_FRAGMENT_COUNT,
            recent_cache_size: INITIAL_RECENT_CACHE_SIZE,
            classic_prefix_bytes: CLASSIC_PREFIX_BYTES,
            fragment_prefix_bytes: FRAGMENT_PREFIX_BYTES,
            root_header_bytes: ROOT_HEADER_BYTES,
        },
        minimum_nitro: MINIMUM_NITRO.into_iter().collect(),
    }
}

/// An ArbOS version the meter does not model.
#[derive(Debug, thiserror::Error)]
pub enum ArbosError {
    /// Not a number.
    #[error("--arbos {0:?} is not a version number")]
    NotANumber(String),
    /// Outside the versions whose rules `crate::arbos` lists.
    #[error("ArbOS {version} is not modelled: stylus-meter knows ArbOS {oldest} to {newest} (crate::arbos lists their rules)")]
    Unsupported {
        /// Version asked for.
        version: u64,
        /// Oldest modelled.
        oldest: u64,
        /// Newest modelled.
        newest: u64,
    },
}

/// An ArbOS version the meter models, and the Stylus rules it implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Arbos(u64);

impl Default for Arbos {
    /// What Arbitrum One runs today ([`ARBITRUM_ONE`]).
    fn default() -> Self {
        Arbos(ARBITRUM_ONE)
    }
}

impl std::fmt::Display for Arbos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ArbOS {}", self.0)
    }
}

impl std::str::FromStr for Arbos {
    type Err = ArbosError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let version = text
            .trim()
            .parse::<u64>()
            .map_err(|_| ArbosError::NotANumber(text.to_string()))?;
        Arbos::new(version)
    }
}

impl Arbos {
    /// Arbitrum One today.
    pub const ARBITRUM_ONE: Arbos = Arbos(ARBITRUM_ONE);

    /// A version between [`ARBOS_VERSION_50`] and [`NEWEST_KNOWN`]; others are refused, since the
    /// meter's prices are only checked from 50 and newer versions may change them.
    pub fn new(version: u64) -> Result<Arbos, ArbosError> {
        if (ARBOS_VERSION_50..=NEWEST_KNOWN).contains(&version) {
            Ok(Arbos(version))
        } else {
            Err(ArbosError::Unsupported {
                version,
                oldest: ARBOS_VERSION_50,
                newest: NEWEST_KNOWN,
            })
        }
    }

    /// The version number.
    pub fn version(self) -> u64 {
        self.0
    }

    /// The Stylus version programs activate at: 2 from ArbOS 31 (`UpgradeToVersion(2)`), 3 from
    /// [`ARBOS_VERSION_STYLUS_V3`] (nitro `arbos/arbosState/arbosstate.go`). Prices are the same
    /// for 1 to 3 (`CompileConfig::version`, `crates/prover/src/programs/config.rs`).
    pub fn stylus_version(self) -> u16 {
        if self.0 >= ARBOS_VERSION_STYLUS_V3 {
            3
        } else {
            2
        }
    }

    /// Whether activation accepts multi-value: below [`STYLUS_VERSION_DISABLE_MULTIVALUE`].
    pub fn allows_multi_value(self) -> bool {
        self.stylus_version() < STYLUS_VERSION_DISABLE_MULTIVALUE
    }

    /// `MaxWasmSize`: [`INITIAL_MAX_WASM_SIZE`], doubled from
    /// [`ARBOS_VERSION_STYLUS_CONTRACT_LIMIT`].
    pub fn max_wasm_size(self) -> usize {
        if self.0 >= ARBOS_VERSION_STYLUS_CONTRACT_LIMIT {
            ARBOS_60_MAX_WASM_SIZE
        } else {
            INITIAL_MAX_WASM_SIZE
        }
    }

    /// `MaxFragmentCount`: 0 (no roots) before [`ARBOS_VERSION_STYLUS_CONTRACT_LIMIT`].
    pub fn max_fragment_count(self) -> usize {
        if self.0 >= ARBOS_VERSION_STYLUS_CONTRACT_LIMIT {
            INITIAL_MAX_FRAGMENT_COUNT
        } else {
            0
        }
    }

    /// Whether a program called earlier in the block is charged as cached
    /// (from [`ARBOS_VERSION_60`]), and how many recent programs the block remembers.
    pub fn recent_wasms(self) -> Option<usize> {
        (self.0 >= ARBOS_VERSION_60).then_some(INITIAL_RECENT_CACHE_SIZE)
    }

    /// Whether activation burns the chain's `ActivationGas` (from
    /// [`ARBOS_VERSION_STYLUS_ACTIVATION_GAS`]).
    pub fn charges_activation_gas(self) -> bool {
        self.0 >= ARBOS_VERSION_STYLUS_ACTIVATION_GAS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_arbitrum_one_and_range_is_checked() {
        assert_eq!(Arbos::default().version(), 61);
        assert!(Arbos::new(49).is_err());
        assert!(Arbos::new(62).is_err());
        assert_eq!("51".parse::<Arbos>().unwrap().version(), 51);
        assert!("x".parse::<Arbos>().is_err());
    }

    #[test]
    fn rules_switch_at_their_thresholds() {
        let at = |v| Arbos::new(v).unwrap();
        assert!(at(58).allows_multi_value() && !at(59).allows_multi_value());
        assert!(!at(58).charges_activation_gas() && at(59).charges_activation_gas());
        assert_eq!(
            (at(59).recent_wasms(), at(60).recent_wasms()),
            (None, Some(32))
        );
        assert_eq!(
            (at(59).max_fragment_count(), at(60).max_fragment_count()),
            (0, 4)
        );
        assert_eq!(
            (at(59).max_wasm_size(), at(61).max_wasm_size()),
            (128 * 1024, 256 * 1024)
        );
    }

    #[test]
    fn every_modelled_version_has_a_minimum_nitro() {
        let rules = rules();
        for v in [
            ARBOS_VERSION_50,
            ARBOS_VERSION_51,
            ARBOS_VERSION_59,
            ARBOS_VERSION_60,
            NEWEST_KNOWN,
        ] {
            assert!(rules.minimum_nitro.contains_key(&v), "ArbOS {v}");
        }
        let versions: Vec<&str> = MINIMUM_NITRO.iter().map(|(_, nitro)| *nitro).collect();
        let mut sorted = versions.clone();
        sorted.sort_by_key(|v| {
            v.split('.')
                .map(|n| n.parse::<u32>().unwrap())
                .collect::<Vec<_>>()
        });
        assert_eq!(versions, sorted, "a newer ArbOS never needs an older Nitro");
    }
}
