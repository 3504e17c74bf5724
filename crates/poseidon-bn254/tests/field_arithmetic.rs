//! `Fr` against a big-integer reference (ruint `U256` with modular operations): every
//! operation on random and edge-biased operands, the canonical encodings, and the rejection of
//! every value ≥ p. Montgomery internals are checked through behaviour only.

mod common;

use common::{from_u256, p_minus_1, to_u256, P};
use poseidon_bn254::{Fr, NotInField, MODULUS_LIMBS};
use proptest::prelude::*;
use ruint::aliases::U256;

/// The decimal modulus as the references publish it.
const MODULUS_DECIMAL: &str =
    "21888242871839275222246405745257275088548364400416034343698204186575808495617";

fn u(value: u64) -> U256 {
    U256::from(value)
}

/// Values where carries, borrows and the final conditional subtraction change behaviour.
fn edge_integers() -> Vec<U256> {
    let two_256_mod_p = U256::MAX.reduce_mod(P).add_mod(u(1), P);
    vec![
        U256::ZERO,
        u(1),
        u(2),
        P - u(1),
        P - u(2),
        P >> 1,
        (P >> 1) + u(1),
        u(u64::MAX),
        U256::from(1u128 << 64),
        U256::from(u128::MAX),
        U256::from(1u8) << 192,
        (U256::from(1u8) << 253) - u(1),
        two_256_mod_p,                           // R mod p: Montgomery one
        two_256_mod_p.mul_mod(two_256_mod_p, P), // R² mod p
        P - two_256_mod_p,
    ]
}

/// A field element as a big integer: uniform (slightly biased, from 256 random bits) or an edge.
fn element() -> impl Strategy<Value = U256> {
    prop_oneof![
        3 => any::<[u64; 4]>().prop_map(|limbs| U256::from_limbs(limbs).reduce_mod(P)),
        1 => prop::sample::select(edge_integers()),
    ]
}

/// A 256-bit value that is not a field element: p ≤ value < 2^256.
fn non_element() -> impl Strategy<Value = U256> {
    prop_oneof![
        3 => any::<[u64; 4]>().prop_map(|limbs| {
            // Uniform over [p, 2^256): offset below 2^256 − p.
            P + U256::from_limbs(limbs).reduce_mod(U256::MAX - P + u(1))
        }),
        1 => prop::sample::select(vec![P, P + u(1), P + P - u(1), U256::MAX, U256::MAX - u(1)]),
    ]
}

fn sum_of_products_reference(a: &[U256], b: &[U256]) -> U256 {
    a.iter()
        .zip(b)
        .fold(U256::ZERO, |acc, (x, y)| acc.add_mod(x.mul_mod(*y, P), P))
}

fn check_sum_of_products<const N: usize>(a: [U256; N], b: [U256; N]) {
    let ours = Fr::sum_of_products(&a.map(from_u256), &b.map(from_u256));
    let expected = sum_of_products_reference(&a, &b);
    assert_eq!(to_u256(ours), expected, "N = {N}");
    assert_eq!(
        ours,
        from_u256(expected),
        "N = {N}: value right, representation not canonical"
    );
}

/// `ours` has the reference value, and `==` agrees: a backend may hold a weakly reduced
/// representation (x + p), which equality and encoding must still treat as x.
fn assert_is(ours: Fr, expected: U256) -> Result<(), TestCaseError> {
    prop_assert_eq!(to_u256(ours), expected);
    prop_assert_eq!(ours, from_u256(expected), "value right, but == disagrees");
    Ok(())
}

/// One step of a random computation; chains feed each backend its own intermediate
/// representations (e.g. weakly reduced values), which single operations on fresh inputs never do.
#[derive(Clone, Debug)]
enum Step {
    Add(U256),
    Sub(U256),
    SubFrom(U256),
    Mul(U256),
    Square,
    Double,
    Pow5,
    /// acc·x + (2·acc)·y + (acc + acc)·z through `sum_of_products`.
    DotWithMultiples([U256; 3]),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        element().prop_map(Step::Add),
        element().prop_map(Step::Sub),
        element().prop_map(Step::SubFrom),
        element().prop_map(Step::Mul),
        Just(Step::Square),
        Just(Step::Double),
        Just(Step::Pow5),
        prop::array::uniform3(element()).prop_map(Step::DotWithMultiples),
    ]
}

