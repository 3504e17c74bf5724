//! The shared test vectors (`test/vectors/*.json`) as typed structs: a missing or malformed field
//! fails when the file is read, naming the file, not deep inside a test.
//!
//! Each file names its source (`source`), and the script that writes it keeps it current.

use alloy_primitives::U256;
use serde::{de::DeserializeOwned, Deserialize};
use serde_with::{serde_as, DisplayFromStr};
use std::collections::BTreeMap;

/// Reads `test/vectors/<name>` as `T`.
pub fn load<T: DeserializeOwned>(name: &str) -> T {
    crate::read_json(&format!("test/vectors/{name}"))
}

/// A hash: inputs (decimal or 0x-hex) and the output.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct Hash {
    /// The inputs, in order.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub inputs: Vec<U256>,
    /// The hash.
    #[serde_as(as = "DisplayFromStr")]
    pub output: U256,
}

/// A permutation: the state before and after.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct Permutation {
    /// The state before.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub input: Vec<U256>,
    /// The state after.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub output: Vec<U256>,
}

/// `poseidon.json`: circomlib Poseidon (circomlibjs), one table per width `tN` (N − 1 inputs).
#[derive(Debug, Deserialize)]
pub struct Circomlib {
    /// Where the values come from.
    pub source: String,
    #[serde(flatten)]
    tables: BTreeMap<String, Vec<Hash>>,
}

impl Circomlib {
    /// The vectors of width `t` (t − 1 inputs).
    pub fn width(&self, t: usize) -> &[Hash] {
        self.tables.get(&format!("t{t}")).unwrap_or_else(|| {
            panic!("poseidon.json has no t{t}: run node scripts/gen/gen-vectors.mjs")
        })
    }
}

/// `poseidon.json`.
pub fn circomlib() -> Circomlib {
    load("poseidon.json")
}

/// `iden3-sponge.json`: iden3's Poseidon sponge (`@iden3/js-crypto` `spongeHashX(values, 6)`).
#[derive(Debug, Deserialize)]
pub struct Iden3Sponge {
    /// Where the values come from.
    pub source: String,
    /// Sponge hashes of 1 to 40 values.
    pub cases: Vec<Hash>,
}

/// `iden3-sponge.json`.
pub fn iden3_sponge() -> Iden3Sponge {
    load("iden3-sponge.json")
}

/// A Merkle path of circomlib Poseidon t = 3 (`rootFromPath`, `nodesFromPath`).
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MerklePath {
    /// The leaf.
    #[serde_as(as = "DisplayFromStr")]
    pub leaf: U256,
    /// The siblings, the leaf's first.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub siblings: Vec<U256>,
    /// Bit i set: the node at level i is a right child.
    #[serde_as(as = "DisplayFromStr")]
    pub path_bits: U256,
    /// The node at each level above the leaf, the root last.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub nodes: Vec<U256>,
}

impl MerklePath {
    /// The root (the last node).
    pub fn root(&self) -> U256 {
        *self.nodes.last().expect("a path has a node")
    }
}

/// Consecutive pairs and their hashes (`hashPairs`).
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct Pairs {
    /// The flat inputs.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub inputs: Vec<U256>,
    /// `hash(inputs[2i], inputs[2i + 1])`.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub outputs: Vec<U256>,
}

/// `merkle-t3.json`: Merkle paths and pairs at the extremes (circomlibjs, poseidon-lite,
/// @zk-kit/lean-imt).
#[derive(Debug, Deserialize)]
pub struct MerkleT3 {
    /// Where the values come from.
    pub source: String,
    /// The paths.
    pub paths: Vec<MerklePath>,
    /// The pairs.
    pub pairs: Pairs,
}

/// `merkle-t3.json`.
pub fn merkle_t3() -> MerkleT3 {
    load("merkle-t3.json")
}

/// `poseidon2.json`: openzeppelin-crypto's Poseidon2 t = 3 sponge and permutation.
#[derive(Debug, Deserialize)]
pub struct Poseidon2 {
    /// Where the values come from.
    pub source: String,
    /// Sponge hashes of two inputs.
    pub t3: Vec<Hash>,
    /// Permutations.
    pub permutation: Vec<Permutation>,
}

/// `poseidon2.json`.
pub fn poseidon2() -> Poseidon2 {
    load("poseidon2.json")
}

