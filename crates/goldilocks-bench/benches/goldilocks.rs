//! Native time of poseidon-goldilocks beside its peers, measured in the same run: plonky2 1.1's
//! Poseidon (`poseidon` and `PoseidonHash::two_to_one`) and Plonky3 0.8's Poseidon2 built from
//! its generic layers (`p3_poseidon2`'s external and internal layer functions, as Plonky3's own
//! Goldilocks layers use them) with HorizenLabs' width-12 parameters: our Poseidon2's instance.
//! Plonky3's default Goldilocks Poseidon2 (p3-goldilocks 0.6.3's `default_goldilocks_poseidon2_12`)
//! and Miden's hashes (miden-crypto 0.28.1's Poseidon2, `Rpo256` and `Rpx256` `merge`), each beside
//! ours.
//! Before timing, every pair is checked equal on a few thousand random states (a panic if not).
//!
//! `cargo bench` in this directory (see README.md).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use goldilocks_bench::{plonky3_poseidon2, Plonky3Poseidon2};
use miden_crypto::hash::poseidon2::Poseidon2 as MidenPoseidon2;
use miden_crypto::hash::{rpo::Rpo256, rpx::Rpx256};
use miden_crypto::{Felt, Word as MidenWord};
use p3_field::PrimeField64 as _;
use p3_field_06::PrimeField64 as _;
use p3_goldilocks::Goldilocks as P3;
use p3_goldilocks_06::Goldilocks as P3v06;
use p3_symmetric::Permutation;
use p3_symmetric_06::Permutation as _;
use plonky2::field::goldilocks_field::GoldilocksField as F;
use plonky2::field::types::{Field as _, PrimeField64 as _};
use plonky2::hash::hash_types::HashOut;
use plonky2::hash::poseidon::{Poseidon as _, PoseidonHash};
use plonky2::plonk::config::Hasher;
use poseidon_goldilocks::miden::{self, Word};
use poseidon_goldilocks::{poseidon, poseidon2, Digest, Goldilocks, P};
use rand::{rngs::StdRng, Rng, SeedableRng};

/// States compared before timing.
const CHECKS: usize = 4096;

fn random_state(rng: &mut StdRng) -> [u64; 12] {
    std::array::from_fn(|_| rng.gen_range(0..P))
}

fn ours(state: &[u64; 12]) -> [Goldilocks; 12] {
    state.map(|v| Goldilocks::new(v).expect("canonical"))
}

fn digest(values: &[u64]) -> Digest {
    std::array::from_fn(|i| Goldilocks::new(values[i]).expect("canonical"))
}

fn hash_out(values: &[u64]) -> HashOut<F> {
    HashOut {
        elements: std::array::from_fn(|i| F::from_canonical_u64(values[i])),
    }
}

/// Panics unless ours and the peers agree on `CHECKS` random states.
fn check_equal(plonky3: &Plonky3Poseidon2) {
    let mut rng = StdRng::seed_from_u64(0x601d_110c);
    for _ in 0..CHECKS {
        let state = random_state(&mut rng);
        let ours_p = poseidon::permute(&ours(&state)).map(Goldilocks::value);
        let plonky2 = F::poseidon(state.map(F::from_canonical_u64)).map(|x| x.to_canonical_u64());
        assert_eq!(
            ours_p, plonky2,
            "Poseidon differs from plonky2 on {state:?}"
        );

        let ours_c = poseidon::two_to_one(&digest(&state[..4]), &digest(&state[4..8]));
        let plonky2_c = PoseidonHash::two_to_one(hash_out(&state[..4]), hash_out(&state[4..8]));
        let plonky2_c = plonky2_c.elements.map(|x| x.to_canonical_u64());
        assert_eq!(
            ours_c.map(Goldilocks::value),
            plonky2_c,
            "two_to_one differs from plonky2"
        );

        let ours_2 = poseidon2::permute(&ours(&state)).map(Goldilocks::value);
        let plonky3_2 = plonky3
            .permute(state.map(P3::new))
            .map(|x| x.as_canonical_u64());
        assert_eq!(
            ours_2, plonky3_2,
            "Poseidon2 differs from Plonky3 on {state:?}"
        );
    }
}

fn miden_word(word: &Word) -> MidenWord {
    MidenWord::new(word.map(|x| Felt::new(x.value()).expect("canonical")))
}

fn from_miden(word: MidenWord) -> [u64; 4] {
    let elements: [Felt; 4] = word.into();
    elements.map(|e| e.as_canonical_u64())
}

