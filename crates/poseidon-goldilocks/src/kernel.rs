//! Round constants for loops over rounds.
//!
//! Straight-line code takes its constants as instruction immediates (`i64.const`, 1 ink), but a
//! loop reads them from memory, and a constant table in memory is a data segment, which Stylus
//! charges ~0.75 gas per byte on every call. So the permutations copy their round constants to
//! the stack first, one store of an immediate per constant (950 ink each), and loop over that
//! copy: cheaper than a call per round, whose state loads, stores and conversions cost tens of
//! thousands of ink.

/// A copy of a constant `u64` table on the stack, written by stores of immediates:
/// `stack_copy!(TABLE; 22)` for `[u64; 22]`, `stack_copy!(TABLE; 8 x 12)` for `[[u64; 12]; 8]`.
///
/// One entry of each row is combined with an opaque zero (`black_box`): an array of constants
/// only would be copied from a data segment instead.
macro_rules! stack_copy {
    ($table:expr; $n:literal) => {{
        let zero = core::hint::black_box(0u64);
        seq_macro::seq!(I in 1..$n { [$table[0] ^ zero, #($table[I],)*] })
    }};
    ($table:expr; $rows:literal x $columns:literal) => {{
        let zero = core::hint::black_box(0u64);
        seq_macro::seq!(R in 0..$rows {
            [#(seq_macro::seq!(I in 1..$columns { [$table[R][0] ^ zero, #($table[R][I],)*] }),)*]
        })
    }};
}
pub(crate) use stack_copy;