/// A MiMCSponge hash: (xL, xR, k) and (xL, xR).
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct MimcSponge {
    /// xL, xR, k.
    #[serde_as(as = "[DisplayFromStr; 3]")]
    pub inputs: [U256; 3],
    /// xL, xR.
    #[serde_as(as = "[DisplayFromStr; 2]")]
    pub outputs: [U256; 2],
}

/// circomlibjs's MiMCSponge `multiHash(inputs, key, numOutputs)`.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MimcSpongeMultiHash {
    /// The inputs.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub inputs: Vec<U256>,
    /// The key.
    #[serde_as(as = "DisplayFromStr")]
    pub key: U256,
    /// How many outputs.
    pub num_outputs: usize,
    /// The outputs (always a list, also for one).
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub outputs: Vec<U256>,
}

/// circomlibjs's MiMC7 `multiHash(inputs, key)`.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct Mimc7MultiHash {
    /// The inputs.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub inputs: Vec<U256>,
    /// The key.
    #[serde_as(as = "DisplayFromStr")]
    pub key: U256,
    /// The hash.
    #[serde_as(as = "DisplayFromStr")]
    pub output: U256,
}

/// `mimc.json`: circomlib's MiMC (circomlibjs `buildMimcSponge`, `buildMimc7`) and Tornado Cash's
/// `hashLeftRight` over MiMCSponge.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Mimc {
    /// Where the values come from.
    pub source: String,
    /// MiMCSponge `hash(xL, xR, k)`.
    pub sponge: Vec<MimcSponge>,
    /// MiMC7 `hash(x, k)`: inputs x, k.
    pub mimc7: Vec<Hash>,
    /// Tornado's `hashLeftRight(left, right)`.
    pub hash_left_right: Vec<Hash>,
    /// MiMCSponge `multiHash`.
    pub sponge_multi_hash: Vec<MimcSpongeMultiHash>,
    /// MiMC7 `multiHash`.
    pub mimc7_multi_hash: Vec<Mimc7MultiHash>,
}

/// `mimc.json`.
pub fn mimc() -> Mimc {
    load("mimc.json")
}

/// `poseidon2-instances.json`: every Poseidon2 instance (Barretenberg and Codex sets), Noir's hash,
/// TaceoLabs' compress.
#[derive(Debug, Deserialize)]
pub struct Poseidon2Instances {
    /// Where the values come from.
    pub source: String,
    /// Permutations by instance (`barretenberg-t4`, `codex-t2`, …).
    pub permutations: BTreeMap<String, Vec<Permutation>>,
    /// Noir's `Poseidon2::hash(inputs, inputs.len())`.
    pub noir: Vec<Hash>,
    /// Noir's variable-length hash.
    pub noir_variable_length: Vec<Hash>,
    /// Compress (`tN`: N inputs, Barretenberg set).
    pub compress: BTreeMap<String, Vec<Hash>>,
}

impl Poseidon2Instances {
    /// The permutation vectors of `instance` (`barretenberg-t4`, …).
    pub fn permutation(&self, instance: &str) -> &[Permutation] {
        self.permutations.get(instance).unwrap_or_else(|| {
            panic!("poseidon2-instances.json has no {instance}: run node scripts/gen/gen-poseidon2-vectors.mjs")
        })
    }

    /// The compress vectors of width `t`.
    pub fn compress(&self, t: usize) -> &[Hash] {
        self.compress.get(&format!("t{t}")).unwrap_or_else(|| {
            panic!("poseidon2-instances.json has no compress t{t}: run node scripts/gen/gen-poseidon2-vectors.mjs")
        })
    }
}

/// `poseidon2-instances.json`.
pub fn poseidon2_instances() -> Poseidon2Instances {
    load("poseidon2-instances.json")
}

/// `poseidon2-params/<instance>.json`: one Poseidon2 instance's parameters as extracted from its
/// registry source.
#[serde_as]
#[derive(Debug, Deserialize)]
pub struct Poseidon2Params {
    /// The registry source and the extraction.
    pub source: String,
    /// `barretenberg` or `codex`.
    pub set: String,
    /// The width.
    pub t: usize,
    /// The S-box degree.
    pub d: u64,
    /// Full rounds.
    pub rounds_f: usize,
    /// Partial rounds.
    pub rounds_p: usize,
    /// The internal matrix's diagonal minus one.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub mat_internal_diag_m_1: Vec<U256>,
    /// One row per round (partial rounds: the first element only is used).
    #[serde_as(as = "Vec<Vec<DisplayFromStr>>")]
    pub round_constants: Vec<Vec<U256>>,
}

