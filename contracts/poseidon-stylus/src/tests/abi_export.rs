//! The exported ABI (what `cargo stylus export-abi` prints) declares exactly the functions and
//! errors of `solidity/IStylusPoseidon.sol` (with the alias interfaces it extends), the interface
//! Solidity callers compile against.
//! Both sides go through the same small declaration parser, so formatting does not matter;
//! state mutability is not compared (the interface may say `view` for a `pure` implementation).

use std::collections::BTreeSet;

use crate::export::solidity_interface;

/// Identifier-or-punctuation tokens of Solidity source, comments removed.
fn tokens(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => while chars.next().is_some_and(|c| c != '\n') {},
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            c if c.is_alphanumeric() || c == '_' || c == '$' => {
                let mut word = c.to_string();
                while let Some(&c) = chars
                    .peek()
                    .filter(|c| c.is_alphanumeric() || **c == '_' || **c == '$')
                {
                    word.push(c);
                    chars.next();
                }
                out.push(word);
            }
            c if c.is_whitespace() => {}
            c => out.push(c.to_string()),
        }
    }
    out
}

fn is_identifier(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
}

/// `(uint256 a, uint256[] calldata b)` starting at `tokens[*at]` → `uint256,uint256[]`.
fn parameter_types(tokens: &[String], at: &mut usize) -> String {
    assert_eq!(tokens[*at], "(", "parameter list expected");
    *at += 1;
    let mut types = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut depth = 1;
    while depth > 0 {
        let token = tokens[*at].as_str();
        *at += 1;
        match token {
            "(" => depth += 1,
            ")" => depth -= 1,
            _ => {}
        }
        if (token == "," && depth == 1) || depth == 0 {
            current.retain(|t| !matches!(*t, "calldata" | "memory" | "storage"));
            let named = current.len() > 1 && is_identifier(current[current.len() - 1]);
            if named {
                current.pop();
            }
            if !current.is_empty() {
                let ty = current.concat();
                types.push(match ty.as_str() {
                    "uint" => "uint256".to_string(),
                    "int" => "int256".to_string(),
                    _ => ty,
                });
            }
            current.clear();
        } else {
            current.push(token);
        }
    }
    types.join(",")
}

/// `function name(types) returns (types)` and `error name(types)` declarations in the source.
fn declarations(source: &str) -> BTreeSet<String> {
    let tokens = tokens(source);
    let mut found = BTreeSet::new();
    let mut at = 0;
    while at < tokens.len() {
        let keyword = tokens[at].clone();
        at += 1;
        if keyword != "function" && keyword != "error" {
            continue;
        }
        let name = tokens[at].clone();
        at += 1;
        let inputs = parameter_types(&tokens, &mut at);
        let mut declaration = format!("{keyword} {name}({inputs})");
        if keyword == "function" {
            let mut outputs = String::new();
            while tokens[at] != ";" && tokens[at] != "{" {
                if tokens[at] == "returns" {
                    at += 1;
                    outputs = parameter_types(&tokens, &mut at);
                } else {
                    at += 1;
                }
            }
            declaration.push_str(&format!(" returns ({outputs})"));
        }
        found.insert(declaration);
    }
    found
}

#[test]
fn parser_reads_functions_errors_and_comments() {
    let source = "/* function commented(uint) */ interface I { // error Nope();\n\
        error E(uint256 position, uint value);\n\
        function f(uint256[] calldata xs, uint256) external view returns (uint256[] memory out);\n}";
    let expected: BTreeSet<String> = [
        "error E(uint256,uint256)",
        "function f(uint256[],uint256) returns (uint256[])",
    ]
    .map(String::from)
    .into();
    assert_eq!(declarations(source), expected);
}

#[test]
fn exported_abi_matches_solidity_interface() {
    let exported = solidity_interface();
    // IStylusPoseidon.sol and the alias interfaces it extends, generated from the selector table.
    let interface: String = ["IStylusPoseidon.sol", "generated/IPoseidonAliases.sol"]
        .map(|file| {
            let path = format!("{}/../../solidity/{file}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .concat();
    let (ours, theirs) = (declarations(&exported), declarations(&interface));
    let only_ours: Vec<_> = ours.difference(&theirs).collect();
    let only_theirs: Vec<_> = theirs.difference(&ours).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "ABI mismatch.\nexported only: {only_ours:#?}\nIStylusPoseidon.sol only: {only_theirs:#?}\nexported:\n{exported}"
    );
    assert_eq!(
        ours.len(),
        20 + 18 + 12 + 8,
        "20 BN254 functions, 18 aliases of them, 12 Goldilocks functions, 8 errors"
    );
}

#[test]
fn exported_functions_are_pure() {
    let exported = solidity_interface();
    let functions = exported.matches("function ").count();
    assert_eq!(exported.matches(" pure ").count(), functions, "{exported}");
}

/// The one `InputNotInField` declaration the programs use (the library's, `poseidon_bn254::abi`)
/// is `IStylusPoseidon.sol`'s: same signature, parameter names and selector, and its revert data
/// is the selector and the two words, as a Solidity caller decodes them.
#[test]
fn input_not_in_field_is_the_solidity_interfaces_error() {
    use alloy_primitives::{keccak256, U256};
    use alloy_sol_types::{JsonAbiExt, SolCall, SolError};

    use crate::abi::{IPoseidonT3, InputNotInField};
    use crate::dispatch::dispatch;

    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../solidity/IStylusPoseidon.sol"
    );
    let interface = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let tokens = tokens(&interface);
    let name_at = tokens
        .windows(2)
        .position(|pair| pair == ["error", "InputNotInField"])
        .expect("IStylusPoseidon.sol declares InputNotInField")
        + 1;
    let mut at = name_at + 1;
    let signature = format!("InputNotInField({})", parameter_types(&tokens, &mut at));
    assert_eq!(InputNotInField::SIGNATURE, signature);
    assert_eq!(InputNotInField::SELECTOR, keccak256(&signature)[..4]);
    // Parameter names: the identifier before each `,` and before the closing `)`.
    let declared = &tokens[name_at + 2..at - 1];
    let solidity_names: Vec<&str> = declared
        .split(|token| token == ",")
        .map(|parameter| parameter.last().expect("named parameter").as_str())
        .collect();
    let rust_names: Vec<String> = InputNotInField::abi()
        .inputs
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(rust_names, solidity_names);

    let p = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS);
    let error = InputNotInField {
        position: U256::from(1),
        value: p,
    };
    let expected = [
        &InputNotInField::SELECTOR[..],
        &U256::from(1).to_be_bytes::<32>(),
        &p.to_be_bytes::<32>(),
    ]
    .concat();
    assert_eq!(error.abi_encode(), expected);
    let call = IPoseidonT3::hashCall {
        a: U256::from(1),
        b: p,
    };
    assert_eq!(dispatch(&call.abi_encode()), Err(expected));
}