/// Applies `step` to our accumulator and to the big-integer one.
fn apply(step: &Step, ours: Fr, reference: U256) -> (Fr, U256) {
    let neg = |x: U256| (P - x).reduce_mod(P);
    match step {
        Step::Add(x) => (ours.add(&from_u256(*x)), reference.add_mod(*x, P)),
        Step::Sub(x) => (ours.sub(&from_u256(*x)), reference.add_mod(neg(*x), P)),
        Step::SubFrom(x) => (from_u256(*x).sub(&ours), x.add_mod(neg(reference), P)),
        Step::Mul(x) => (ours.mul(&from_u256(*x)), reference.mul_mod(*x, P)),
        Step::Square => (ours.square(), reference.mul_mod(reference, P)),
        Step::Double => (ours.double(), reference.add_mod(reference, P)),
        Step::Pow5 => (ours.pow5(), reference.pow_mod(u(5), P)),
        Step::DotWithMultiples(xyz) => {
            let lanes = [ours, ours.double(), ours.add(&ours)];
            let doubled = reference.add_mod(reference, P);
            let expected = sum_of_products_reference(&[reference, doubled, doubled], xyz);
            (Fr::sum_of_products(&lanes, &xyz.map(from_u256)), expected)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn add_matches_bigint(a in element(), b in element()) {
        assert_is(from_u256(a).add(&from_u256(b)), a.add_mod(b, P))?;
    }

    #[test]
    fn sub_matches_bigint(a in element(), b in element()) {
        assert_is(from_u256(a).sub(&from_u256(b)), a.add_mod(P - b, P))?;
    }

    #[test]
    fn mul_matches_bigint(a in element(), b in element()) {
        assert_is(from_u256(a).mul(&from_u256(b)), a.mul_mod(b, P))?;
    }

    #[test]
    fn square_matches_bigint(a in element()) {
        assert_is(from_u256(a).square(), a.mul_mod(a, P))?;
    }

    #[test]
    fn double_matches_bigint(a in element()) {
        assert_is(from_u256(a).double(), a.add_mod(a, P))?;
    }

    #[test]
    fn pow5_matches_bigint(a in element()) {
        assert_is(from_u256(a).pow5(), a.pow_mod(u(5), P))?;
    }

    #[test]
    fn sum_of_products_matches_bigint_for_lengths_1_to_5_and_8(
        a in prop::array::uniform8(element()),
        b in prop::array::uniform8(element()),
    ) {
        check_sum_of_products::<1>([a[0]], [b[0]]);
        check_sum_of_products::<2>([a[0], a[1]], [b[0], b[1]]);
        check_sum_of_products::<3>([a[0], a[1], a[2]], [b[0], b[1], b[2]]);
        check_sum_of_products::<4>([a[0], a[1], a[2], a[3]], [b[0], b[1], b[2], b[3]]);
        check_sum_of_products::<5>([a[0], a[1], a[2], a[3], a[4]], [b[0], b[1], b[2], b[3], b[4]]);
        check_sum_of_products::<8>(a, b);
    }

    #[test]
    fn be_bytes_round_trip(a in element()) {
        let bytes: [u8; 32] = a.to_be_bytes();
        let fr = Fr::from_be_bytes(&bytes).expect("canonical value");
        prop_assert_eq!(fr.to_be_bytes(), bytes);
        prop_assert_eq!(fr.to_limbs(), a.into_limbs());
    }

    #[test]
    fn limbs_round_trip(a in element()) {
        let fr = Fr::from_limbs(a.into_limbs()).expect("canonical value");
        prop_assert_eq!(fr.to_limbs(), a.into_limbs());
        prop_assert_eq!(U256::from_be_bytes(fr.to_be_bytes()), a);
    }

    #[test]
    fn from_be_bytes_rejects_values_at_or_above_p(v in non_element()) {
        let bytes: [u8; 32] = v.to_be_bytes();
        prop_assert_eq!(Fr::from_be_bytes(&bytes), Err(NotInField { value: bytes }));
    }

    #[test]
    fn from_limbs_rejects_values_at_or_above_p(v in non_element()) {
        prop_assert_eq!(Fr::from_limbs(v.into_limbs()), None);
    }

    #[test]
    fn from_u64_is_the_integer(x in any::<u64>()) {
        prop_assert_eq!(Fr::from_u64(x).to_limbs(), [x, 0, 0, 0]);
    }

    #[test]
    fn display_is_0x_and_64_hex_digits_parsed_back_by_from_hex(a in element()) {
        let text = from_u256(a).to_string();
        prop_assert_eq!(&text, &format!("0x{a:064x}"));
        prop_assert_eq!(Fr::from_hex(&text), from_u256(a));
    }
}

proptest! {
    // Up to 40 operations per case.
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn chained_operations_match_bigint(
        start in element(),
        steps in prop::collection::vec(step(), 1..40),
    ) {
        let (mut ours, mut reference) = (from_u256(start), start);
        for step in &steps {
            (ours, reference) = apply(step, ours, reference);
            assert_is(ours, reference)?;
        }
    }
}

#[test]
fn modulus_limbs_are_the_published_modulus() {
    assert_eq!(
        U256::from_limbs(MODULUS_LIMBS),
        MODULUS_DECIMAL.parse::<U256>().unwrap()
    );
}

#[test]
fn zero_and_one_are_the_integers_0_and_1() {
    assert_eq!(Fr::ZERO.to_limbs(), [0; 4]);
    assert_eq!(Fr::ONE.to_limbs(), [1, 0, 0, 0]);
    assert_eq!(Fr::ONE, Fr::from_u64(1));
    assert_eq!(Fr::default(), Fr::ZERO);
    let x = from_u256(P - u(12345));
    assert_eq!(x.mul(&Fr::ONE), x);
    assert_eq!(x.add(&Fr::ZERO), x);
}

#[test]
fn p_minus_1_plus_1_wraps_to_0_and_0_minus_1_is_p_minus_1() {
    assert_eq!(p_minus_1().add(&Fr::ONE), Fr::ZERO);
    assert_eq!(Fr::ZERO.sub(&Fr::ONE), p_minus_1());
    assert_eq!(p_minus_1().mul(&p_minus_1()), Fr::ONE);
}

#[test]
fn from_be_bytes_accepts_p_minus_1_and_rejects_p_p_plus_1_and_2_256_minus_1() {
    let p_minus_1: [u8; 32] = (P - u(1)).to_be_bytes();
    assert_eq!(
        Fr::from_be_bytes(&p_minus_1).map(|x| x.to_be_bytes()),
        Ok(p_minus_1)
    );
    for rejected in [P, P + u(1), U256::MAX] {
        let bytes: [u8; 32] = rejected.to_be_bytes();
        assert_eq!(
            Fr::from_be_bytes(&bytes),
            Err(NotInField { value: bytes }),
            "{rejected:#x}"
        );
        assert_eq!(Fr::from_limbs(rejected.into_limbs()), None, "{rejected:#x}");
    }
}

#[test]
fn not_in_field_message_names_the_value() {
    let bytes = [0xff; 32];
    let error = Fr::from_be_bytes(&bytes).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "0x{} is not a BN254 scalar field element (it is >= p)",
            "ff".repeat(32)
        )
    );
}

#[test]
fn from_hex_accepts_short_and_uppercase_literals() {
    assert_eq!(Fr::from_hex("0x1"), Fr::ONE);
    assert_eq!(Fr::from_hex("0XfF"), Fr::from_u64(255));
    assert_eq!(Fr::from_hex(&format!("{:#x}", P - u(1))), p_minus_1());
}

#[test]
#[should_panic(expected = "not below p")]
fn from_hex_panics_on_p() {
    Fr::from_hex(&format!("{P:#x}"));
}

#[test]
#[should_panic(expected = "invalid hex digit")]
fn from_hex_panics_on_a_bad_digit() {
    Fr::from_hex("0x12g4");
}
