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
//! values weakly reduced internally. Each backend states what its operations take and return once,
//! in its `contract` module; the bound checker (`shadow`, feature `bound-check`) runs every
//! engine on values that carry their proven bounds and asserts those contracts at each call
//! (`tests/bounds.rs`; scripts/test.sh runs it on both backends).
//!
//! # Cost on Stylus (wasm32)
//!
//! `backend-29x9` is the cheapest on wasm32 by far: `u128` products are `__multi3` library calls
//! there, and 29-bit limbs let products accumulate without carries. The gas report's
//! "Optimization ladder" (`gas-report/report.md`) gives each backend's figure today;
//! `CHANGELOG.md` keeps the per-operation measurements that chose it.
//!
//! # Code size versus ink on wasm32
//!
//! The products, `pow5` and (on every backend) `add`/`sub` are shared functions on wasm32
//! (see `shared`): inlining them at each of the hundreds of sites of the unrolled
//! permutations made the module several times Nitro's 128 KiB limit. The price is a call
//! (3,800 ink + 2,450 per block entered) and arguments and results passed through linear
//! memory (Rust's wasm32 ABI passes aggregates by pointer): for a 29×9 `mul` roughly
//! 18 loads and 9 stores, a sizeable part of its cost. The permutations therefore chain the operations of
//! a round inside one kernel where that pays (`kernel`: circomlib's S-box plus round constant,
//! Poseidon2's rounds, eight partial rounds per call), keeping intermediates in locals and
//! leaving sums unreduced until a product or a final `reduce` needs them.

mod bound;
pub(crate) mod kernel;
mod modulus;
#[cfg(feature = "bound-check")]
mod shadow;
#[cfg(use_u29x9)]
mod u29x9;
#[cfg(not(use_u29x9))]
mod u64x4;

#[cfg(feature = "bound-check")]
use shadow as backend;
#[cfg(all(use_u29x9, not(feature = "bound-check")))]
use u29x9 as backend;
#[cfg(all(not(use_u29x9), not(feature = "bound-check")))]
use u64x4 as backend;
#[cfg(all(feature = "bound-check", target_arch = "wasm32"))]
compile_error!("`bound-check` is a native test build: the wasm32 kernels take raw limbs");

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
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub const fn to_limbs(&self) -> [u64; 4] {
        backend::to_canonical(&self.0)
    }

    /// Canonical big-endian 32-byte encoding (an ABI `uint256`).
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub const fn to_be_bytes(&self) -> [u8; 32] {
        limbs_to_be_bytes(&self.to_limbs())
    }

    /// [`Fr::from_be_bytes`] with its one Montgomery product (x·R²) done by the shared `K`-term
    /// dot-product body, as its first term beside `K − 1` zero terms, rather than inline. On wasm32
    /// a program that links that body anyway (a circomlib permutation of width `K`) is smaller by
    /// one inline product (bytes every uncached call pays init for), for one kernel call and
    /// `K − 1` zero terms per conversion. Natively it is [`Fr::from_be_bytes`].
    /// `K`: 2 … 18.
    pub fn from_be_bytes_via_dot<const K: usize>(bytes: &[u8; 32]) -> Result<Fr, NotInField> {
        #[cfg(target_arch = "wasm32")]
        {
            let limbs = be_bytes_to_limbs(bytes);
            if !modulus::is_canonical(&limbs) {
                return Err(NotInField { value: *bytes });
            }
            Ok(shared::first_term_product::<K>(
                &backend::from_plain(&limbs),
                &backend::R2,
            ))
        }
        #[cfg(not(target_arch = "wasm32"))]
        Fr::from_be_bytes(bytes)
    }

    /// [`Fr::to_be_bytes`] with its one Montgomery product (a·1) done by the shared `K`-term
    /// dot-product body: see [`Fr::from_be_bytes_via_dot`].
    pub fn to_be_bytes_via_dot<const K: usize>(&self) -> [u8; 32] {
        #[cfg(target_arch = "wasm32")]
        {
            let plain = shared::first_term_product::<K>(&self.0, &backend::PLAIN_ONE);
            limbs_to_be_bytes(&backend::to_plain(&plain.0))
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.to_be_bytes()
    }

    /// self + rhs.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add(&self, rhs: &Fr) -> Fr {
        let mut sum = *self;
        sum.add_assign(rhs);
        sum
    }

    /// self − rhs.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn sub(&self, rhs: &Fr) -> Fr {
        let mut difference = *self;
        shared::sub_assign(&mut difference, rhs);
        difference
    }

    /// self · rhs.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn mul(&self, rhs: &Fr) -> Fr {
        let mut product = *self;
        product.mul_assign(rhs);
        product
    }

    /// self².
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn square(&self) -> Fr {
        let mut square = *self;
        shared::square_assign(&mut square);
        square
    }

    /// 2·self.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn double(&self) -> Fr {
        self.add(self)
    }

    /// Σ `a[i]·b[i]`, reduced once for the whole sum (the MDS rows of a permutation are such
    /// sums). On wasm32 `a` is the side passed as immediates: put constants there.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn sum_of_products<const N: usize>(a: &[Fr; N], b: &[Fr; N]) -> Fr {
        let mut out = Fr::ZERO;
        shared::sum_of_products_into(&mut out, a, b);
        out
    }

    /// self = Σ `a[i]·b[i]`, in place (see [`Fr::sum_of_products`]).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn assign_sum_of_products<const N: usize>(&mut self, a: &[Fr; N], b: &[Fr; N]) {
        shared::sum_of_products_into(self, a, b)
    }

    /// self⁵, the Poseidon S-box: two squarings and one multiplication.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow5(&self) -> Fr {
        let mut power = *self;
        power.pow5_assign();
        power
    }

    /// self += rhs, in place. The in-place forms let wasm32 write results straight into the
    /// permutation state instead of copying 72-byte temporaries (`memory.copy` costs 100 ink a
    /// byte on Stylus).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_assign(&mut self, rhs: &Fr) {
        shared::add_assign(self, rhs)
    }

    /// self ·= rhs, in place.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn mul_assign(&mut self, rhs: &Fr) {
        shared::mul_assign(self, rhs)
    }

    /// self += a · b, in place (one call on wasm32 instead of a product and a sum).
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_product(&mut self, a: &Fr, b: &Fr) {
        shared::add_product(self, a, b)
    }

    /// self = self⁵, in place.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow5_assign(&mut self) {
        shared::pow5_assign(self)
    }

    /// self += (a + b + c)⁵: a round of a Feistel MiMC with x⁵ (circomlib's MiMCSponge: lane, key,
    /// round constant). One kernel call on wasm32, the sum unreduced into the products. On wasm32
    /// `c` is the side passed as immediates: put the constant there.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_pow5_of_sum(&mut self, a: &Fr, b: &Fr, c: &Fr) {
        shared::add_pow5_of_sum(self, a, b, c)
    }

    /// self = (self + b + c)⁷: a round of MiMC with x⁷ (circomlib's MiMC7: state, key, round
    /// constant), as [`Fr::add_pow5_of_sum`]: one kernel call on wasm32, `c` the immediate side.
    #[inline(always)]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow7_of_sum_assign(&mut self, b: &Fr, c: &Fr) {
        shared::pow7_of_sum_assign(self, b, c)
    }
}

