//! Native time per hash of our Poseidon T3 and Poseidon2 T3 beside the Rust references measured
//! in the same run (light-poseidon `new_circom(2)`, openzeppelin-crypto `Poseidon2`), and of our
//! field multiplication, squaring and addition beside arkworks' (`ark-bn254`).
//!
//! `cargo bench -p poseidon-bn254 --bench hash`. Gas on Stylus is measured elsewhere (the
//! gas report); these numbers only compare native implementations.

use std::hint::black_box;
use std::time::Duration;

use ark_ff::PrimeField;
use criterion::{criterion_group, criterion_main, Criterion};
use light_poseidon::{Poseidon, PoseidonHasher};
use openzeppelin_crypto::arithmetic::uint::Uint;
use openzeppelin_crypto::field::instance::FpBN256;
use openzeppelin_crypto::poseidon2::instance::bn256::BN256Params;
use openzeppelin_crypto::poseidon2::Poseidon2;
use poseidon_bn254::{poseidon, poseidon2, Fr};

/// Two full-width operands (fixed, so every run measures the same work).
const A: Fr = Fr::from_hex("0x2a1f6744ce179d8e334bdc8d48f1d4f2a5ec39e1c6c8d6c3b1e1f0c3d2e4a5b6");
const B: Fr = Fr::from_hex("0x1b8c3f2e5d4a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0");

fn to_ark(x: Fr) -> ark_bn254::Fr {
    ark_bn254::Fr::from_be_bytes_mod_order(&x.to_be_bytes())
}

fn to_oz(x: Fr) -> FpBN256 {
    FpBN256::from_bigint(Uint::new(x.to_limbs()))
}

fn poseidon_t3(c: &mut Criterion) {
    let mut group = c.benchmark_group("poseidon_t3_hash2");
    group.bench_function("ours", |b| b.iter(|| poseidon::hash2(black_box(&[A, B]))));
    let mut light = Poseidon::<ark_bn254::Fr>::new_circom(2).expect("2 inputs");
    let inputs = [to_ark(A), to_ark(B)];
    group.bench_function("light_poseidon", |b| {
        b.iter(|| light.hash(black_box(&inputs)).expect("2 inputs"))
    });
    group.finish();
}

fn poseidon2_t3(c: &mut Criterion) {
    let mut group = c.benchmark_group("poseidon2_t3_hash2");
    group.bench_function("ours", |b| b.iter(|| poseidon2::hash2(black_box(&[A, B]))));
    let (a, b_oz) = (to_oz(A), to_oz(B));
    group.bench_function("openzeppelin", |b| {
        b.iter(|| {
            // openzeppelin's API: a fresh sponge per hash, absorb twice, squeeze once.
            let mut sponge = Poseidon2::<BN256Params, FpBN256>::new();
            sponge.absorb(black_box(&a));
            sponge.absorb(black_box(&b_oz));
            sponge.squeeze()
        })
    });
    group.finish();
}

fn field(c: &mut Criterion) {
    let mut group = c.benchmark_group("fr");
    group.bench_function("ours_mul", |b| b.iter(|| black_box(A).mul(&black_box(B))));
    group.bench_function("ours_square", |b| b.iter(|| black_box(A).square()));
    group.bench_function("ours_add", |b| b.iter(|| black_box(A).add(&black_box(B))));
    let (a, b_ark) = (to_ark(A), to_ark(B));
    group.bench_function("ark_bn254_mul", |b| {
        b.iter(|| black_box(a) * black_box(b_ark))
    });
    group.bench_function("ark_bn254_add", |b| {
        b.iter(|| black_box(a) + black_box(b_ark))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
}

criterion_group! {
    name = benches;
    config = config();
    targets = poseidon_t3, poseidon2_t3, field
}
criterion_main!(benches);
