//! Differential tests of poseidon-goldilocks against plonky2: see tests/.
