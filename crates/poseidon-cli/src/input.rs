//! Parsing command-line numbers into canonical field elements, with errors that name the argument.

use poseidon_bn254::{Fr, MODULUS_LIMBS};
use ruint::aliases::U256;

/// How a message names an input: its 1-based place among the inputs (what the user counts) and
/// the 0-based `position` the programs' `InputNotInField(position, value)` reports for it.
pub fn name(argument: usize) -> String {
    format!("argument {argument} (position {} on-chain)", argument - 1)
}

/// The one-line message for a wrong number of inputs: the command, the argument, the count it
/// takes (and `detail`, if any, about them).
pub fn count_error(command: &str, expected: &str, detail: &str, got: usize) -> String {
    let detail = match detail {
        "" => String::new(),
        detail => format!(" ({detail})"),
    };
    format!("{command} takes {expected} <INPUTS>{detail}, got {got}")
}

/// BN254's p in decimal, from the library's limbs.
pub fn p_decimal() -> String {
    U256::from_limbs(MODULUS_LIMBS).to_string()
}

/// Parses one decimal or `0x`-hex input (1-based `argument` for messages).
pub fn parse(argument: usize, text: &str) -> Result<Fr, String> {
    parse_named(&name(argument), text)
}

/// Parses one decimal or `0x`-hex value that messages call `name` (an option, such as `--key`).
pub fn parse_named(name: &str, text: &str) -> Result<Fr, String> {
    let not_field_element = |why: &str| {
        format!(
            "{name} is not a BN254 field element ({text:?}): {why} below p = {}",
            p_decimal()
        )
    };
    let value = parse_u256(text)
        .ok_or_else(|| not_field_element("it must be a decimal or 0x-hex integer"))?;
    Fr::from_be_bytes(&value.to_be_bytes::<32>()).map_err(|_| not_field_element("it must be"))
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

    #[test]
    fn parses_decimal_and_hex() {
        assert_eq!(parse(1, "255").unwrap(), Fr::from_u64(255));
        assert_eq!(parse(1, "0xff").unwrap(), Fr::from_u64(255));
        assert_eq!(parse(1, "0XFF").unwrap(), Fr::from_u64(255));
    }

    #[test]
    fn p_is_the_fields() {
        // Fr's Display is 0x-hex: p - 1 is the largest element, and p itself is refused.
        let p = p_decimal();
        let p_minus_one = (U256::from_limbs(MODULUS_LIMBS) - U256::from(1)).to_string();
        assert!(parse(1, &p_minus_one).is_ok());
        assert!(parse(1, &p).is_err());
        assert!(p.starts_with("2188824287"), "{p}");
    }

    #[test]
    fn rejects_p_and_above_naming_the_argument_and_p() {
        let err = parse(2, &p_decimal()).unwrap_err();
        assert!(
            err.starts_with("argument 2 (position 1 on-chain) "),
            "{err}"
        );
        assert!(
            err.ends_with(&format!("must be below p = {}", p_decimal())),
            "{err}"
        );
        assert!(parse(1, &format!("0x{}", "f".repeat(64))).is_err());
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
            assert!(
                err.starts_with("argument 3 (position 2 on-chain) is not a BN254 field element"),
                "{bad:?}: {err}"
            );
        }
    }
}
