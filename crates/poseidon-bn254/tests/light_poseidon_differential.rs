//! Differential test of `poseidon::hash1..hash12` against light-poseidon (`new_circom(n)`), an
//! independent Rust implementation of circomlib Poseidon on arkworks' field, which stops at 12
//! inputs (`MAX_X5_LEN` = 13): 1,000 random inputs per width up to 5 inputs, 250 beyond, plus the
//! edge tuples of 0, 1 and p − 1 (every one up to 6 inputs, a sample beyond).

mod common;

use common::{edge_and_random_tuples, SeededRng};
use light_poseidon::{Poseidon, PoseidonBytesHasher};
use poseidon_bn254::{poseidon, Fr};

const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;
/// Random inputs per width of 6 inputs and more.
const RANDOM_INPUTS_PER_WIDE_WIDTH: usize = 250;

/// light-poseidon's circom hash of `inputs`, through its big-endian byte interface.
fn light_poseidon_hash(inputs: &[Fr]) -> Fr {
    let mut hasher = Poseidon::<ark_bn254::Fr>::new_circom(inputs.len()).expect("1 to 12 inputs");
    let bytes: Vec<[u8; 32]> = inputs.iter().map(Fr::to_be_bytes).collect();
    let slices: Vec<&[u8]> = bytes.iter().map(|b| b.as_slice()).collect();
    let hash = hasher.hash_bytes_be(&slices).expect("inputs are canonical");
    Fr::from_be_bytes(&hash).expect("light-poseidon returns a canonical hash")
}

fn assert_width_matches<const N: usize>(test: &str, ours: fn(&[Fr; N]) -> Fr) {
    let mut rng = SeededRng::new(test);
    let random = if N <= 5 {
        RANDOM_INPUTS_PER_WIDTH
    } else {
        RANDOM_INPUTS_PER_WIDE_WIDTH
    };
    for inputs in &edge_and_random_tuples::<N>(&mut rng, random) {
        assert_eq!(
            ours(inputs),
            light_poseidon_hash(inputs),
            "hash{N}({inputs:?}) differs from light-poseidon (seed {})",
            rng.seed
        );
    }
}

/// One test per width.
macro_rules! every_width_matches_light_poseidon {
    ($($test:ident: $n:literal => $hash:ident),*) => {$(
        #[test]
        fn $test() {
            assert_width_matches::<$n>(stringify!($test), poseidon::$hash);
        }
    )*};
}

every_width_matches_light_poseidon!(
    hash1_matches_light_poseidon: 1 => hash1,
    hash2_matches_light_poseidon: 2 => hash2,
    hash3_matches_light_poseidon: 3 => hash3,
    hash4_matches_light_poseidon: 4 => hash4,
    hash5_matches_light_poseidon: 5 => hash5,
    hash6_matches_light_poseidon: 6 => hash6,
    hash7_matches_light_poseidon: 7 => hash7,
    hash8_matches_light_poseidon: 8 => hash8,
    hash9_matches_light_poseidon: 9 => hash9,
    hash10_matches_light_poseidon: 10 => hash10,
    hash11_matches_light_poseidon: 11 => hash11,
    hash12_matches_light_poseidon: 12 => hash12
);
