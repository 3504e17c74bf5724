//! The Solidity custom error for an input that is not a field element (feature `abi`), declared
//! once with alloy's `sol!`: the stylus-poseidon programs revert with it, and so can any contract
//! built on this crate, without writing its ABI by hand.
//!
//! In a stylus-sdk contract, a `#[public]` function returns `Result<_, InputNotInField>` (the
//! error converts to revert data), or lists it in a `#[derive(SolidityError)]` enum:
//!
//! ```
//! use alloy_primitives::U256;
//! use poseidon_bn254::{abi::InputNotInField, poseidon, Fr};
//!
//! fn hash(a: U256, b: U256) -> Result<U256, InputNotInField> {
//!     let inputs = [Fr::from_word(a, 0)?, Fr::from_word(b, 1)?];
//!     Ok(poseidon::hash2(&inputs).to_word())
//! }
//! assert_eq!(
//!     hash(U256::from(1), U256::from(2)).unwrap(),
//!     "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a".parse::<U256>().unwrap()
//! );
//! let p = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS);
//! assert_eq!(hash(U256::from(1), p), Err(InputNotInField { position: U256::from(1), value: p }));
//! ```

extern crate alloc;

use alloc::vec::Vec;

use alloy_primitives::U256;
use alloy_sol_types::SolError;

use crate::{Fr, NotInField};

alloy_sol_types::sol! {
    /// An input is not a canonical element of the field (it is ≥ p): `value` at argument or
    /// array index `position`. The same declaration as `IPoseidonErrors.InputNotInField` in the
    /// stylus-poseidon Solidity interface (`solidity/IStylusPoseidon.sol`). Its JSON ABI:
    /// `alloy_sol_types::JsonAbiExt::abi()`.
    #[sol(abi)]
    #[derive(Debug, PartialEq, Eq)]
    error InputNotInField(uint256 position, uint256 value);
}

impl NotInField {
    /// This rejection as the Solidity error, naming the input's `position`.
    pub fn at(self, position: usize) -> InputNotInField {
        InputNotInField {
            position: U256::from(position),
            value: U256::from_be_bytes(self.value),
        }
    }
}

impl Fr {
    /// The `uint256` argument at `position` as a field element, or `InputNotInField(position,
    /// word)` if it is ≥ p (never reduced).
    pub fn from_word(word: U256, position: usize) -> Result<Fr, InputNotInField> {
        Fr::from_limbs(*word.as_limbs()).ok_or(InputNotInField {
            position: U256::from(position),
            value: word,
        })
    }

    /// The element as a `uint256` (its canonical value).
    pub fn to_word(&self) -> U256 {
        U256::from_limbs(self.to_limbs())
    }
}

/// The error's revert data (selector and both words), which lets a stylus-sdk `#[public]`
/// function return `Result<_, InputNotInField>`.
impl From<InputNotInField> for Vec<u8> {
    fn from(error: InputNotInField) -> Vec<u8> {
        error.abi_encode()
    }
}