/// `poseidon2-params/<instance>.json`.
pub fn poseidon2_params(instance: &str) -> Poseidon2Params {
    load(&format!("poseidon2-params/{instance}.json"))
}

/// A Goldilocks digest (four elements).
pub type Digest = [u64; 4];

/// `goldilocks-plonky2.json`: what the `plonky2` crate computes (elements in decimal).
#[derive(Debug, Deserialize)]
pub struct GoldilocksPlonky2 {
    /// Where the values come from.
    pub source: String,
    /// `GoldilocksField::poseidon` of a 12-element state.
    pub permutation: Vec<GoldilocksPermutation>,
    /// `PoseidonHash::hash_no_pad` and `hash_or_noop`.
    pub hash: Vec<GoldilocksHash>,
    /// `PoseidonHash::two_to_one`.
    pub two_to_one: Vec<GoldilocksTwoToOne>,
    /// Merkle proofs (`MerkleTree::prove`) checked with `verify_merkle_proof_to_cap`.
    pub merkle_proofs: Vec<GoldilocksMerkleProof>,
}

/// A Goldilocks permutation.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct GoldilocksPermutation {
    /// The state before.
    #[serde_as(as = "[DisplayFromStr; 12]")]
    pub input: [u64; 12],
    /// The state after.
    #[serde_as(as = "[DisplayFromStr; 12]")]
    pub output: [u64; 12],
}

/// A Goldilocks hash of a message.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct GoldilocksHash {
    /// The message.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub input: Vec<u64>,
    /// `hash_no_pad`.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub hash_no_pad: Digest,
    /// `hash_or_noop`.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub hash_or_noop: Digest,
}

/// `two_to_one(left, right)`.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct GoldilocksTwoToOne {
    /// The left digest.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub left: Digest,
    /// The right digest.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub right: Digest,
    /// The result.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub output: Digest,
}

/// A Merkle proof to a cap.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct GoldilocksMerkleProof {
    /// The leaf's elements.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub leaf_data: Vec<u64>,
    /// The leaf's index.
    pub leaf_index: u64,
    /// The tree's leaf count.
    pub leaves: u64,
    /// The cap's height.
    pub cap_height: u32,
    /// The cap.
    #[serde_as(as = "Vec<[DisplayFromStr; 4]>")]
    pub cap: Vec<Digest>,
    /// The siblings, leaf level first.
    #[serde_as(as = "Vec<[DisplayFromStr; 4]>")]
    pub siblings: Vec<Digest>,
}

/// `goldilocks-plonky2.json`.
pub fn goldilocks_plonky2() -> GoldilocksPlonky2 {
    load("goldilocks-plonky2.json")
}

/// `miden-<hash>.json`: what miden-crypto 0.28.1 computes for one of Miden's hashes (elements in
/// decimal), written by `crates/poseidon-goldilocks/tests/miden_reference.rs`.
#[derive(Debug, Deserialize)]
pub struct Miden {
    /// Where the values come from.
    pub source: String,
    /// `apply_permutation` of a 12-element state.
    pub permutation: Vec<GoldilocksPermutation>,
    /// `hash_elements`.
    pub hash_elements: Vec<MidenHash>,
    /// `hash` of bytes.
    pub hash_bytes: Vec<MidenHashBytes>,
    /// `merge`.
    pub merge: Vec<GoldilocksTwoToOne>,
    /// `merge_in_domain`.
    pub merge_in_domain: Vec<MidenMergeInDomain>,
    /// Merkle roots from paths (`MerklePath::compute_root`).
    pub paths: Vec<MidenPath>,
}

/// A hash of elements.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct MidenHash {
    /// The elements.
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub input: Vec<u64>,
    /// The digest.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub output: Digest,
}

/// A hash of bytes.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct MidenHashBytes {
    /// The bytes, `0x`-prefixed hex.
    pub input: String,
    /// The digest.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub output: Digest,
}

