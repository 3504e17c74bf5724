//! The BN254 scalar field modulus and every Montgomery constant, derived from it at compile time.
//!
//! p = 21888242871839275222246405745257275088548364400416034343698204186575808495617
//! (the order of the BN254 / alt_bn128 G1 group; circomlib's and Ethereum's `Fr`).
//! Only `P` is a literal; everything else is computed by `const fn` from it, so a reader checks
//! one number and the derivations (tests recompute them with a big-integer library).

/// p as four little-endian 64-bit limbs.
pub const P: [u64; 4] = [
    0x43e1_f593_f000_0001,
    0x2833_e848_79b9_7091,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];

/// `a - b` over 256 bits, returning the borrow (1 when a < b).
pub const fn sub_with_borrow(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], u64) {
    let mut out = [0u64; 4];
    let mut borrow = 0u64;
    let mut i = 0;
    while i < 4 {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        out[i] = d2;
        borrow = (b1 | b2) as u64;
        i += 1;
    }
    (out, borrow)
}

/// Whether the 256-bit value `a` is below p (i.e. canonical).
pub const fn is_canonical(a: &[u64; 4]) -> bool {
    sub_with_borrow(a, &P).1 == 1
}

/// `2a mod p` for canonical `a` (p < 2^254, so 2a never overflows 256 bits).
const fn double_mod_p(a: &[u64; 4]) -> [u64; 4] {
    let doubled = [
        a[0] << 1,
        (a[1] << 1) | (a[0] >> 63),
        (a[2] << 1) | (a[1] >> 63),
        (a[3] << 1) | (a[2] >> 63),
    ];
    let (reduced, borrow) = sub_with_borrow(&doubled, &P);
    if borrow == 1 {
        doubled
    } else {
        reduced
    }
}

/// `2^k mod p`, by doubling 1 k times (compile time only).
pub const fn pow2_mod_p(k: u32) -> [u64; 4] {
    let mut acc = [1u64, 0, 0, 0];
    let mut i = 0;
    while i < k {
        acc = double_mod_p(&acc);
        i += 1;
    }
    acc
}

/// `-m^{-1} mod 2^bits` for odd `m` (Newton iteration on the low 64 bits), masked to `bits`.
pub const fn neg_inverse_mod_pow2(m: u64, bits: u32) -> u64 {
    // x_{k+1} = x_k (2 - m x_k) doubles the number of correct low bits; 6 steps give 64.
    let mut inv = 1u64;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inv)));
        i += 1;
    }
    let neg = inv.wrapping_neg();
    if bits == 64 {
        neg
    } else {
        neg & ((1u64 << bits) - 1)
    }
}