/// Panics unless ours equals p3-goldilocks 0.6.3 and miden-crypto 0.28.1 on `CHECKS` random states.
fn check_miden_equal() {
    let p3 = p3_goldilocks_06::default_goldilocks_poseidon2_12();
    let mut rng = StdRng::seed_from_u64(0x6d1de);
    for _ in 0..CHECKS {
        let state = random_state(&mut rng);
        let ours_p = poseidon2::plonky3::permute(&ours(&state)).map(Goldilocks::value);
        let p3_p = p3
            .permute(state.map(P3v06::new))
            .map(|x| x.as_canonical_u64());
        assert_eq!(ours_p, p3_p, "Plonky3's Poseidon2 differs on {state:?}");
        let (left, right) = (digest(&state[..4]), digest(&state[4..8]));
        let pair = [miden_word(&left), miden_word(&right)];
        assert_eq!(
            miden::poseidon2::merge(&left, &right).map(Goldilocks::value),
            from_miden(MidenPoseidon2::merge(&pair)),
            "Miden's Poseidon2 merge differs"
        );
        assert_eq!(
            miden::rpo::merge(&left, &right).map(Goldilocks::value),
            from_miden(Rpo256::merge(&pair)),
            "RPO merge differs"
        );
        assert_eq!(
            miden::rpx::merge(&left, &right).map(Goldilocks::value),
            from_miden(Rpx256::merge(&pair)),
            "RPX merge differs"
        );
    }
}

fn miden_benches(c: &mut Criterion) {
    check_miden_equal();
    let state = random_state(&mut StdRng::seed_from_u64(12));
    let ours_state = ours(&state);
    let p3 = p3_goldilocks_06::default_goldilocks_poseidon2_12();
    let p3_state = state.map(P3v06::new);
    let mut group = c.benchmark_group("plonky3_poseidon2_permutation");
    group.bench_function("ours", |b| {
        b.iter(|| poseidon2::plonky3::permute(black_box(&ours_state)))
    });
    group.bench_function("p3-goldilocks", |b| {
        b.iter(|| p3.permute(black_box(p3_state)))
    });
    group.finish();

    let (left, right) = (digest(&state[..4]), digest(&state[4..8]));
    let pair = [miden_word(&left), miden_word(&right)];
    let mut group = c.benchmark_group("miden_poseidon2_merge");
    group.bench_function("ours", |b| {
        b.iter(|| miden::poseidon2::merge(black_box(&left), black_box(&right)))
    });
    group.bench_function("miden-crypto", |b| {
        b.iter(|| MidenPoseidon2::merge(black_box(&pair)))
    });
    group.finish();

    let mut group = c.benchmark_group("rpo256_merge");
    group.bench_function("ours", |b| {
        b.iter(|| miden::rpo::merge(black_box(&left), black_box(&right)))
    });
    group.bench_function("miden-crypto", |b| {
        b.iter(|| Rpo256::merge(black_box(&pair)))
    });
    group.finish();

    let mut group = c.benchmark_group("rpx256_merge");
    group.bench_function("ours", |b| {
        b.iter(|| miden::rpx::merge(black_box(&left), black_box(&right)))
    });
    group.bench_function("miden-crypto", |b| {
        b.iter(|| Rpx256::merge(black_box(&pair)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let plonky3 = plonky3_poseidon2();
    check_equal(&plonky3);
    let state = random_state(&mut StdRng::seed_from_u64(12));
    let (ours_state, plonky2_state) = (ours(&state), state.map(F::from_canonical_u64));
    let plonky3_state = state.map(P3::new);

    let mut group = c.benchmark_group("poseidon_permutation");
    group.bench_function("ours", |b| {
        b.iter(|| poseidon::permute(black_box(&ours_state)))
    });
    group.bench_function("plonky2", |b| {
        b.iter(|| F::poseidon(black_box(plonky2_state)))
    });
    group.finish();

    let (left, right) = (digest(&state[..4]), digest(&state[4..8]));
    let (left2, right2) = (hash_out(&state[..4]), hash_out(&state[4..8]));
    let mut group = c.benchmark_group("poseidon_two_to_one");
    group.bench_function("ours", |b| {
        b.iter(|| poseidon::two_to_one(black_box(&left), black_box(&right)))
    });
    group.bench_function("plonky2", |b| {
        b.iter(|| PoseidonHash::two_to_one(black_box(left2), black_box(right2)))
    });
    group.finish();

    let mut group = c.benchmark_group("poseidon2_permutation");
    group.bench_function("ours", |b| {
        b.iter(|| poseidon2::permute(black_box(&ours_state)))
    });
    group.bench_function("plonky3", |b| {
        b.iter(|| plonky3.permute(black_box(plonky3_state)))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        // Longer than poseidon-bn254's (3 s, 30): this machine is shared, and its load moves.
        .measurement_time(Duration::from_secs(5))
        .sample_size(50)
}

criterion_group! {
    name = goldilocks;
    config = config();
    targets = benches, miden_benches
}
criterion_main!(goldilocks);
