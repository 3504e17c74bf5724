//! plonky2's sparse form of the partial rounds' matrices (its `FAST_PARTIAL_ROUND_INITIAL_MATRIX`,
//! `FAST_PARTIAL_ROUND_VS` and `FAST_PARTIAL_ROUND_W_HATS`), derived here at compile time from
//! the MDS matrix [`super::params`] names; `crates/plonky2-reference` proves the tables equal to
//! plonky2's. The native backend uses them; on wasm32 the small MDS entries are cheaper (see
//! [`super`]).
//!
//! Write the MDS matrix as M = [[m₀₀, wᵀ], [v, M̂]] (M̂ is 11 × 11). Then M = M″ · M′ with
//! M′ = diag(1, M̂) and M″ = [[m₀₀, ŵᵀ], [v, I]], ŵᵀ = wᵀ M̂⁻¹. M′ leaves lane 0 alone, so it
//! commutes with a partial round's S-box and lane-0 constant ([`super::equivalent`]) and joins
//! the matrix of the round before, whose product M′ · M splits the same way. From the last partial
//! round back, the round k rounds before the last keeps M″ with v̂ = M̂ᵏ v and ŵᵀ = wᵀ M̂⁻⁽ᵏ⁺¹⁾, and
//! M̂²² is left over, applied to lanes 1..11 once before the first partial round. A partial
//! round's matrix then costs 23 products instead of a dense 12 × 12 one.
//!
//! Unrolled further: with y the lanes 1..11 after M̂²² and s_r lane 0 after round r's S-box and
//! constant, the sparse rounds make y_r = y + Σ_(j<r) s_j v̂_j, so lane 0 entering round r + 1 is
//! m₀₀ s_r + (ŵ_rᵀ M̂²²) · lanes + Σ_(j<r) (ŵ_r · v̂_j) s_j, over the lanes 1..11 as the partial
//! rounds found them ([`Sparse::entry`], [`Sparse::feedback`]), and the lanes leaving the last
//! round are M̂²² lanes + Σ_j s_j v̂_j. Only lane 0 is then reduced each round.

use super::equivalent::{add, inverse_matrix, matrix, mul};
use super::params::PARTIAL_ROUNDS;

const WIDTH: usize = 12;
const HAT: usize = WIDTH - 1;

/// The sparse form of the partial rounds' matrices.
pub struct Sparse {
    /// M̂²², applied to lanes 1..11 before the first partial round: `new[1 + i] = Σ_j
    /// INITIAL[i][j] · old[1 + j]`.
    pub initial: [[u64; HAT]; HAT],
    /// Per partial round, v̂: `new[1 + i] = old[1 + i] + v̂[i] · old[0]`.
    pub vs: [[u64; HAT]; PARTIAL_ROUNDS],
    /// Per partial round, ŵ: `new[0] = m₀₀ · old[0] + Σ_i ŵ[i] · old[1 + i]`.
    pub w_hats: [[u64; HAT]; PARTIAL_ROUNDS],
    /// m₀₀, the MDS matrix's corner.
    pub m00: u64,
    /// Per partial round r, ŵ_rᵀ M̂²²: lane 0's terms in the lanes 1..11 the partial rounds
    /// started from.
    pub entry: [[u64; HAT]; PARTIAL_ROUNDS],
    /// `feedback[r][j]` = ŵ_r · v̂_j for j < r, else 0: lane 0's terms in earlier rounds' s_j.
    pub feedback: [[u64; PARTIAL_ROUNDS]; PARTIAL_ROUNDS],
}

const fn mat_mul(a: &[[u64; HAT]; HAT], b: &[[u64; HAT]; HAT]) -> [[u64; HAT]; HAT] {
    let mut out = [[0; HAT]; HAT];
    let mut r = 0;
    while r < HAT {
        let mut c = 0;
        while c < HAT {
            let mut k = 0;
            while k < HAT {
                out[r][c] = add(out[r][c], mul(a[r][k], b[k][c]));
                k += 1;
            }
            c += 1;
        }
        r += 1;
    }
    out
}

/// M · x.
const fn mat_vec(m: &[[u64; HAT]; HAT], x: &[u64; HAT]) -> [u64; HAT] {
    let mut out = [0; HAT];
    let mut r = 0;
    while r < HAT {
        let mut c = 0;
        while c < HAT {
            out[r] = add(out[r], mul(m[r][c], x[c]));
            c += 1;
        }
        r += 1;
    }
    out
}

/// xᵀ · M (as a column).
const fn vec_mat(x: &[u64; HAT], m: &[[u64; HAT]; HAT]) -> [u64; HAT] {
    let mut out = [0; HAT];
    let mut c = 0;
    while c < HAT {
        let mut r = 0;
        while r < HAT {
            out[c] = add(out[c], mul(x[r], m[r][c]));
            r += 1;
        }
        c += 1;
    }
    out
}

