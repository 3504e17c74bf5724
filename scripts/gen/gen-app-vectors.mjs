#!/usr/bin/env node
// Writes test/vectors/apps.json, what the app tests (test/apps/) replay on zk-kit's LeanIMT and on
// Semaphore as published, linked to each hasher, and compare with the JS references:
//   poseidonT3  the transaction poseidon-solidity 0.0.5's npm package sends to deploy PoseidonT3 at its
//               CREATE2 address (deploy/PoseidonT3.js: the deterministic-deployment proxy, the salt and
//               init code it is called with, the address it yields): the stock library Semaphore links
//   leanImt     @zk-kit/lean-imt 2.2.5 over poseidon-lite 0.3.0 `poseidon2` (circomlib Poseidon, t = 3),
//               the tree zk-kit's InternalLeanIMT keeps: the root after every step of each scenario, the
//               siblings an update or a removal needs (generateProof before it)
//   semaphore   @semaphore-protocol/group 4.14.3 (the same tree under Semaphore's group API): the root
//               after every step of each scenario, and the Merkle proof siblings updateMember and
//               removeMember take
//   noirHash    @zkpassport/poseidon2 0.6.2 poseidon2Hash (Noir's Poseidon2 hash) of 1, 2, 3 inputs,
//               what poseidon2-evm's IPoseidon2 hash_1/hash_2/hash_3 return
// Leaves are scripts/lib/app-leaves.mjs `leaf(seed, i)` (sha256 of the seed and index, mod p): the
// tests derive the same with the sha256 precompile, so big scenarios need not list them.
// Every number is a 0x-prefixed 64-digit hex string (forge's vm.parseJson*). `--check` regenerates in
// memory and fails if the committed file differs.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { LeanIMT } from "@zk-kit/lean-imt";
import { Group } from "@semaphore-protocol/group";
import { poseidon2 } from "poseidon-lite";
import { poseidon2Hash } from "@zkpassport/poseidon2";
import { P, leaf, leaves } from "../lib/app-leaves.mjs";
import { parseOptions } from "../lib/args.mjs";

const require = createRequire(import.meta.url);
const stock = require("poseidon-solidity");
const OUT = "test/vectors/apps.json";
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-app-vectors.mjs [--check]" }).values;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");

// ---------------------------------------------------------------- LeanIMT

/**
 * One LeanIMT scenario: optionally `prefill` leaves by one insertMany (so the one-by-one inserts run
 * on a deeper tree), then `inserts` leaves one by one, then `batches` (sizes) by insertMany, then
 * `updates` ([index, new leaf seed index]) and `removes` (indexes), all leaves from `seed` (leaf i is
 * the tree's i-th). Records the root after the prefill, each insert, each batch, each update and each
 * removal, with the siblings those need.
 */
function leanImtScenario({ seed, prefill = 0, inserts, batches, updates, removes }) {
  const tree = new LeanIMT((a, b) => poseidon2([a, b]));
  const prefilled = {};
  if (prefill > 0) {
    tree.insertMany(leaves(seed, 0, prefill));
    Object.assign(prefilled, { prefill, prefillRoot: hex(tree.root) });
  }
  const insertRoots = [];
  for (const value of leaves(seed, prefill, prefill + inserts)) {
    tree.insert(value);
    insertRoots.push(hex(tree.root));
  }
  const batchRoots = [];
  let next = prefill + inserts;
  for (const size of batches) {
    tree.insertMany(leaves(seed, next, next + size));
    next += size;
    batchRoots.push(hex(tree.root));
  }
  const changes = (list, newLeafOf) =>
    list.map((index) => {
      const siblings = tree.generateProof(index).siblings.map(hex);
      const oldLeaf = tree.leaves[index];
      const newLeaf = newLeafOf(index);
      tree.update(index, newLeaf);
      return { index, oldLeaf: hex(oldLeaf), newLeaf: hex(newLeaf), siblings, root: hex(tree.root) };
    });
  const updated = changes(updates, (index) => leaf(seed + 1000, index));
  const removed = changes(removes, () => 0n);
  return {
    seed,
    ...prefilled,
    inserts,
    batches,
    insertRoots,
    batchRoots,
    updates: updated,
    removes: removed,
    size: tree.size,
    depth: tree.depth,
  };
}

// ---------------------------------------------------------------- Semaphore

/**
 * One Semaphore group: `adds` members one by one (addMember), then `batches` (addMembers), then
 * updateMember and removeMember at the given indexes, then one more addMember.
 */
