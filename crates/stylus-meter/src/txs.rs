//! A list of transactions to run one after another against one state (`stylus-meter txs`).
//!
//! The file is a JSON array; each transaction gives its calldata either as a signature and
//! arguments (as `call --sig/--args` takes them) or as hex, and optionally its sender, value and a
//! label for the report:
//!
//! ```json
//! [
//!   { "sig": "set(uint256)", "args": "5", "label": "set 5" },
//!   { "calldata": "0xd09de08a", "from": "0x000000000000000000000000000000000000beef" },
//!   { "sig": "increment()", "value": "0" }
//! ]
//! ```

use crate::abi::{encode_call, parse_hex, split_args};
use alloy_primitives::{Address, U256};
use std::path::Path;

/// One transaction of the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TxSpec {
    /// A name for the report.
    #[serde(default)]
    pub label: Option<String>,
    /// Solidity signature, e.g. `set(uint256)`.
    #[serde(default)]
    pub sig: Option<String>,
    /// Arguments for `sig`, comma-separated (decimal or 0x-hex, arrays as `[a,b]`).
    #[serde(default)]
    pub args: Option<String>,
    /// Raw calldata, 0x-hex, instead of `sig`.
    #[serde(default)]
    pub calldata: Option<String>,
    /// The sender (default: the command's `--sender`).
    #[serde(default)]
    pub from: Option<Address>,
    /// Wei sent (default 0).
    #[serde(default)]
    pub value: Option<U256>,
}

/// Why a transaction list could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TxsError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a list of transactions.
    #[error("{path}: {source}")]
    Json {
        /// The path.
        path: String,
        /// serde_json's message, with the line and column.
        source: serde_json::Error,
    },
    /// A transaction's calldata cannot be built.
    #[error("transaction {index}: {reason}")]
    Calldata {
        /// 0-based position in the file.
        index: usize,
        /// What is wrong.
        reason: String,
    },
}

impl TxSpec {
    /// The calldata: `sig` and `args` encoded, or `calldata` decoded.
    pub fn calldata(&self, index: usize) -> Result<Vec<u8>, TxsError> {
        let error = |reason: String| TxsError::Calldata { index, reason };
        match (&self.sig, &self.calldata) {
            (Some(_), Some(_)) => Err(error("give \"sig\" or \"calldata\", not both".into())),
            (Some(sig), None) => encode_call(sig, &split_args(self.args.as_deref().unwrap_or("")))
                .map_err(|e| error(e.to_string())),
            (None, Some(_)) if self.args.is_some() => {
                Err(error("\"args\" goes with \"sig\", not \"calldata\"".into()))
            }
            (None, Some(hex)) => parse_hex(hex).map_err(|e| error(e.to_string())),
            (None, None) => Err(error("give \"sig\" (and \"args\") or \"calldata\"".into())),
        }
    }
}

/// Reads a transaction list.
pub fn read(path: impl AsRef<Path>) -> Result<Vec<TxSpec>, TxsError> {
    let path = path.as_ref();
    let name = || path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| TxsError::Io {
        path: name(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| TxsError::Json {
        path: name(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sig_or_calldata_but_not_both() {
        let txs: Vec<TxSpec> = serde_json::from_str(
            r#"[{"sig": "set(uint256)", "args": "5"}, {"calldata": "0xd09de08a", "value": 3},
                {"sig": "f()", "calldata": "0x"}, {}, {"calldata": "0x", "args": "1"}]"#,
        )
        .unwrap();
        assert_eq!(txs[0].calldata(0).unwrap().len(), 36);
        assert_eq!(txs[1].calldata(1).unwrap(), [0xd0, 0x9d, 0xe0, 0x8a]);
        assert_eq!(txs[1].value, Some(U256::from(3)));
        for (i, tx) in txs.iter().enumerate().skip(2) {
            let err = tx.calldata(i).unwrap_err().to_string();
            assert!(err.starts_with(&format!("transaction {i}: ")), "{err}");
        }
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = serde_json::from_str::<Vec<TxSpec>>(r#"[{"sender": "0x00"}]"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `sender`"), "{err}");
    }
}
