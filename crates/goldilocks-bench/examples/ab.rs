//! A quick interleaved comparison for development on a busy machine: each round times a batch
//! of every function in turn (ours, plonky2, Plonky3 with HorizenLabs parameters), and the
//! minimum and median over rounds are printed (ns per call).
//! The figures of record come from criterion (`cargo bench`). `cargo run --release --example ab`.

use std::hint::black_box;
use std::time::Instant;

use goldilocks_bench::plonky3_poseidon2;
use p3_goldilocks::Goldilocks as P3;
use p3_symmetric::Permutation;
use plonky2::field::goldilocks_field::GoldilocksField as F;
use plonky2::field::types::Field as _;
use plonky2::hash::poseidon::Poseidon as _;
use poseidon_goldilocks::{poseidon, poseidon2, Goldilocks};

fn main() {
    let state: [u64; 12] = std::array::from_fn(|i| {
        0x1234_5678_9abc_def0u64.rotate_left(5 * i as u32) % poseidon_goldilocks::P
    });
    let ours_state = state.map(|v| Goldilocks::new(v).unwrap());
    let plonky2_state = state.map(F::from_canonical_u64);
    let (plonky3, plonky3_state) = (plonky3_poseidon2(), state.map(P3::new));
    let mut cases: Vec<(&str, Box<dyn Fn()>)> = vec![
        (
            "poseidon ours",
            Box::new(move || {
                black_box(poseidon::permute(black_box(&ours_state)));
            }),
        ),
        (
            "poseidon plonky2",
            Box::new(move || {
                black_box(F::poseidon(black_box(plonky2_state)));
            }),
        ),
        (
            "poseidon2 ours",
            Box::new(move || {
                black_box(poseidon2::permute(black_box(&ours_state)));
            }),
        ),
        (
            "poseidon2 plonky3",
            Box::new(move || {
                let _ = black_box(plonky3.permute(black_box(plonky3_state)));
            }),
        ),
    ];
    let batch = 2000;
    let mut times = vec![Vec::new(); cases.len()];
    for _ in 0..300 {
        for (k, (_, f)) in cases.iter_mut().enumerate() {
            let start = Instant::now();
            for _ in 0..batch {
                f();
            }
            times[k].push(start.elapsed().as_nanos() as f64 / batch as f64);
        }
    }
    for (k, (name, _)) in cases.iter().enumerate() {
        let t = &mut times[k];
        t.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{name:20} min {:7.1} ns  median {:7.1} ns",
            t[0],
            t[t.len() / 2]
        );
    }
}
