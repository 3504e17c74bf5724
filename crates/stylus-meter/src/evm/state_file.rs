//! The JSON state file: the block and every account's balance, code and storage.
//!
//! ```json
//! {
//!   "block": { "number": 1, "timestamp": 1700000000, "basefee": "0x5f5e100",
//!              "coinbase": "0x…", "gas_limit": 1125899906842624, "chain_id": 412346 },
//!   "accounts": {
//!     "0x00000000000000000000000000000000000c0de0": {
//!       "balance": "0x0",
//!       "code": "0x",
//!       "storage": { "0x0": "0x2a", "0x5c4f…": "0x1" }
//!     }
//!   }
//! }
//! ```
//!
//! Numbers (balances, basefee, storage keys and values) are read as JSON numbers, decimal strings
//! or `0x` hex; they are written as `0x` hex without leading zeros. Every field may be left out
//! (zero, empty, or [`BlockEnv::default`]). Zero storage values and empty accounts are not written.
//! Maps are sorted, so the same state always writes the same bytes.

use super::database::{Account, MemoryDb};
use super::BlockEnv;
use alloy_primitives::{Address, Bytes, B256, U256};
use std::collections::BTreeMap;
use std::path::Path;

/// A state file's contents.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StateFile {
    /// The program the transactions went to, as `--state-out` records it, so a later run with this
    /// state calls the same address (its storage is the program's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<Address>,
    /// The block transactions run in.
    pub block: BlockEnv,
    /// Accounts by address.
    pub accounts: BTreeMap<Address, AccountFile>,
}

/// One account in the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AccountFile {
    /// Balance in wei.
    #[serde(skip_serializing_if = "U256::is_zero")]
    pub balance: U256,
    /// Code, `0x` hex.
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub code: Bytes,
    /// Storage slots and their values.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub storage: BTreeMap<U256, U256>,
}

/// Why a state file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StateFileError {
    /// The file could not be read or written.
    #[error("state file {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a state file.
    #[error("state file {path}: {source}")]
    Json {
        /// The path.
        path: String,
        /// serde_json's message, with the line and column.
        source: serde_json::Error,
    },
}

impl StateFile {
    /// Reads a state file.
    pub fn read(path: impl AsRef<Path>) -> Result<StateFile, StateFileError> {
        let path = path.as_ref();
        let name = || path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| StateFileError::Io {
            path: name(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| StateFileError::Json {
            path: name(),
            source,
        })
    }

    /// Writes the state file (pretty JSON, sorted, with a final newline).
    pub fn write(&self, path: impl AsRef<Path>) -> Result<(), StateFileError> {
        let path = path.as_ref();
        let mut text = serde_json::to_string_pretty(self).expect("a state serializes");
        text.push('\n');
        std::fs::write(path, text).map_err(|source| StateFileError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// The world and the block.
    pub fn into_parts(self) -> (MemoryDb, BlockEnv) {
        let accounts = self
            .accounts
            .into_iter()
            .map(|(address, file)| {
                let storage = file
                    .storage
                    .into_iter()
                    .filter(|(_, value)| !value.is_zero())
                    .map(|(key, value)| (B256::from(key), B256::from(value)))
                    .collect();
                let account = Account {
                    balance: file.balance,
                    code: file.code.to_vec(),
                    storage,
                };
                (address, account)
            })
            .collect();
        (MemoryDb { accounts }, self.block)
    }

    /// The file of a world and a block.
    pub fn from_parts(db: &MemoryDb, block: BlockEnv) -> StateFile {
        let accounts = db
            .accounts
            .iter()
            .map(|(&address, account)| {
                let storage = account
                    .storage
                    .iter()
                    .map(|(&key, &value)| {
                        (U256::from_be_bytes(key.0), U256::from_be_bytes(value.0))
                    })
                    .collect();
                let file = AccountFile {
                    balance: account.balance,
                    code: Bytes::from(account.code.clone()),
                    storage,
                };
                (address, file)
            })
            .collect();
        StateFile {
            program: None,
            block,
            accounts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_in_any_form_and_writes_hex() {
        let text = r#"{
            "block": { "number": 7, "basefee": "100000000" },
            "accounts": {
                "0x00000000000000000000000000000000000000c0": {
                    "balance": 5,
                    "storage": { "0x0": "42", "1": "0x0" }
                }
            }
        }"#;
        let file: StateFile = serde_json::from_str(text).unwrap();
        assert_eq!(file.block.number, 7);
        assert_eq!(file.block.basefee, U256::from(100_000_000u64));
        assert_eq!(file.block.chain_id, super::super::DEV_CHAIN_ID);
        let (db, block) = file.into_parts();
        let program = Address::with_last_byte(0xc0);
        assert_eq!(
            db.accounts[&program].storage.len(),
            1,
            "zero values dropped"
        );
        let written = serde_json::to_value(StateFile::from_parts(&db, block)).unwrap();
        let account = &written["accounts"]["0x00000000000000000000000000000000000000c0"];
        assert_eq!(account["balance"], "0x5");
        assert_eq!(account["storage"]["0x0"], "0x2a");
        assert!(account.get("code").is_none());
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = serde_json::from_str::<StateFile>(r#"{"blocks": {}}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `blocks`"), "{err}");
    }
}
