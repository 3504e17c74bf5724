//! The BN254 scalar field `Fr`, in Montgomery form.
//!
//! # Backends
//!
//! One arithmetic backend is compiled in. Cargo features pick it for the gas report's
//! optimization ladder and let every backend be tested natively
//! (`cargo test -p poseidon-bn254 --features backend-29x9`); with none, wasm32 gets `u29x9` and
//! every other target `u64x4`. If several are on, `backend-29x9` wins over `backend-split32`,
//! which wins over `backend-u128` (resolved once, in `build.rs`).
//!
//! | feature | module | representation |
//! |---|---|---|
//! | `backend-u128` | `u64x4` | 4 × 64-bit limbs, CIOS, `u128` products (`__multi3` calls on wasm32) |
//! | `backend-split32` | `u64x4` | the same, each 64 × 64 product from four 32 × 32 products in `u64` |
//! | `backend-29x9` | `u29x9` | 9 × 29-bit limbs in `u64`, carry-free product scanning, dedicated squaring, dot products reduced once |
//!
//! Equality and encoding always go through the canonical value (< p), so a backend may keep
//! values weakly reduced internally (`u29x9` keeps them in [0, 2p)).
//!
//! # Measured cost on Stylus (wasm32)
//!
//! Offline meter (`crates/stylus-meter`, Nitro pricing_v1, `model` figures), on a harness
//! that calls each operation in a loop (8 per iteration, difference of 2 and 1 iterations,
//! so the figure includes the call, the by-pointer arguments and the result written through
//! memory, plus 1/8 of the loop); release profile + `wasm-opt -O3`. Hash figures are
//! execution gas of one `hash2` call (ink / 10,000), calldata and entry excluded.
//!
//! | backend | mul | square | pow5 | dot product (3 terms) | add | Poseidon T3 `hash2` | Poseidon2 `hash2` |
//! |---|---|---|---|---|---|---|---|
//! | `backend-u128` | 603,371 ink | 502,385 | 1,559,749 | 1,854,890 | 38,047 | 35,164 gas | 14,048 gas |
//! | `backend-split32` | 201,382 ink | 201,096 | 575,258 | 656,207 | 38,030 | 12,911 gas | 6,184 gas |
//! | `backend-29x9` | 108,285 ink | 87,970 | 210,061 | 288,780 | 52,403 | 6,204 gas | 3,853 gas |
//!
//! (The dot-product column includes the harness building its two 3-element arrays on the
//! stack, ~86,000 ink.) Compressed size of the harness (both hashes + the ops):
//! 20,141 / 18,747 / 20,531 bytes. For reference, openzeppelin-crypto's Poseidon2 behind
//! stylus-sdk measures 57.9 M ink (`../shared/calibration`).
//!
//! # Code size versus ink on wasm32
//!
//! The products, `pow5` and (on every backend) `add`/`sub` are shared functions on wasm32
//! (see `shared`): inlining them at each of the hundreds of sites of the unrolled
//! permutations made the module 223–379 KB, over Nitro's 128 KiB limit. The price is a call
//! (3,800 ink + 2,450 per block entered) and arguments and results passed through linear
//! memory (Rust's wasm32 ABI passes aggregates by pointer): for a 29×9 `mul` roughly
//! 18 loads and 9 stores, ~25% of its cost.

mod modulus;
#[cfg(use_u29x9)]
mod u29x9;
#[cfg(not(use_u29x9))]
mod u64x4;

#[cfg(use_u29x9)]
use u29x9 as backend;
#[cfg(not(use_u29x9))]
use u64x4 as backend;

pub use modulus::P as MODULUS_LIMBS;

use core::fmt;

/// An element of the BN254 scalar field, held in Montgomery form.
#[derive(Clone, Copy)]
pub struct Fr(backend::Repr);

/// Equal field elements: compares canonical values (a backend may hold p + x for x).
impl PartialEq for Fr {
    fn eq(&self, other: &Fr) -> bool {
        self.to_limbs() == other.to_limbs()
    }
}

impl Eq for Fr {}

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
        shared::add(self, rhs)
    }

    /// self − rhs.
    #[inline(always)]
    pub fn sub(&self, rhs: &Fr) -> Fr {
        shared::sub(self, rhs)
    }

    /// self · rhs.
    #[inline(always)]
    pub fn mul(&self, rhs: &Fr) -> Fr {
        shared::mul(self, rhs)
    }

    /// self².
    #[inline(always)]
    pub fn square(&self) -> Fr {
        shared::square(self)
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
        shared::sum_of_products(a, b)
    }

    /// self⁵, the Poseidon S-box: two squarings and one multiplication.
    #[inline(always)]
    pub fn pow5(&self) -> Fr {
        shared::pow5(self)
    }
}

/// The products as shared functions on wasm32, inlined in optimized native builds (debug
/// builds keep them out of line so an unrolled permutation's stack frame stays small).
///
/// An unrolled permutation has hundreds of product sites; inlining each would multiply the
/// contract's size (the deployable must stay ≤ 24 KiB compressed), so on wasm32 each product
/// is one function body and a call (3,800 ink) per use. `pow5` is one body too, so its three
/// products pass intermediates in locals instead of through linear memory.
mod shared {
    use super::{backend, Fr};

    // An inlined addition is 100–300 bytes of wasm; a permutation has hundreds.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn add(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::add(&a.0, &b.0))
    }

    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn sub(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::sub(&a.0, &b.0))
    }

    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn mul(a: &Fr, b: &Fr) -> Fr {
        Fr(backend::mul(&a.0, &b.0))
    }

    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn square(a: &Fr) -> Fr {
        Fr(backend::square(&a.0))
    }

    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn pow5(a: &Fr) -> Fr {
        let x = &a.0;
        Fr(backend::mul(&backend::square(&backend::square(x)), x))
    }

    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(
        all(not(target_arch = "wasm32"), not(debug_assertions)),
        inline(always)
    )]
    pub fn sum_of_products<const N: usize>(a: &[Fr; N], b: &[Fr; N]) -> Fr {
        Fr(backend::sum_of_products::<N>(
            a.each_ref().map(|x| &x.0),
            b.each_ref().map(|x| &x.0),
        ))
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