/// The sparse form of the MDS matrix for the partial rounds (module docs).
pub const fn derive() -> Sparse {
    let m = matrix();
    let mut hat = [[0; HAT]; HAT];
    let (mut v, mut w) = ([0; HAT], [0; HAT]);
    let mut i = 0;
    while i < HAT {
        v[i] = m[1 + i][0];
        w[i] = m[0][1 + i];
        let mut j = 0;
        while j < HAT {
            hat[i][j] = m[1 + i][1 + j];
            j += 1;
        }
        i += 1;
    }
    let hat_inv = inverse_matrix(hat);
    let mut out = Sparse {
        initial: hat,
        vs: [[0; HAT]; PARTIAL_ROUNDS],
        w_hats: [[0; HAT]; PARTIAL_ROUNDS],
        m00: m[0][0],
        entry: [[0; HAT]; PARTIAL_ROUNDS],
        feedback: [[0; PARTIAL_ROUNDS]; PARTIAL_ROUNDS],
    };
    // k = 0 is the last partial round.
    let (mut v_k, mut w_k) = (v, vec_mat(&w, &hat_inv));
    let mut k = 0;
    while k < PARTIAL_ROUNDS {
        out.vs[PARTIAL_ROUNDS - 1 - k] = v_k;
        out.w_hats[PARTIAL_ROUNDS - 1 - k] = w_k;
        v_k = mat_vec(&hat, &v_k);
        w_k = vec_mat(&w_k, &hat_inv);
        if k > 0 {
            out.initial = mat_mul(&out.initial, &hat);
        }
        k += 1;
    }
    let mut r = 0;
    while r < PARTIAL_ROUNDS {
        out.entry[r] = vec_mat(&out.w_hats[r], &out.initial);
        let mut j = 0;
        while j < r {
            let mut i = 0;
            while i < HAT {
                out.feedback[r][j] = add(out.feedback[r][j], mul(out.w_hats[r][i], out.vs[j][i]));
                i += 1;
            }
            j += 1;
        }
        r += 1;
    }
    out
}

/// The derived tables (module docs).
pub const SPARSE: Sparse = derive();

#[cfg(test)]
mod tests {
    use super::super::params::MDS_CIRC;
    use super::*;

    /// M · x mod p with the dense matrix.
    fn dense(x: &[u64; WIDTH]) -> [u64; WIDTH] {
        let m = matrix();
        core::array::from_fn(|r| (0..WIDTH).fold(0, |acc, c| add(acc, mul(m[r][c], x[c]))))
    }

    fn sparse_round(x: &[u64; WIDTH], round: usize) -> [u64; WIDTH] {
        let mut out = *x;
        out[0] = (0..HAT).fold(mul(SPARSE.m00, x[0]), |acc, i| {
            add(acc, mul(SPARSE.w_hats[round][i], x[1 + i]))
        });
        for i in 0..HAT {
            out[1 + i] = add(x[1 + i], mul(SPARSE.vs[round][i], x[0]));
        }
        out
    }

    /// The factorisation itself: M′ (lanes 1..11 by `initial`) then every round's M″, with the
    /// lane-0 steps between them, equals the dense M after every round.
    #[test]
    fn sparse_rounds_equal_dense_rounds() {
        let mut seed = 0x0bad_5eed_1234_5678u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed ^ (seed >> 31)) % crate::P
        };
        for _ in 0..20 {
            let start: [u64; WIDTH] = core::array::from_fn(|_| next());
            // Lane 0 gets an arbitrary map between rounds (it stands for the S-box and constant).
            let lane0: [u64; PARTIAL_ROUNDS] = core::array::from_fn(|_| next());
            let mut dense_state = start;
            for &value in &lane0 {
                dense_state[0] = mul(dense_state[0], value);
                dense_state = dense(&dense_state);
            }
            let mut state = start;
            let rest: [u64; HAT] = core::array::from_fn(|i| state[1 + i]);
            let moved = mat_vec(&SPARSE.initial, &rest);
            state[1..].copy_from_slice(&moved);
            for (round, &value) in lane0.iter().enumerate() {
                state[0] = mul(state[0], value);
                state = sparse_round(&state, round);
            }
            assert_eq!(state, dense_state);
        }
        assert_eq!(SPARSE.m00, MDS_CIRC[0] + super::super::params::MDS_DIAG[0]);
    }

    /// The unrolled form (entry, feedback) equals the sparse rounds, for any lane-0 values.
    #[test]
    fn unrolled_rounds_equal_sparse_rounds() {
        let lanes: [u64; HAT] = core::array::from_fn(|i| (i as u64 + 3) << 40 | 0xabcd);
        let s: [u64; PARTIAL_ROUNDS] = core::array::from_fn(|r| (r as u64 * 0x9e37_79b9) ^ 5);
        let mut y = mat_vec(&SPARSE.initial, &lanes);
        for r in 0..PARTIAL_ROUNDS {
            let sparse = (0..HAT).fold(mul(SPARSE.m00, s[r]), |acc, i| {
                add(acc, mul(SPARSE.w_hats[r][i], y[i]))
            });
            let unrolled = (0..HAT).fold(mul(SPARSE.m00, s[r]), |acc, i| {
                add(acc, mul(SPARSE.entry[r][i], lanes[i]))
            });
            let unrolled = (0..PARTIAL_ROUNDS).fold(unrolled, |acc, j| {
                add(acc, mul(SPARSE.feedback[r][j], s[j]))
            });
            assert_eq!(unrolled, sparse, "round {r}");
            for (lane, &v) in y.iter_mut().zip(&SPARSE.vs[r]) {
                *lane = add(*lane, mul(v, s[r]));
            }
        }
        for r in 0..PARTIAL_ROUNDS {
            assert!(SPARSE.feedback[r][r..].iter().all(|&k| k == 0));
        }
    }
}