/// (a + b + c)⁵ of weakly reduced values: the sum goes unreduced into the products (within
/// `PRODUCT_TAKES` on `u29x9`; `u64x4` reduces every sum).
#[inline(always)]
#[cfg_attr(feature = "bound-check", track_caller)]
fn pow5_of_sum(a: &backend::Repr, b: &backend::Repr, c: &backend::Repr) -> backend::Repr {
    let t = backend::add_unreduced(&backend::add_unreduced(a, b), c);
    backend::mul(&backend::square(&backend::square(&t)), &t)
}

/// (a + b + c)⁷, as [`pow5_of_sum`]: t² · t⁴ · t.
#[inline(always)]
#[cfg_attr(feature = "bound-check", track_caller)]
fn pow7_of_sum(a: &backend::Repr, b: &backend::Repr, c: &backend::Repr) -> backend::Repr {
    let t = backend::add_unreduced(&backend::add_unreduced(a, b), c);
    let square = backend::square(&t);
    backend::mul(&backend::mul(&backend::square(&square), &square), &t)
}

/// Native builds: the operations inlined where optimized (debug builds keep them out of line so
/// an unrolled permutation's stack frame stays small).
#[cfg(not(target_arch = "wasm32"))]
mod shared {
    use super::{backend, Fr};

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_assign(a: &mut Fr, b: &Fr) {
        a.0 = backend::add(&a.0, &b.0);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn sub_assign(a: &mut Fr, b: &Fr) {
        a.0 = backend::sub(&a.0, &b.0);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn mul_assign(a: &mut Fr, b: &Fr) {
        a.0 = backend::mul(&a.0, &b.0);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_product(acc: &mut Fr, a: &Fr, b: &Fr) {
        acc.0 = backend::add(&acc.0, &backend::mul(&a.0, &b.0));
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn square_assign(a: &mut Fr) {
        a.0 = backend::square(&a.0);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow5_assign(a: &mut Fr) {
        let x = a.0;
        a.0 = backend::mul(&backend::square(&backend::square(&x)), &x);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn add_pow5_of_sum(acc: &mut Fr, a: &Fr, b: &Fr, c: &Fr) {
        acc.0 = backend::add(&acc.0, &super::pow5_of_sum(&a.0, &b.0, &c.0));
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn pow7_of_sum_assign(acc: &mut Fr, b: &Fr, c: &Fr) {
        acc.0 = super::pow7_of_sum(&acc.0, &b.0, &c.0);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(feature = "bound-check", track_caller)]
    pub fn sum_of_products_into<const N: usize>(out: &mut Fr, a: &[Fr; N], b: &[Fr; N]) {
        out.0 =
            backend::sum_of_products::<N>(a.each_ref().map(|x| &x.0), b.each_ref().map(|x| &x.0));
    }
}

/// wasm32 (Stylus): every operation is one shared function body that works in place, and the
/// operand that may be a round constant is passed as scalar parameters.
///
/// - Shared bodies: an unrolled permutation has hundreds of operation sites; inlining each
///   made the module far larger than Nitro allows (24 KiB compressed).
/// - Scalar constants: passed by reference, a constant needs an address, i.e. a data segment,
///   which Stylus charges ~0.75 gas per byte on every call (the tables are tens of KB). As
///   parameters, the inlined wrapper folds `TABLE[i]` into `i64.const` immediates, and the
///   callee reads locals (75 ink) instead of loading memory (680 ink).
/// - In place: results are written through `&mut` straight into the state; returning them
///   went through a temporary and two 72-byte `memory.copy`s (100 ink a byte) per operation.
#[cfg(target_arch = "wasm32")]
// The kernels take one scalar per limb on purpose (see above).
#[allow(clippy::too_many_arguments)]
mod shared {
    use super::{backend, Fr};
    use backend::Repr;
    use seq_macro::seq;

    /// Generates the kernels for a backend with `$limbs` limbs, and one dot-product kernel per
    /// length `$n` with `$params` = `$n · $limbs` scalar parameters for the constant side.
    macro_rules! wasm_kernels {
        ($limbs:literal; $($dot:ident: $n:literal => $params:literal),*) => {
            seq!(I in 0..$limbs {
                #[inline(never)]
                fn add_k(a: &mut Repr, #(b~I: u64,)*) {
                    *a = backend::add(a, &[#(b~I,)*]);
                }
                #[inline(never)]
                fn sub_k(a: &mut Repr, #(b~I: u64,)*) {
                    *a = backend::sub(a, &[#(b~I,)*]);
                }
                #[inline(never)]
                fn mul_k(a: &mut Repr, #(b~I: u64,)*) {
                    *a = backend::mul(a, &[#(b~I,)*]);
                }
                #[inline(never)]
                fn add_product_k(acc: &mut Repr, a: &Repr, #(b~I: u64,)*) {
                    *acc = backend::add(acc, &backend::mul(a, &[#(b~I,)*]));
                }
                #[inline(never)]
                fn add_pow5_of_sum_k(acc: &mut Repr, a: &Repr, b: &Repr, #(c~I: u64,)*) {
                    *acc = backend::add(acc, &super::pow5_of_sum(a, b, &[#(c~I,)*]));
                }
                #[inline(never)]
                fn pow7_of_sum_k(acc: &mut Repr, b: &Repr, #(c~I: u64,)*) {
                    *acc = super::pow7_of_sum(acc, b, &[#(c~I,)*]);
                }
                #[inline(always)]
                pub fn add_pow5_of_sum(acc: &mut Fr, a: &Fr, b: &Fr, c: &Fr) {
                    add_pow5_of_sum_k(&mut acc.0, &a.0, &b.0, #(c.0[I],)*)
                }
                #[inline(always)]
                pub fn pow7_of_sum_assign(acc: &mut Fr, b: &Fr, c: &Fr) {
                    pow7_of_sum_k(&mut acc.0, &b.0, #(c.0[I],)*)
                }
                #[inline(always)]
                pub fn add_assign(a: &mut Fr, b: &Fr) {
                    add_k(&mut a.0, #(b.0[I],)*)
                }
                #[inline(always)]
                pub fn sub_assign(a: &mut Fr, b: &Fr) {
                    sub_k(&mut a.0, #(b.0[I],)*)
                }
                #[inline(always)]
                pub fn mul_assign(a: &mut Fr, b: &Fr) {
                    mul_k(&mut a.0, #(b.0[I],)*)
                }
                #[inline(always)]
                pub fn add_product(acc: &mut Fr, a: &Fr, b: &Fr) {
                    add_product_k(&mut acc.0, &a.0, #(b.0[I],)*)
                }
            });
            $(
                seq!(K in 0..$params {
                    #[inline(never)]
                    fn $dot(out: &mut Repr, b: &[Fr; $n], #(c~K: u64,)*) {
                        let flat = [#(c~K,)*];
                        let a: [Repr; $n] = core::array::from_fn(|j| core::array::from_fn(|i| flat[j * $limbs + i]));
                        *out = backend::sum_of_products::<$n>(a.each_ref(), b.each_ref().map(|x| &x.0));
                    }
                });
            )*

            /// out = Σ a[i]·b[i] with `a` (the constant side: matrix rows and columns) as scalars;
            /// more than 6 terms (the widths t = 7 … 17) in chunks of at most 6 ([`dot_chunk`]),
            /// each one dot-kernel call, summed.
            #[inline(always)]
            pub fn sum_of_products_into<const N: usize>(out: &mut Fr, a: &[Fr; N], b: &[Fr; N]) {
                // Every limb of `a` is named by a constant index, so it folds to an immediate.
                match N {
                    $($n => {
                        let a = a.first_chunk::<$n>().expect("N matches");
                        let b = b.first_chunk::<$n>().expect("N matches");
                        seq!(K in 0..$params { $dot(&mut out.0, b, #(a[K / $limbs].0[K % $limbs],)*) })
                    })*
                    7..=18 => {
                        let mut acc = Fr::ZERO;
                        seq!(CHUNK in 0..3 {
                            if CHUNK * 6 < N {
                                let end = if N - CHUNK * 6 < 6 { N } else { CHUNK * 6 + 6 };
                                let mut part = Fr::ZERO;
                                dot_chunk(&mut part, &a[CHUNK * 6..end], &b[CHUNK * 6..end]);
                                if CHUNK == 0 {
                                    acc = part;
                                } else {
                                    add_assign(&mut acc, &part);
                                }
                            }
                        });
                        *out = acc;
                    }
                    _ => panic!("sum_of_products supports 2 to 18 terms"),
                }
            }

            /// out = Σ a[i]·b[i] for 1 to 6 terms (a chunk of a longer sum), `a` as scalars.
            #[inline(always)]
            fn dot_chunk(out: &mut Fr, a: &[Fr], b: &[Fr]) {
                match a.len() {
                    1 => {
                        *out = b[0];
                        mul_assign(out, &a[0]);
                    }
                    $($n => {
                        let a = a.first_chunk::<$n>().expect("length matches");
                        let b = b.first_chunk::<$n>().expect("length matches");
                        seq!(K in 0..$params { $dot(&mut out.0, b, #(a[K / $limbs].0[K % $limbs],)*) })
                    })*
                    _ => panic!("a chunk has 1 to 6 terms"),
                }
            }
        };
    }

    #[cfg(use_u29x9)]
    wasm_kernels!(9; dot2: 2 => 18, dot3: 3 => 27, dot4: 4 => 36, dot5: 5 => 45, dot6: 6 => 54);
    #[cfg(not(use_u29x9))]
    wasm_kernels!(4; dot2: 2 => 8, dot3: 3 => 12, dot4: 4 => 16, dot5: 5 => 20, dot6: 6 => 24);

    /// a·b in Montgomery's sense (a·b·R⁻¹) through the `K`-term dot kernel, as its first term
    /// beside `K − 1` zero terms: no product body of its own (`Fr::from_be_bytes_via_dot`).
    #[inline(always)]
    pub fn first_term_product<const K: usize>(a: &Repr, b: &Repr) -> Fr {
        let mut constants = [Fr::ZERO; K];
        constants[0] = Fr(*b);
        let mut values = [Fr::ZERO; K];
        values[0] = Fr(*a);
        let mut out = Fr::ZERO;
        sum_of_products_into::<K>(&mut out, &constants, &values);
        out
    }

    #[inline(never)]
    pub fn square_assign(a: &mut Fr) {
        a.0 = backend::square(&a.0);
    }

    /// One body for the S-box, so its three products pass intermediates in locals.
    #[inline(never)]
    pub fn pow5_assign(a: &mut Fr) {
        let x = a.0;
        a.0 = backend::mul(&backend::square(&backend::square(&x)), &x);
    }
}

/// Little-endian 64-bit limbs as a big-endian 32-byte word.
const fn limbs_to_be_bytes(limbs: &[u64; 4]) -> [u8; 32] {
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
