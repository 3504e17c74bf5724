//! Parsing command-line numbers into canonical field elements, with errors that name the argument.

use poseidon_bn254::Fr;
use ruint::aliases::U256;

/// Parses one decimal or `0x`-hex argument (1-based `position` for messages).
pub fn parse(position: usize, text: &str) -> Result<Fr, String> {
    let value = parse_u256(text).ok_or_else(|| {
        format!("input {position} ({text:?}) is not a decimal or 0x-hex integer below 2^256")
    })?;
    Fr::from_be_bytes(&value.to_be_bytes::<32>()).map_err(|_| {
        format!("input {position} ({text}) is not a BN254 field element: it must be below p")
    })
}

/// Parses every argument, stopping at the first bad one.
pub fn parse_all(texts: &[String]) -> Result<Vec<Fr>, String> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| parse(i + 1, text))
        .collect()
}

fn parse_u256(text: &str) -> Option<U256> {
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    // from_str_radix accepts '_' separators; a CLI number should be digits only.
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    U256::from_str_radix(digits, u64::from(radix)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P_DECIMAL: &str =
        "21888242871839275222246405745257275088548364400416034343698204186575808495617";

    #[test]
    fn parses_decimal_and_hex() {
        assert_eq!(parse(1, "255").unwrap(), Fr::from_u64(255));
        assert_eq!(parse(1, "0xff").unwrap(), Fr::from_u64(255));
        assert_eq!(parse(1, "0XFF").unwrap(), Fr::from_u64(255));
    }

    #[test]
    fn rejects_p_and_above_naming_the_position() {
        let err = parse(2, P_DECIMAL).unwrap_err();
        assert!(err.starts_with("input 2 ("), "{err}");
        assert!(err.contains("must be below p"), "{err}");
        assert!(parse(1, &format!("0x{}", "f".repeat(64))).is_err());
    }

    #[test]
    fn accepts_p_minus_one() {
        let p_minus_one =
            "21888242871839275222246405745257275088548364400416034343698204186575808495616";
        assert!(parse(1, p_minus_one).is_ok());
    }

    #[test]
    fn rejects_malformed_numbers() {
        for bad in [
            "",
            "0x",
            "12a",
            "-1",
            "1_000",
            " 1",
            "0x1g",
            &format!("0x1{}", "0".repeat(64)),
        ] {
            let err = parse(3, bad).unwrap_err();
            assert!(err.starts_with("input 3 "), "{bad:?}: {err}");
        }
    }
}
