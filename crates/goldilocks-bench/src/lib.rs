//! The peers' permutations for the benchmark and the development comparison: Plonky3 0.8's
//! `Poseidon2` built from `p3_poseidon2`'s generic external and internal layer functions (as
//! Plonky3's own Goldilocks layers use them) with HorizenLabs' width-12 parameters, the instance
//! poseidon-goldilocks computes. Plonky3's own Goldilocks instance uses other parameters.

use p3_goldilocks::Goldilocks as P3;
use p3_poseidon2::{
    add_rc_and_sbox_generic, external_initial_permute_state, external_terminal_permute_state,
    internal_permute_state, matmul_internal, ExternalLayer, ExternalLayerConstants,
    ExternalLayerConstructor, HLMDSMat4, InternalLayer, InternalLayerConstructor, Poseidon2,
};
use poseidon_goldilocks::poseidon2::params as hl;

/// HorizenLabs' internal diagonal (ours, `poseidon2::params`) as Plonky3 elements.
const HL_DIAG: [P3; 12] = P3::new_array(hl::INTERNAL_DIAG_M_1);

/// Plonky3's generic external layers with HorizenLabs' M4 (`HLMDSMat4`).
#[derive(Clone)]
pub struct HlExternal(ExternalLayerConstants<P3, 12>);

impl ExternalLayerConstructor<P3, 12> for HlExternal {
    fn new_from_constants(constants: ExternalLayerConstants<P3, 12>) -> Self {
        HlExternal(constants)
    }
}

impl ExternalLayer<P3, 12, 7> for HlExternal {
    fn permute_state_initial(&self, state: &mut [P3; 12]) {
        external_initial_permute_state(
            state,
            self.0.get_initial_constants(),
            add_rc_and_sbox_generic,
            &HLMDSMat4,
        );
    }

    fn permute_state_terminal(&self, state: &mut [P3; 12]) {
        external_terminal_permute_state(
            state,
            self.0.get_terminal_constants(),
            add_rc_and_sbox_generic,
            &HLMDSMat4,
        );
    }
}

/// Plonky3's generic internal layers with HorizenLabs' diagonal.
#[derive(Clone)]
pub struct HlInternal(Vec<P3>);

impl InternalLayerConstructor<P3> for HlInternal {
    fn new_from_constants(constants: Vec<P3>) -> Self {
        HlInternal(constants)
    }
}

impl InternalLayer<P3, 12, 7> for HlInternal {
    fn permute_state(&self, state: &mut [P3; 12]) {
        internal_permute_state(state, |x| matmul_internal(x, HL_DIAG), &self.0);
    }
}

/// Plonky3's `Poseidon2` with HorizenLabs' width-12 Goldilocks instance.
pub type Plonky3Poseidon2 = Poseidon2<P3, HlExternal, HlInternal, 12, 7>;

/// The permutation, with our copy of HorizenLabs' round constants.
pub fn plonky3_poseidon2() -> Plonky3Poseidon2 {
    let rows = |rows: &[[u64; 12]]| rows.iter().map(|&row| P3::new_array(row)).collect();
    Poseidon2::new(
        ExternalLayerConstants::new(rows(&hl::EXTERNAL_FIRST), rows(&hl::EXTERNAL_LAST)),
        P3::new_array(hl::INTERNAL).to_vec(),
    )
}
