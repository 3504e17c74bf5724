//! Calldata from a Solidity signature and textual arguments, encoded with `alloy-dyn-abi`.

use alloy_dyn_abi::{DynSolType, DynSolValue, FunctionExt, JsonAbiExt, Specifier};
use alloy_json_abi::{Error, Function};

/// Why calldata could not be built.
#[derive(Debug, thiserror::Error)]
pub enum AbiError {
    /// The signature does not parse.
    #[error("unparsable signature {sig:?}: {reason}")]
    Signature {
        /// Signature given.
        sig: String,
        /// Parser message.
        reason: String,
    },
    /// Argument count differs from the signature's.
    #[error("wrong argument count: {sig} takes {expected}, got {found}")]
    ArgumentCount {
        /// Signature given.
        sig: String,
        /// Parameters in the signature.
        expected: usize,
        /// Arguments given.
        found: usize,
    },
    /// An argument does not parse as its type.
    #[error("argument {index} ({value:?}) is not a valid {ty}: {reason}")]
    Argument {
        /// 1-based position.
        index: usize,
        /// Text given.
        value: String,
        /// Solidity type expected.
        ty: String,
        /// Parser message.
        reason: String,
    },
    /// Malformed hex calldata.
    #[error("calldata is not 0x-prefixed hex: {0}")]
    Hex(String),
}

/// Splits `1,[2,3],0x04` at the commas outside brackets and parentheses.
pub fn split_args(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in args.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() || !out.is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// Encodes a call: the 4-byte selector of `sig` (e.g. `hash(uint256[2])`) followed by the ABI
/// encoding of `args` (decimal or 0x-hex numbers, arrays as `[a,b]`, hex for bytes/addresses).
pub fn encode_call(sig: &str, args: &[String]) -> Result<Vec<u8>, AbiError> {
    let signature = |reason: String| AbiError::Signature {
        sig: sig.to_string(),
        reason,
    };
    let function = Function::parse(sig).map_err(|e| signature(e.to_string()))?;
    // `f(address uint256)` parses as one `address` named `uint256`: a name that is itself a type is
    // a missing comma, not a name.
    if let Some((i, param)) = function
        .inputs
        .iter()
        .enumerate()
        .find(|(_, p)| !p.name.is_empty() && DynSolType::parse(&p.name).is_ok())
    {
        return Err(signature(format!(
            "parameter {} reads as `{} {}`, two types without a comma between them",
            i + 1,
            param.ty,
            param.name
        )));
    }
    if function.inputs.len() != args.len() {
        return Err(AbiError::ArgumentCount {
            sig: function.signature(),
            expected: function.inputs.len(),
            found: args.len(),
        });
    }
    let mut values: Vec<DynSolValue> = Vec::with_capacity(args.len());
    for (i, (param, text)) in function.inputs.iter().zip(args).enumerate() {
        let ty: DynSolType = param.resolve().map_err(|e| signature(e.to_string()))?;
        let value = ty.coerce_str(text).map_err(|e| AbiError::Argument {
            index: i + 1,
            value: text.clone(),
            ty: ty.sol_type_name().into_owned(),
            reason: e.to_string(),
        })?;
        values.push(value);
    }
    // `abi_encode_input` puts the selector first
    function
        .abi_encode_input(&values)
        .map_err(|e| signature(e.to_string()))
}

/// Parses `0x…` hex calldata.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, AbiError> {
    let digits = text
        .strip_prefix("0x")
        .ok_or_else(|| AbiError::Hex(text.to_string()))?;
    alloy_primitives::hex::decode(digits).map_err(|e| AbiError::Hex(format!("{text}: {e}")))
}

/// A contract's functions and errors, read from a Solidity interface (what `cargo stylus
/// export-abi` prints) or a file of `function …;` / `error …;` lines: what `txs --abi` decodes
/// return and revert data with.
#[derive(Clone, Debug, Default)]
pub struct Interface {
    functions: Vec<Function>,
    errors: Vec<Error>,
}

impl Interface {
    /// Every `function` and `error` declaration of `text` (one per line, as interfaces are
    /// written); a declaration that does not parse is an error naming its line.
    pub fn parse(text: &str) -> Result<Interface, AbiError> {
        let mut interface = Interface::default();
        for (number, line) in text.lines().enumerate() {
            let declaration = line.trim().trim_end_matches(';').trim();
            let signature = |reason: String| AbiError::Signature {
                sig: format!("line {}: {declaration}", number + 1),
                reason,
            };
            if declaration.starts_with("function ") {
                let function =
                    Function::parse(declaration).map_err(|e| signature(e.to_string()))?;
                interface.functions.push(function);
            } else if declaration.starts_with("error ") {
                let error = Error::parse(declaration).map_err(|e| signature(e.to_string()))?;
                interface.errors.push(error);
            }
        }
        Ok(interface)
    }

    /// Adds a function (e.g. a transaction's `sig`, which may say `returns (…)`).
    pub fn with(mut self, function: Function) -> Interface {
        self.functions.push(function);
        self
    }