/// `merge_in_domain(left, right, domain)`.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct MidenMergeInDomain {
    /// The left word.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub left: Digest,
    /// The right word.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub right: Digest,
    /// The domain.
    #[serde_as(as = "DisplayFromStr")]
    pub domain: u64,
    /// The result.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub output: Digest,
}

/// A Merkle path and the root it leads to.
#[serde_as]
#[derive(Clone, Debug, Deserialize)]
pub struct MidenPath {
    /// The leaf.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub leaf: Digest,
    /// The siblings, the leaf's first.
    #[serde_as(as = "Vec<[DisplayFromStr; 4]>")]
    pub siblings: Vec<Digest>,
    /// The leaf's index.
    #[serde_as(as = "DisplayFromStr")]
    pub index: u64,
    /// The root.
    #[serde_as(as = "[DisplayFromStr; 4]")]
    pub root: Digest,
}

/// `miden-<hash>.json` (`hash`: `poseidon2`, `rpo`, `rpx`).
pub fn miden(hash: &str) -> Miden {
    load(&format!("miden-{hash}.json"))
}

/// `miden-<hash>-published.json`: the digests miden-crypto 0.28.1 publishes in its own tests for
/// `Rpo256` or `Rpx256` (elements in decimal).
#[derive(Debug, Deserialize)]
pub struct MidenPublished {
    /// Where the values come from.
    pub source: String,
    /// `hash_elements`.
    pub hash_elements: Vec<MidenHash>,
    /// `hash` of bytes.
    pub hash_bytes: Vec<MidenHashBytes>,
}

/// `miden-<hash>-published.json` (`hash`: `rpo`, `rpx`).
pub fn miden_published(hash: &str) -> MidenPublished {
    load(&format!("miden-{hash}-published.json"))
}

/// `contracts/selectors.json`: which of our functions each program answers, by cargo feature, and
/// the other projects' selectors (aliases) each also answers.
#[derive(Debug, Deserialize)]
pub struct SelectorTable {
    /// Every interface a row may name, and what it is.
    pub interfaces: BTreeMap<String, String>,
    /// The functions, by the cargo feature that compiles them in.
    pub groups: Vec<SelectorGroup>,
}

/// A feature's functions.
#[derive(Debug, Deserialize)]
pub struct SelectorGroup {
    /// The cargo feature.
    pub feature: String,
    /// Its functions.
    pub functions: Vec<SelectorFunction>,
}

/// One of our functions and the other projects' selectors that call it too.
#[derive(Debug, Deserialize)]
pub struct SelectorFunction {
    /// The function's name in the table.
    pub name: String,
    /// What it computes.
    pub computes: String,
    /// Its declaration in `solidity/IStylusPoseidon.sol` (`Interface.name`); none for a function
    /// that only other projects' selectors call (poseidon2-evm's `hash_1`, `hash_3`).
    pub ours: Option<String>,
    /// The other projects' selectors of the same function.
    #[serde(default)]
    pub aliases: Vec<Selector>,
}

/// Another project's selector of one of our functions.
#[derive(Debug, Deserialize)]
pub struct Selector {
    /// `0x` and 4 bytes of hex.
    pub selector: String,
    /// The Solidity signature.
    pub signature: String,
    /// Whose interface it is (a key of [`SelectorTable::interfaces`]).
    pub interface: String,
}

impl Selector {
    /// The 4 bytes.
    pub fn bytes(&self) -> [u8; 4] {
        let value = u32::from_str_radix(self.selector.trim_start_matches("0x"), 16)
            .unwrap_or_else(|_| panic!("{}: selector {}", self.signature, self.selector));
        value.to_be_bytes()
    }
}

/// `contracts/selectors.json`.
pub fn selector_table() -> SelectorTable {
    crate::read_json("contracts/selectors.json")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_vector_file_reads() {
        let circomlib = super::circomlib();
        for t in 2..=6 {
            assert!(circomlib
                .width(t)
                .iter()
                .all(|case| case.inputs.len() == t - 1));
        }
        assert!(!super::poseidon2().t3.is_empty());
        let instances = super::poseidon2_instances();
        assert_eq!(instances.permutation("codex-t4")[0].input.len(), 4);
        assert_eq!(super::poseidon2_params("barretenberg-t3").t, 3);
        assert!(!super::goldilocks_plonky2().merkle_proofs.is_empty());
        assert!(!super::selector_table().groups.is_empty());
    }
}
