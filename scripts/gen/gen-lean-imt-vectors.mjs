#!/usr/bin/env node
// Writes test/vectors/lean-imt.json: random sequences of LeanIMT operations with what each must do,
// for the Rust Stylus LeanIMT (contracts/examples/lean-imt): natively (its tests) and through the
// meter with state (scripts/test-lean-imt-meter.mjs).
//   Roots, sizes and depths come from zk-kit's JS reference, @zk-kit/lean-imt with poseidon-lite
//   (circomlib Poseidon of two inputs), both as published on npm; update/remove siblings are its
//   generateProof(index).siblings.
//   Reverts follow @zk-kit/lean-imt.sol 2.0.1 (node_modules/@zk-kit/lean-imt.sol/InternalLeanIMT.sol),
//   whose rules the JS tree does not check: which error, in the order its code checks, or the
//   Panic(uint256) code its code reaches (insertMany([]), too few siblings).
// `--check` fails if the committed file differs.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { LeanIMT } from "@zk-kit/lean-imt";
import { poseidon2 } from "poseidon-lite";
import { parseOptions } from "../lib/args.mjs";

const OUT = new URL("../../test/vectors/lean-imt.json", import.meta.url);
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-lean-imt-vectors.mjs [--check]" }).values;
// The BN254 scalar field modulus (SNARK_SCALAR_FIELD in @zk-kit/lean-imt.sol's Constants.sol).
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");

/// Deterministic randomness: sha256 of a label and a counter.
function randomness(label) {
  let counter = 0;
  const next = () => BigInt("0x" + createHash("sha256").update(`stylus-poseidon lean-imt ${label} ${counter++}`).digest("hex"));
  return { element: () => next() % P, below: (n) => Number(next() % BigInt(n)) };
}

/// Panic code of `_insertMany([])` on `size` leaves (see InternalLeanIMT.sol): 0x11 when a level below
/// the depth has an odd number of nodes (`currentLevelNewNodes.length - 1` underflows), else 0x32
/// (`currentLevelNewNodes[0]` out of bounds).
function emptyInsertManyPanic(size, depth) {
  for (let level = 0; level < depth; level++) {
    if (Math.ceil(size / 2 ** level) % 2 === 1) return "0x11";
  }
  return "0x32";
}

/// One sequence: `count` operations drawn at random, each applied to the JS tree when it succeeds;
/// `insert` and `batch` are the percentages of insert and insertMany (then update 15, remove 7, failing).
function sequence(label, count, { batchMax, insert, batch }) {
  const rnd = randomness(label);
  const tree = new LeanIMT((a, b) => poseidon2([a, b]));
  const operations = [];
  const state = () => ({ root: hex(tree.size === 0 ? 0n : tree.root), size: tree.size, depth: tree.depth });
  const present = () => tree.leaves.filter((leaf) => leaf !== 0n);
  const newLeaf = () => {
    for (;;) {
      const leaf = rnd.element();
      if (leaf !== 0n && !tree.has(leaf)) return leaf;
    }
  };
  const revert = (error) => ({ revert: error });
  const ok = () => ({ ...state() });
  const pickPresent = () => {
    const leaves = present();
    return leaves[rnd.below(leaves.length)];
  };

  while (operations.length < count) {
    const roll = rnd.below(100);
    const leaves = present();
    if (roll < insert || leaves.length === 0) {
      const leaf = newLeaf();
      tree.insert(leaf);
      operations.push({ op: "insert", leaf: hex(leaf), expect: ok() });
    } else if (roll < insert + batch) {
      const batch = Array.from({ length: 1 + rnd.below(batchMax) }, newLeaf);
      if (new Set(batch).size !== batch.length) continue;
      tree.insertMany(batch);
      operations.push({ op: "insertMany", leaves: batch.map(hex), expect: ok() });
    } else if (roll < insert + batch + 15) {
      const oldLeaf = pickPresent();
      const replacement = newLeaf();
      const { siblings } = tree.generateProof(tree.indexOf(oldLeaf));
      tree.update(tree.indexOf(oldLeaf), replacement);
      operations.push({ op: "update", oldLeaf: hex(oldLeaf), newLeaf: hex(replacement), siblings: siblings.map(hex), expect: ok() });
    } else if (roll < insert + batch + 22) {
      const oldLeaf = pickPresent();
      const { siblings } = tree.generateProof(tree.indexOf(oldLeaf));
      tree.update(tree.indexOf(oldLeaf), 0n);
      operations.push({ op: "remove", oldLeaf: hex(oldLeaf), siblings: siblings.map(hex), expect: ok() });
    } else {
      operations.push(failing(rnd, tree, leaves, newLeaf, revert));
    }
  }
  return { name: label, operations, final: { ...state(), leaves: tree.leaves.map(hex) } };
}

