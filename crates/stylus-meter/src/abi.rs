//! Calldata from a Solidity signature and textual arguments, encoded with `alloy-dyn-abi`.

use alloy_dyn_abi::{DynSolType, DynSolValue, JsonAbiExt, Specifier};
use alloy_json_abi::Function;

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
