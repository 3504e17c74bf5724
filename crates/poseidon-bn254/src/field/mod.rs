//! The BN254 scalar field `Fr`, in Montgomery form.
//!
//! Arithmetic backends (one is compiled in, chosen by target and features):
//! - `u64x4`: four 64-bit limbs with `u128` products; the native default.
//!
//! Every backend keeps values canonical (< p) across the public API, so equality, encoding and
//! the hashes never see an unreduced value.

mod modulus;
mod u64x4;

use u64x4 as backend;

pub use modulus::P as MODULUS_LIMBS;

use core::fmt;

/// An element of the BN254 scalar field, held in Montgomery form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Fr(backend::Repr);

/// A 256-bit value that is not a canonical field element (it is ≥ p).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotInField {
    /// The rejected value, big-endian.
    pub value: [u8; 32],
}

impl fmt::Display for NotInField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for byte in self.value {
            write!(f, "{byte:02x}")?;
        }
        f.write_str(" is not a BN254 scalar field element (it is >= p)")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotInField {}

impl Fr {
    /// 0.
    pub const ZERO: Fr = Fr(backend::ZERO);
    /// 1.
    pub const ONE: Fr = Fr(backend::ONE);

    /// From little-endian 64-bit limbs; `None` if the value is ≥ p.
    pub const fn from_limbs(limbs: [u64; 4]) -> Option<Fr> {
        if modulus::is_canonical(&limbs) {
            Some(Fr(backend::from_canonical(&limbs)))
        } else {
            None
        }
    }

    /// From a small integer.
    pub const fn from_u64(value: u64) -> Fr {
        Fr(backend::from_canonical(&[value, 0, 0, 0]))
    }

    /// From a big-endian 32-byte word (an ABI `uint256`), rejecting values ≥ p.
    pub const fn from_be_bytes(bytes: &[u8; 32]) -> Result<Fr, NotInField> {
        match Fr::from_limbs(be_bytes_to_limbs(bytes)) {
            Some(fr) => Ok(fr),
            None => Err(NotInField { value: *bytes }),
        }
    }

    /// Parses a `0x`-prefixed hex literal at compile time. Used for parameter tables, where a
    /// value ≥ p or a malformed digit is a build error, not a runtime one.
    pub const fn from_hex(hex: &str) -> Fr {
        let digits = hex.as_bytes();
        assert!(digits.len() > 2 && digits[0] == b'0' && (digits[1] == b'x' || digits[1] == b'X'));
        assert!(digits.len() <= 66, "hex literal longer than 256 bits");
        let mut limbs = [0u64; 4];
        let mut i = 2;
        while i < digits.len() {
            let nibble = match digits[i] {
                b'0'..=b'9' => digits[i] - b'0',
                b'a'..=b'f' => digits[i] - b'a' + 10,
                b'A'..=b'F' => digits[i] - b'A' + 10,
                _ => panic!("invalid hex digit"),
            } as u64;
            // limbs <<= 4, then or in the nibble.
            limbs[3] = (limbs[3] << 4) | (limbs[2] >> 60);
            limbs[2] = (limbs[2] << 4) | (limbs[1] >> 60);
            limbs[1] = (limbs[1] << 4) | (limbs[0] >> 60);
            limbs[0] = (limbs[0] << 4) | nibble;
            i += 1;
        }
        match Fr::from_limbs(limbs) {
            Some(fr) => fr,
            None => panic!("hex literal is not below p"),
        }
    }

    /// Canonical little-endian 64-bit limbs.
    pub const fn to_limbs(&self) -> [u64; 4] {
        backend::to_canonical(&self.0)
    }

    /// Canonical big-endian 32-byte encoding (an ABI `uint256`).
    pub const fn to_be_bytes(&self) -> [u8; 32] {
        let limbs = self.to_limbs();
        let mut out = [0u8; 32];
        let mut i = 0;
        while i < 4 {
            let bytes = limbs[3 - i].to_be_bytes();
            let mut j = 0;
            while j < 8 {
                out[i * 8 + j] = bytes[j];
                j += 1;
            }
            i += 1;
        }
        out
    }

    /// self + rhs.
    #[inline(always)]
    pub fn add(&self, rhs: &Fr) -> Fr {
        Fr(backend::add(&self.0, &rhs.0))
    }

    /// self − rhs.
    #[inline(always)]
    pub fn sub(&self, rhs: &Fr) -> Fr {
        Fr(backend::sub(&self.0, &rhs.0))
    }

    /// self · rhs.
    #[inline(always)]
    pub fn mul(&self, rhs: &Fr) -> Fr {
        Fr(backend::mul(&self.0, &rhs.0))
    }

    /// self².
    #[inline(always)]
    pub fn square(&self) -> Fr {
        Fr(backend::square(&self.0))
    }

    /// 2·self.
    #[inline(always)]
    pub fn double(&self) -> Fr {
        self.add(self)
    }

    /// Σ a[i]·b[i]. Backends may reduce once for the whole sum instead of once per product
    /// (the MDS rows of a permutation are such sums).
    #[inline(always)]
    pub fn sum_of_products<const N: usize>(a: &[Fr; N], b: &[Fr; N]) -> Fr {
        let mut acc = Fr::ZERO;
        for (x, y) in a.iter().zip(b) {
            acc = acc.add(&x.mul(y));
        }
        acc
    }

    /// self⁵, the Poseidon S-box: two squarings and one multiplication.
    #[inline(always)]
    pub fn pow5(&self) -> Fr {
        self.square().square().mul(self)
    }
}

const fn be_bytes_to_limbs(bytes: &[u8; 32]) -> [u64; 4] {
    let mut limbs = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let mut word = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            word[j] = bytes[(3 - i) * 8 + j];
            j += 1;
        }
        limbs[i] = u64::from_be_bytes(word);
        i += 1;
    }
    limbs
}

impl fmt::Debug for Fr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `0x` followed by 64 lowercase hex digits: the canonical value.
impl fmt::Display for Fr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for byte in self.to_be_bytes() {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl Default for Fr {
    fn default() -> Self {
        Fr::ZERO
    }
}