/// An operation that reverts, with the revert InternalLeanIMT.sol's code reaches; the tree is unchanged.
function failing(rnd, tree, leaves, newLeaf, revert) {
  const existing = leaves[rnd.below(leaves.length)];
  const proof = () => tree.generateProof(tree.indexOf(existing)).siblings;
  const cases = [
    () => ({ op: "insert", leaf: hex(0n), expect: revert("LeafCannotBeZero") }),
    () => ({ op: "insert", leaf: hex(P + BigInt(rnd.below(1000))), expect: revert("LeafGreaterThanSnarkScalarField") }),
    () => ({ op: "insert", leaf: hex(existing), expect: revert("LeafAlreadyExists") }),
    () => {
      const fresh = newLeaf();
      return { op: "insertMany", leaves: [fresh, hex(existing)].map(hex), expect: revert("LeafAlreadyExists") };
    },
    () => {
      const fresh = newLeaf();
      return { op: "insertMany", leaves: [fresh, fresh].map(hex), expect: revert("LeafAlreadyExists") };
    },
    () => ({ op: "insertMany", leaves: [newLeaf(), 0n].map(hex), expect: revert("LeafCannotBeZero") }),
    () => ({ op: "insertMany", leaves: [], expect: revert(`Panic(${emptyInsertManyPanic(tree.size, tree.depth)})`) }),
    () => ({ op: "update", oldLeaf: hex(newLeaf()), newLeaf: hex(newLeaf()), siblings: proof().map(hex), expect: revert("LeafDoesNotExist") }),
    () => ({ op: "update", oldLeaf: hex(existing), newLeaf: hex(P), siblings: proof().map(hex), expect: revert("LeafGreaterThanSnarkScalarField") }),
    () => {
      const other = leaves[rnd.below(leaves.length)];
      return { op: "update", oldLeaf: hex(existing), newLeaf: hex(other), siblings: proof().map(hex), expect: revert("LeafAlreadyExists") };
    },
    () => {
      const siblings = proof();
      if (siblings.length === 0) return null;
      siblings[rnd.below(siblings.length)] ^= 1n;
      return { op: "update", oldLeaf: hex(existing), newLeaf: hex(newLeaf()), siblings: siblings.map(hex), expect: revert("WrongSiblingNodes") };
    },
    () => {
      const siblings = proof();
      if (siblings.length === 0) return null;
      return { op: "remove", oldLeaf: hex(existing), siblings: siblings.slice(0, -1).map(hex), expect: revert("Panic(0x32)") };
    },
    () => {
      const siblings = proof();
      if (siblings.length === 0) return null;
      siblings[0] = P;
      return { op: "remove", oldLeaf: hex(existing), siblings: siblings.map(hex), expect: revert("LeafGreaterThanSnarkScalarField") };
    },
    () => ({ op: "indexOf", leaf: hex(newLeaf()), expect: revert("LeafDoesNotExist") }),
  ];
  for (;;) {
    const operation = cases[rnd.below(cases.length)]();
    if (operation !== null) return operation;
  }
}

const vectors = {
  generated_by: "@generated by scripts/gen/gen-lean-imt-vectors.mjs from the reference below; do not edit",
  reference: "roots, sizes, depths and siblings: @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0 poseidon2; reverts: the rules of @zk-kit/lean-imt.sol 2.0.1 InternalLeanIMT.sol",
  note: "Each operation's expect is the tree after it (root, size, depth) or its revert (an error name, or Panic(code)); a reverted operation leaves the tree as it was. `final` is the tree after the last operation, its leaves in order (0: removed).",
  sequences: [
    sequence("mixed", 160, { batchMax: 9, insert: 40, batch: 15 }),
    sequence("batches", 60, { batchMax: 40, insert: 10, batch: 45 }),
  ],
};

const text = JSON.stringify(vectors, null, 1) + "\n";
if (check) {
  let committed = "";
  try {
    committed = readFileSync(OUT, "utf8");
  } catch {}
  if (committed !== text) {
    console.error("test/vectors/lean-imt.json is stale: run node scripts/gen/gen-lean-imt-vectors.mjs and commit it");
    process.exit(1);
  }
  console.log("test/vectors/lean-imt.json is current");
} else {
  writeFileSync(OUT, text);
  const counts = vectors.sequences.map((s) => `${s.name}: ${s.operations.length} operations, ${s.final.size} leaves`);
  console.log(`wrote test/vectors/lean-imt.json (${counts.join("; ")})`);
}