function semaphoreScenario({ seed, adds, batches, updates, removes }) {
  const group = new Group();
  const addRoots = [];
  for (const member of leaves(seed, 0, adds)) {
    group.addMember(member);
    addRoots.push(hex(group.root));
  }
  const batchRoots = [];
  let next = adds;
  for (const size of batches) {
    group.addMembers(leaves(seed, next, next + size));
    next += size;
    batchRoots.push(hex(group.root));
  }
  const changes = (list, apply) =>
    list.map((index) => {
      const siblings = group.generateMerkleProof(index).siblings.map(hex);
      const oldMember = group.members[index];
      const newMember = apply(index);
      return { index, oldLeaf: hex(oldMember), newLeaf: hex(newMember), siblings, root: hex(group.root) };
    });
  const updated = changes(updates, (index) => {
    const member = leaf(seed + 1000, index);
    group.updateMember(index, member);
    return member;
  });
  const removed = changes(removes, (index) => {
    group.removeMember(index);
    return 0n;
  });
  group.addMember(leaf(seed, next));
  return {
    seed,
    adds,
    batches,
    addRoots,
    batchRoots,
    updates: updated,
    removes: removed,
    lastAdd: { member: hex(leaf(seed, next)), root: hex(group.root) },
    size: group.size,
  };
}

// ---------------------------------------------------------------- the document

const edges = [0n, 1n, 2n, P - 1n, leaf(9, 0), leaf(9, 1), leaf(9, 2)];
const noirHash = (n) =>
  [edges.slice(0, n), Array(n).fill(P - 1n), edges.slice(4, 4 + n), edges.slice(1, 1 + n)].map((inputs) => ({
    inputs: inputs.map(hex),
    output: hex(poseidon2Hash(inputs)),
  }));

const doc = {
  source:
    "@generated by scripts/gen/gen-app-vectors.mjs from @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0 poseidon2, @semaphore-protocol/group 4.14.3, @zkpassport/poseidon2 0.6.2, poseidon-solidity 0.0.5 deploy/PoseidonT3.js; do not edit",
  leafRule: "leaf(seed, i) = uint256(sha256(abi.encode(seed, i))) mod p, or 1 if that is 0",
  poseidonT3: {
    source: "poseidon-solidity 0.0.5 (npm) deploy/PoseidonT3.js: `data` sent to `proxy` deploys the library at `address`",
    proxy: stock.proxy.address,
    data: stock.PoseidonT3.data,
    address: stock.PoseidonT3.address,
  },
  leanImt: {
    // Every hasher, the Stylus program included (one meter run per hash: keep it small).
    small: leanImtScenario({ seed: 1, inserts: 9, batches: [7, 1], updates: [3, 16], removes: [8, 0] }),
    // Every hasher too, past depth 5 (the Stylus link pays ~60 ms a hash in forge: about 200 hashes): 120
    // leaves by insertMany, 12 inserts one by one through 2^7 (depth 7 to 8), insertMany of 5 (137
    // leaves), then updates at the right edge (136, the lone last leaf, and 135) and inside (64), and a
    // removal near the edge (133).
    medium: leanImtScenario({ seed: 5, prefill: 120, inserts: 12, batches: [5], updates: [136, 135, 64], removes: [133] }),
    // The EVM hashers only: 1,100 inserts one by one (sizes up to 2^10 + 76), then insertMany of 100.
    large: leanImtScenario({ seed: 2, inserts: 1100, batches: [100], updates: [500, 1199], removes: [1023] }),
  },
  semaphore: {
    small: semaphoreScenario({ seed: 3, adds: 4, batches: [6], updates: [2], removes: [5] }),
    // Every hasher too, past 100 members (depth 7): three addMember, addMembers of 98 and of 4 (105
    // members), updateMember at the right edge (104) and inside (40), removeMember near the edge (103),
    // one more addMember.
    medium: semaphoreScenario({ seed: 6, adds: 3, batches: [98, 4], updates: [104, 40], removes: [103] }),
    // A group of 1,000 (ten addMembers of 100), then one addMember, an update and a removal.
    large: semaphoreScenario({ seed: 4, adds: 0, batches: Array(10).fill(100), updates: [321], removes: [999] }),
  },
  noirHash: { hash_1: noirHash(1), hash_2: noirHash(2), hash_3: noirHash(3) },
};

const content = JSON.stringify(doc, null, 2) + "\n";
const url = new URL(`../../${OUT}`, import.meta.url);
if (check) {
  let current = null;
  try {
    current = readFileSync(url, "utf8");
  } catch {}
  if (current !== content) {
    console.error(`gen-app-vectors: stale or missing: ${OUT}; run \`node scripts/gen/gen-app-vectors.mjs\` and commit`);
    process.exit(1);
  }
  console.log(`gen-app-vectors: ${OUT} is current`);
} else {
  writeFileSync(url, content);
  console.log(`wrote ${OUT}`);
}