    /// What the call with `calldata` returned, decoded by its function's outputs: `None` when no
    /// function of the interface has its selector or says what it returns.
    pub fn decode_return(&self, calldata: &[u8], returndata: &[u8]) -> Option<String> {
        let selector = calldata.get(..4)?;
        let function = self
            .functions
            .iter()
            .find(|f| f.selector().as_slice() == selector && !f.outputs.is_empty())?;
        let values = function.abi_decode_output(returndata).ok()?;
        Some(format!(
            "({})",
            values.iter().map(show).collect::<Vec<_>>().join(", ")
        ))
    }

    /// Revert data as the error it encodes: one of the interface's custom errors by name, or
    /// Solidity's `Error(string)` and `Panic(uint256)`. `None` when none matches.
    pub fn decode_revert(&self, data: &[u8]) -> Option<String> {
        let selector = data.get(..4)?;
        let builtin = [
            Error::parse("error Error(string)"),
            Error::parse("error Panic(uint256)"),
        ];
        let error = self
            .errors
            .iter()
            .chain(builtin.iter().flatten())
            .find(|e| e.selector().as_slice() == selector)?;
        let values = error.abi_decode_input(&data[4..]).ok()?;
        Some(format!(
            "{}({})",
            error.name,
            values.iter().map(show).collect::<Vec<_>>().join(", ")
        ))
    }
}

/// A decoded value as Solidity writes it: numbers in decimal, bytes and addresses in hex.
fn show(value: &DynSolValue) -> String {
    match value {
        DynSolValue::Uint(n, _) => n.to_string(),
        DynSolValue::Int(n, _) => n.to_string(),
        DynSolValue::Bool(b) => b.to_string(),
        DynSolValue::Address(a) => a.to_checksum(None),
        DynSolValue::String(s) => format!("{s:?}"),
        DynSolValue::Array(items) | DynSolValue::FixedArray(items) => {
            format!(
                "[{}]",
                items.iter().map(show).collect::<Vec<_>>().join(", ")
            )
        }
        DynSolValue::Tuple(items) => {
            format!(
                "({})",
                items.iter().map(show).collect::<Vec<_>>().join(", ")
            )
        }
        other => other
            .as_word()
            .map(|w| w.to_string())
            .or_else(|| other.as_bytes().map(alloy_primitives::hex::encode_prefixed))
            .unwrap_or_else(|| format!("{other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_outside_brackets() {
        assert_eq!(split_args("1,[2,3], 0x4"), ["1", "[2,3]", "0x4"]);
        assert!(split_args("").is_empty());
    }

    #[test]
    fn encodes_selector_and_words() {
        let data = encode_call("hash(uint256,uint256)", &split_args("1,0x02")).unwrap();
        assert_eq!(data.len(), 4 + 64);
        assert_eq!(data[35], 1);
        assert_eq!(data[67], 2);
        let fixed = encode_call("hash(uint256[2])", &split_args("[1,2]")).unwrap();
        assert_eq!(fixed[4..], data[4..]);
        assert!(matches!(
            encode_call("hash(uint256)", &split_args("1,2")),
            Err(AbiError::ArgumentCount { .. })
        ));
        assert!(matches!(
            encode_call("hash(uint256", &[]),
            Err(AbiError::Signature { .. })
        ));
        assert!(matches!(
            encode_call("hash(uint256)", &split_args("x1")),
            Err(AbiError::Argument { .. })
        ));
    }

    #[test]
    fn an_interface_decodes_returns_and_custom_errors_by_name() {
        let interface = Interface::parse(
            "interface ICounter {\n    function get() external view returns (uint256);\n    function set(uint256 value) external;\n    error TooBig(uint256 value, uint256 max);\n}",
        )
        .unwrap();
        let get = encode_call("get()", &[]).unwrap();
        let mut word = [0u8; 32];
        word[31] = 7;
        assert_eq!(interface.decode_return(&get, &word).as_deref(), Some("(7)"));
        let set = encode_call("set(uint256)", &split_args("1")).unwrap();
        assert_eq!(interface.decode_return(&set, &[]), None, "no outputs");
        let too_big = encode_call("TooBig(uint256,uint256)", &split_args("9,5")).unwrap();
        assert_eq!(
            interface.decode_revert(&too_big).as_deref(),
            Some("TooBig(9, 5)")
        );
        let message = encode_call("Error(string)", &["no".to_string()]).unwrap();
        assert_eq!(
            interface.decode_revert(&message).as_deref(),
            Some("Error(\"no\")")
        );
        assert_eq!(interface.decode_revert(&[0xde, 0xad, 0xbe, 0xef]), None);
        assert!(matches!(
            Interface::parse("function get( external;"),
            Err(AbiError::Signature { sig, .. }) if sig.starts_with("line 1")
        ));
    }

    #[test]
    fn a_missing_comma_is_a_malformed_signature_and_names_are_fine() {
        let err = encode_call("transfer(address uint256)", &split_args("0x01,2")).unwrap_err();
        assert!(
            matches!(&err, AbiError::Signature { reason, .. } if reason.contains("parameter 1 reads as `address uint256`")),
            "{err}"
        );
        assert!(encode_call("transfer(address uint256[2])", &[]).is_err());
        let named = encode_call(
            "transfer(address to, uint256 amount)",
            &split_args("0x0000000000000000000000000000000000000001,2"),
        )
        .unwrap();
        let plain = encode_call(
            "transfer(address,uint256)",
            &split_args("0x0000000000000000000000000000000000000001,2"),
        )
        .unwrap();
        assert_eq!(named, plain);
    }
}
