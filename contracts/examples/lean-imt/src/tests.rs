//! The tree algorithm natively, on the contract's storage slots ([`Slots`]), against zk-kit: the random
//! operation sequences of `test/vectors/lean-imt.json` (roots from `@zk-kit/lean-imt` with
//! poseidon-lite, reverts by `@zk-kit/lean-imt.sol`'s rules), and the errors' selectors against
//! the npm package's Solidity. The contract itself runs the same sequences through the meter.

use alloy_primitives::{keccak256, U256};
use alloy_sol_types::{Panic, SolError};
use serde_json::Value;

use crate::errors::{
    LeafAlreadyExists, LeafCannotBeZero, LeafDoesNotExist, LeafGreaterThanSnarkScalarField,
    LeanImtError, WrongSiblingNodes,
};
use poseidon_bn254::{poseidon, Fr};

use crate::slots::Slots;
use crate::tree::{self, TreeStorage};

fn repo_file(path: &str) -> String {
    let full = format!("{}/../../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn word(value: &Value) -> U256 {
    value.as_str().expect("hex word").parse().expect("hex word")
}

fn words(value: &Value) -> Vec<U256> {
    value.as_array().expect("array").iter().map(word).collect()
}

/// The revert a vector names: an error of `InternalLeanIMT.sol` or `Panic(0x..)`.
fn expected_error(name: &str) -> LeanImtError {
    match name {
        "WrongSiblingNodes" => WrongSiblingNodes {}.into(),
        "LeafGreaterThanSnarkScalarField" => LeafGreaterThanSnarkScalarField {}.into(),
        "LeafCannotBeZero" => LeafCannotBeZero {}.into(),
        "LeafAlreadyExists" => LeafAlreadyExists {}.into(),
        "LeafDoesNotExist" => LeafDoesNotExist {}.into(),
        _ => {
            let code = name
                .strip_prefix("Panic(0x")
                .and_then(|rest| rest.strip_suffix(')'))
                .unwrap_or_else(|| panic!("unknown revert {name}"));
            LeanImtError::Panic(Panic {
                code: U256::from(u64::from_str_radix(code, 16).expect("hex code")),
            })
        }
    }
}

/// zk-kit's `_insert` line for line, writing `sideNodes` at every level where the index has a 0
/// bit: the reference for [`tree::insert`], which skips the writes no later operation reads.
fn zk_kit_insert(tree: &mut Slots, leaf: U256) -> Result<U256, LeanImtError> {
    if leaf >= U256::from_limbs(poseidon_bn254::MODULUS_LIMBS) {
        return Err(LeafGreaterThanSnarkScalarField {}.into());
    } else if leaf.is_zero() {
        return Err(LeafCannotBeZero {}.into());
    } else if tree::has(tree, leaf) {
        return Err(LeafAlreadyExists {}.into());
    }
    let index = tree.size();
    let mut depth = tree.depth(index);
    if (1u64 << depth) < index + 1 {
        depth += 1;
    }
    tree.set_depth(depth);
    let mut node = leaf;
    for level in 0..depth {
        if (index >> level) & 1 == 1 {
            let pair = [tree.side_node(level), node].map(|w| Fr::from_word(w, 0).unwrap());
            node = poseidon::hash2(&pair).to_word();
        } else {
            tree.set_side_node(level, node);
        }
    }
    tree.set_size(index + 1);
    tree.set_side_node(depth, node);
    tree.set_leaf_position(leaf, index + 1);
    Ok(node)
}

/// Runs one operation as a transaction: on a revert the tree is restored, as a revert does.
/// `literal`: inserts as zk-kit writes them ([`zk_kit_insert`]).
fn apply(tree: &mut Slots, operation: &Value, literal: bool) -> Result<Option<U256>, LeanImtError> {
    let before = tree.clone();
    let outcome = match operation["op"].as_str().expect("op") {
        "insert" if literal => zk_kit_insert(tree, word(&operation["leaf"])).map(Some),
        "insert" => tree::insert(tree, word(&operation["leaf"])).map(Some),
        "insertMany" => tree::insert_many(tree, &words(&operation["leaves"])).map(Some),
        "update" => tree::update(
            tree,
            word(&operation["oldLeaf"]),
            word(&operation["newLeaf"]),
            &words(&operation["siblings"]),
        )
        .map(Some),
        "remove" => tree::update(
            tree,
            word(&operation["oldLeaf"]),
            U256::ZERO,
            &words(&operation["siblings"]),
        )
        .map(Some),
        "indexOf" => tree::index_of(tree, word(&operation["leaf"])).map(|_| None),
        other => panic!("unknown operation {other}"),
    };
    if outcome.is_err() {
        *tree = before;
    }
    outcome
}

#[test]
fn sequences_equal_zk_kit() {
    let vectors: Value = serde_json::from_str(&repo_file("test/vectors/lean-imt.json")).unwrap();
    let sequences = vectors["sequences"].as_array().expect("sequences");
    assert!(!sequences.is_empty());
    for sequence in sequences {
        let name = sequence["name"].as_str().unwrap();
        let mut tree = Slots::default();
        for (i, operation) in sequence["operations"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let expect = &operation["expect"];
            let outcome = apply(&mut tree, operation, false);
            let context = format!("{name} #{i}: {operation}");
            if let Some(revert) = expect["revert"].as_str() {
                assert_eq!(outcome, Err(expected_error(revert)), "{context}");
                continue;
            }
            let root = word(&expect["root"]);
            assert_eq!(outcome, Ok(Some(root)), "{context}");
            assert_eq!(tree::root(&tree), root, "{context}");
            assert_eq!(tree.size(), expect["size"].as_u64().unwrap(), "{context}");
            assert_eq!(
                tree::depth_of(tree.size()) as u64,
                expect["depth"].as_u64().unwrap(),
                "{context}"
            );
        }
        let final_leaves = words(&sequence["final"]["leaves"]);
        assert_eq!(tree.size(), final_leaves.len() as u64);
        for (index, leaf) in final_leaves.iter().enumerate() {
            if leaf.is_zero() {
                continue;
            }
            assert!(
                tree::has(&tree, *leaf),
                "{name}: leaf {index} is in the tree"
            );
            assert_eq!(tree::index_of(&tree, *leaf), Ok(index as u64));
        }
    }
}

/// The side nodes a later operation reads (where the size has a 1 bit: the complete subtree left
/// of the next leaf's path) and the root are zk-kit's after every operation of every sequence,
/// with every other operation run by both: so are the roots, leaves and errors.
#[test]
fn side_nodes_a_later_insert_reads_are_zk_kits() {
    let vectors: Value = serde_json::from_str(&repo_file("test/vectors/lean-imt.json")).unwrap();
    for sequence in vectors["sequences"].as_array().unwrap() {
        let (mut ours, mut theirs) = (Slots::default(), Slots::default());
        let mut skipped = 0;
        for (i, operation) in sequence["operations"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let context = format!("{} #{i}: {operation}", sequence["name"]);
            assert_eq!(
                apply(&mut ours, operation, false),
                apply(&mut theirs, operation, true),
                "{context}"
            );
            let size = ours.size();
            assert_eq!(size, theirs.size(), "{context}");
            let depth = tree::depth_of(size);
            for level in 0..depth {
                if (size >> level) & 1 == 1 {
                    assert_eq!(
                        ours.side_node(level),
                        theirs.side_node(level),
                        "{context}, level {level}"
                    );
                } else if ours.side_node(level) != theirs.side_node(level) {
                    skipped += 1;
                }
            }
            assert_eq!(tree::root(&ours), tree::root(&theirs), "{context}");
        }
        if cfg!(feature = "zk-kit-storage") {
            // zk-kit's writes: every side node is zk-kit's.
            assert_eq!(skipped, 0, "{}: a side node differs", sequence["name"]);
        } else {
            // The sequences do reach states where the two differ where nothing reads them.
            assert!(
                skipped > 0,
                "{}: no side node ever differed",
                sequence["name"]
            );
        }
    }
}

#[test]
fn depth_is_zk_kits() {
    // zk-kit: depth grows by one when 2^depth < size (insert), from 0 at 0 and 1 leaves.
    let mut depth = 0;
    for size in 1..=5000u64 {
        if (1u64 << depth) < size {
            depth += 1;
        }
        assert_eq!(tree::depth_of(size), depth, "size {size}");
    }
    assert_eq!(tree::depth_of(0), 0);
    assert_eq!(tree::depth_of(u64::MAX), 64);
}

/// The errors are `InternalLeanIMT.sol`'s, all of them: same names and signatures, so the same
/// selectors (read from the npm package the Solidity LeanIMT is built from).
#[test]
fn errors_are_the_solidity_librarys() {
    let source = repo_file("node_modules/@zk-kit/lean-imt.sol/InternalLeanIMT.sol");
    let mut declared: Vec<(String, [u8; 4])> = source
        .lines()
        .filter_map(|line| line.trim().strip_prefix("error "))
        .map(|rest| {
            let signature: String = rest.trim_end_matches(';').split_whitespace().collect();
            let selector = keccak256(signature.as_bytes())[..4].try_into().unwrap();
            (signature, selector)
        })
        .collect();
    declared.sort();
    let mut ours = vec![
        (WrongSiblingNodes::SIGNATURE, WrongSiblingNodes::SELECTOR),
        (
            LeafGreaterThanSnarkScalarField::SIGNATURE,
            LeafGreaterThanSnarkScalarField::SELECTOR,
        ),
        (LeafCannotBeZero::SIGNATURE, LeafCannotBeZero::SELECTOR),
        (LeafAlreadyExists::SIGNATURE, LeafAlreadyExists::SELECTOR),
        (LeafDoesNotExist::SIGNATURE, LeafDoesNotExist::SELECTOR),
    ]
    .into_iter()
    .map(|(signature, selector)| (signature.to_string(), selector))
    .collect::<Vec<_>>();
    ours.sort();
    assert_eq!(ours, declared);
}

/// A LeanIMT kept whole, every node of every level, as `@zk-kit/lean-imt` keeps it (a node without
/// a right sibling moves up unchanged): a reference that shares no code with [`tree`], for long
/// random sequences on deeper trees than the vectors reach.
#[derive(Default)]
struct WholeTree {
    /// `levels[0]` are the leaves (0 for a removed one), `levels[depth]` the root.
    levels: Vec<Vec<Fr>>,
}

impl WholeTree {
    fn size(&self) -> u64 {
        self.levels.first().map_or(0, |leaves| leaves.len() as u64)
    }

    fn root(&self) -> U256 {
        match self.size() {
            0 => U256::ZERO,
            _ => self.levels[tree::depth_of(self.size())][0].to_word(),
        }
    }

    fn push(&mut self, leaf: U256) {
        if self.levels.is_empty() {
            self.levels.push(Vec::new());
        }
        self.levels[0].push(Fr::from_word(leaf, 0).unwrap());
        let depth = tree::depth_of(self.size());
        self.levels.resize(depth + 1, Vec::new());
        for level in 1..=depth {
            let len = self.levels[level - 1].len().div_ceil(2);
            self.levels[level].resize(len, Fr::ZERO);
        }
        self.rehash(self.levels[0].len() - 1);
    }

    fn set(&mut self, index: usize, leaf: U256) {
        self.levels[0][index] = Fr::from_word(leaf, 0).unwrap();
        self.rehash(index);
    }

    /// Recomputes the nodes above leaf `index`.
    fn rehash(&mut self, mut index: usize) {
        for level in 0..tree::depth_of(self.size()) {
            let parent = index / 2;
            let nodes = &self.levels[level];
            let left = nodes[2 * parent];
            self.levels[level + 1][parent] = match nodes.get(2 * parent + 1) {
                Some(&right) => poseidon::hash2(&[left, right]),
                None => left,
            };
            index = parent;
        }
    }

    /// `generateProof(index).siblings`: one per level where the node has a sibling.
    fn siblings(&self, mut index: usize) -> Vec<U256> {
        let mut siblings = Vec::new();
        for level in 0..tree::depth_of(self.size()) {
            if let Some(sibling) = self.levels[level].get(index ^ 1) {
                siblings.push(sibling.to_word());
            }
            index /= 2;
        }
        siblings
    }
}

/// splitmix64: reproducible random numbers from a seed, no dependency.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A nonzero field element.
    fn leaf(&mut self) -> U256 {
        let word = U256::from_limbs([self.next(), self.next(), self.next(), self.next() >> 3]);
        if word.is_zero() {
            U256::from(1)
        } else {
            word
        }
    }
}

/// Random operations on trees up to a few thousand leaves (depth 12), on the contract's storage
/// slots, against [`WholeTree`]: every root, size, depth, `has` and `indexOf`, and the errors each
/// kind of bad input must give.
#[test]
fn random_sequences_equal_a_whole_tree() {
    let p = U256::from_limbs(poseidon_bn254::MODULUS_LIMBS);
    for seed in 1..=4u64 {
        let mut random = Random(seed);
        let (mut ours, mut whole) = (Slots::default(), WholeTree::default());
        let mut present: Vec<U256> = Vec::new();
        for step in 0..600 {
            let context = format!("seed {seed}, step {step}, size {}", whole.size());
            let expect_error = |outcome: Result<U256, LeanImtError>, error: LeanImtError| {
                assert_eq!(outcome, Err(error), "{context}");
            };
            match random.below(100) {
                // A batch: grows the tree quickly past the vectors' depths.
                0..=9 => {
                    let batch: Vec<U256> =
                        (0..1 + random.below(80)).map(|_| random.leaf()).collect();
                    batch.iter().for_each(|&leaf| whole.push(leaf));
                    present.extend(&batch);
                    let root = tree::insert_many(&mut ours, &batch);
                    assert_eq!(root, Ok(whole.root()), "{context}: insertMany");
                }
                // An update or a removal of a leaf in the tree, with its proof.
                10..=29 if !present.is_empty() => {
                    let old = present[random.below(present.len() as u64) as usize];
                    let index = tree::index_of(&ours, old).expect("a present leaf") as usize;
                    let new = if random.below(4) == 0 {
                        U256::ZERO
                    } else {
                        random.leaf()
                    };
                    let siblings = whole.siblings(index);
                    let root = tree::update(&mut ours, old, new, &siblings);
                    whole.set(index, new);
                    present.retain(|&leaf| leaf != old);
                    if !new.is_zero() {
                        present.push(new);
                    }
                    assert_eq!(root, Ok(whole.root()), "{context}: update");
                }
                // Bad input: each gives its error. It runs on a copy: on chain the revert undoes
                // whatever the operation wrote (`update` writes side nodes before it can check the
                // root, as zk-kit's does); an insert checks its leaf before writing anything.
                30..=39 if !present.is_empty() => {
                    let mut attempt = ours.clone();
                    let old = present[random.below(present.len() as u64) as usize];
                    let index = tree::index_of(&ours, old).unwrap() as usize;
                    let mut siblings = whole.siblings(index);
                    let (outcome, error, checked_first) = match random.below(5) {
                        0 => (
                            tree::insert(&mut attempt, old),
                            LeafAlreadyExists {}.into(),
                            true,
                        ),
                        1 => (
                            tree::insert(&mut attempt, U256::ZERO),
                            LeafCannotBeZero {}.into(),
                            true,
                        ),
                        2 => (
                            tree::insert(&mut attempt, p + U256::from(random.below(1000))),
                            LeafGreaterThanSnarkScalarField {}.into(),
                            true,
                        ),
                        3 if !siblings.is_empty() => {
                            let at = random.below(siblings.len() as u64) as usize;
                            siblings[at] = random.leaf();
                            let outcome = tree::update(&mut attempt, old, random.leaf(), &siblings);
                            (outcome, WrongSiblingNodes {}.into(), false)
                        }
                        _ => (
                            tree::update(&mut attempt, random.leaf(), random.leaf(), &siblings),
                            LeafDoesNotExist {}.into(),
                            true,
                        ),
                    };
                    expect_error(outcome, error);
                    if checked_first {
                        assert_eq!(attempt, ours, "{context}: refused before writing anything");
                    }
                }
                _ => {
                    let leaf = random.leaf();
                    whole.push(leaf);
                    present.push(leaf);
                    assert_eq!(
                        tree::insert(&mut ours, leaf),
                        Ok(whole.root()),
                        "{context}: insert"
                    );
                }
            }
            assert_eq!(tree::root(&ours), whole.root(), "{context}");
            assert_eq!(ours.size(), whole.size(), "{context}");
            assert_eq!(
                ours.depth(ours.size()),
                tree::depth_of(whole.size()),
                "{context}"
            );
        }
        for (index, leaf) in whole.levels[0].iter().enumerate() {
            let leaf = leaf.to_word();
            if !leaf.is_zero() {
                assert_eq!(tree::index_of(&ours, leaf), Ok(index as u64), "seed {seed}");
            }
        }
        assert!(
            !tree::has(&ours, random.leaf()),
            "seed {seed}: a random leaf is absent"
        );
        assert!(
            whole.size() > 2048,
            "seed {seed}: the tree reached depth 12 ({} leaves)",
            whole.size()
        );
    }
}
