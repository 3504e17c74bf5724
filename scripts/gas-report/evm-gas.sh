#!/usr/bin/env bash
# EVM gas of every Poseidon implementation, measured as transactions on a local anvil node:
# gas = receipt.gasUsed - 21000 (a top-level call from an EOA to a cold contract: calldata plus
# execution). Writes gas-report/evm.json, a rows file ({rows: [...]}, see scripts/gas-report/render.mjs);
# the tree over PoseidonT3Yul also records each insert's calls to the hasher (row `detail`), which
# scripts/gas-report/model-stylus.mjs uses. Starts and stops its own anvil (port EVM_GAS_PORT, default
# 8599). Needs `npm ci` (forge, anvil, cast from npm) and node.
#   scripts/gas-report/evm-gas.sh [output.json]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/foundry.sh
source scripts/lib/anvil.sh
OUT=${1:-gas-report/evm.json}
PORT=${EVM_GAS_PORT:-8599}
ARTIFACTS=target/forge/out
TREE_DEPTH=20
TREE_INSERTS=8

step() { echo "==> evm-gas: $*"; }
fail() { echo "evm-gas: FAILED: $*" >&2; exit 1; }
# field <name>: one top-level field of the JSON document on stdin (node is there: npm needs it).
field() { node -e 'const o = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(o[process.argv[1]])' "$1"; }
# The binaries, not node_modules/.bin's wrappers, which exit 0 whatever happened (scripts/lib/foundry.sh).
FORGE=$(foundry_bin forge) && CAST=$(foundry_bin cast) && ANVIL=$(foundry_bin anvil) || fail "Foundry missing: run npm ci first"

step "forge build"
"$FORGE" build >/dev/null || fail "forge build (see scripts/test-evm.sh)"

step "start anvil on port $PORT"
start_anvil "$PORT" EVM_GAS_PORT
FROM=$("$CAST" rpc eth_accounts --rpc-url "$RPC" | field 0)

send() { # send <to|--create> args... ; prints the receipt JSON, fails on a reverted transaction
  local receipt
  receipt=$("$CAST" send --rpc-url "$RPC" --unlocked --from "$FROM" --json "$@") || fail "cast send $*"
  [ "$(field status <<<"$receipt")" = "0x1" ] || fail "transaction reverted: $*"
  echo "$receipt"
}
deploy() { # deploy <creation code hex> -> address
  send --create "$1" | field contractAddress
}
artifact() { node -e 'console.log(require(process.argv[1]).bytecode.object)' "$PWD/$ARTIFACTS/$1"; }
call_gas() { # call_gas <address> <signature> args... -> gasUsed - 21000
  local used
  used=$(send "$@" | field gasUsed)
  echo $(($(printf '%d' "$used") - 21000))
}

ROWS=$(mktemp)
DETAIL=$(mktemp)
trap 'stop_anvil; rm -f "$ROWS" "$DETAIL"' EXIT
# The report section (hash family) of the rows that follow: set it before each family's rows.
SECTION=""
row() { # row <implementation> <language> <function> <gas> [detail.jsonl]: one JSON line per measurement
  [[ "$4" =~ ^[0-9]+$ ]] || fail "no gas figure for $1 $3"
  [ -n "$SECTION" ] || fail "no SECTION set for $1 $3"
  node -e 'const fs = require("fs");
    const [section, implementation, language, fn, gas, detail] = process.argv.slice(1);
    const row = { section, implementation, language, function: fn, gas: Number(gas), source: "anvil", cached: null };
    if (detail) row.detail = { inserts: fs.readFileSync(detail, "utf8").trim().split("\n").map((l) => JSON.parse(l)) };
    console.log(JSON.stringify(row))' \
    "$SECTION" "$1" "$2" "$3" "$4" "${5:-}" >>"$ROWS"
}

step "deploy hashers"
SOL=$(deploy "$(artifact PoseidonT3.sol/PoseidonT3Solidity.json)")
YUL=$(deploy "$(artifact PoseidonT3Yul.sol/PoseidonT3Yul.json)")
P2=$(deploy "$(artifact Poseidon2Yul.sol/Poseidon2Yul.json)")
PEER=$(deploy "$(artifact PoseidonT3.sol/PoseidonT3.json)")
CIRCOM=$(deploy "$(cat test/vectors/circomlib-poseidon-t3.bytecode)")

# Every other circomlib width: poseidon-solidity's PoseidonT2, T4, T5, T6 (compiled by forge from the
# tests that import them) and circomlibjs's generated contract for the same number of inputs.
step "deploy the other circomlib widths (poseidon-solidity PoseidonT2/T4/T5/T6, circomlibjs createCode(n))"
circomlib_code() { node --input-type=module -e 'import { poseidonContract } from "circomlibjs"; console.log(poseidonContract.createCode(Number(process.argv[1])));' "$1"; }
declare -A PEER_T CIRCOM_T
for inputs in 1 3 4 5; do
  PEER_T[$inputs]=$(deploy "$(artifact "PoseidonT$((inputs + 1)).sol/PoseidonT$((inputs + 1)).json")")
  CIRCOM_T[$inputs]=$(deploy "$(circomlib_code "$inputs")")
done

SECTION="circomlib Poseidon"
step "measure hash(1, 2)"
row "PoseidonT3Solidity (solidity/PoseidonT3.sol)" "Solidity" "hash(1,2)" "$(call_gas "$SOL" 'hash(uint256,uint256)' 1 2)"
row "PoseidonT3Yul (solidity/PoseidonT3Yul.sol)" "Yul" "hash(1,2)" "$(call_gas "$YUL" 'hash(uint256,uint256)' 1 2)"
row "poseidon-solidity 0.0.5 PoseidonT3" "Solidity+assembly" "hash(1,2)" "$(call_gas "$PEER" 'hash(uint256[2])' '[1,2]')"
row "circomlibjs 0.1.7 poseidonContract.createCode(2)" "EVM bytecode" "hash(1,2)" "$(call_gas "$CIRCOM" 'poseidon(uint256[2])' '[1,2]')"

step "measure hash(1), hash(1,2,3), hash(1,2,3,4), hash(1,2,3,4,5)"
for inputs in 1 3 4 5; do
  args=$(seq -s, 1 "$inputs")
  row "poseidon-solidity 0.0.5 PoseidonT$((inputs + 1))" "Solidity+assembly" "hash($args)" \
    "$(call_gas "${PEER_T[$inputs]}" "hash(uint256[$inputs])" "[$args]")"
  row "circomlibjs 0.1.7 poseidonContract.createCode($inputs)" "EVM bytecode" "hash($args)" \
    "$(call_gas "${CIRCOM_T[$inputs]}" "poseidon(uint256[$inputs])" "[$args]")"
done

# The same path as scripts/gas-report/calls.mjs: leaf 1, siblings 2..21, alternating children.
step "measure rootFromPath and nodesFromPath (depth 20)"
SIBLINGS="[$(seq -s, 2 21)]"
PATH_BITS=$((2#10101010101010101010))
row "PoseidonT3Solidity (solidity/PoseidonT3.sol)" "Solidity" "rootFromPath(depth 20)" \
  "$(call_gas "$SOL" 'rootFromPath(uint256,uint256[],uint256)' 1 "$SIBLINGS" "$PATH_BITS")"
row "PoseidonT3Yul (solidity/PoseidonT3Yul.sol)" "Yul" "rootFromPath(depth 20)" \
  "$(call_gas "$YUL" 'rootFromPath(uint256,uint256[],uint256)' 1 "$SIBLINGS" "$PATH_BITS")"
row "PoseidonT3Yul (solidity/PoseidonT3Yul.sol)" "Yul" "nodesFromPath(depth 20)" \
  "$(call_gas "$YUL" 'nodesFromPath(uint256,uint256[],uint256)' 1 "$SIBLINGS" "$PATH_BITS")"

step "measure IncrementalMerkleTree.insert (depth $TREE_DEPTH, mean of the first $TREE_INSERTS inserts)"
TREE_CODE=$(artifact IncrementalMerkleTree.sol/IncrementalMerkleTree.json)
# measure_tree <label> <language> <hasher> <batched> [record]
# With `record`, each insert's row detail keeps the calls the tree made to the hasher (traced, with the
# hasher's own execution gas for each: scripts/gas-report/hasher-calls.mjs), from which
# scripts/gas-report/model-stylus.mjs composes the same tree over the Stylus program.
measure_tree() {
  local args tree total=0 i receipt gas calls
  args=$("$CAST" abi-encode 'constructor(address,uint256,bool)' "$3" "$TREE_DEPTH" "$4")
  tree=$(deploy "$TREE_CODE${args#0x}")
  : >"$DETAIL"
  for i in $(seq 1 "$TREE_INSERTS"); do
    receipt=$(send "$tree" 'insert(uint256)' "$i")
    gas=$(($(printf '%d' "$(field gasUsed <<<"$receipt")") - 21000))
    total=$((total + gas))
    if [ "${5:-}" = record ]; then
      calls=$(node scripts/gas-report/hasher-calls.mjs --rpc "$RPC" --from "$FROM" --hasher "$3" \
        --tx "$(field transactionHash <<<"$receipt")") || fail "tracing the hasher calls of insert $i"
      node -e 'const [index, leaf, gas, calls] = process.argv.slice(1);
        console.log(JSON.stringify({ index: Number(index), leaf, gas: Number(gas), hasher_calls: JSON.parse(calls).calls, refund: JSON.parse(calls).refund }))' \
        "$((i - 1))" "$i" "$gas" "$calls" >>"$DETAIL"
    fi
  done
  local mode=$([ "$4" = true ] && echo "one nodesFromPath call" || echo "one hash call per level")
  row "IncrementalMerkleTree + $1" "$2" "insert, depth $TREE_DEPTH, mean of $TREE_INSERTS ($mode)" $((total / TREE_INSERTS)) \
    "$([ "${5:-}" = record ] && echo "$DETAIL")"
}
measure_tree "PoseidonT3Yul" "Yul" "$YUL" true record
measure_tree "PoseidonT3Yul" "Yul" "$YUL" false
measure_tree "PoseidonT3Solidity" "Solidity" "$SOL" true

SECTION="Poseidon2"
step "measure poseidon2(1, 2)"
row "Poseidon2Yul (solidity/Poseidon2Yul.sol)" "Yul" "poseidon2(1,2)" "$(call_gas "$P2" 'poseidon2(uint256,uint256)' 1 2)"

# Poseidon2: Noir's hash and the t = 4 permutation (NoirPoseidon2Yul, generated Yul; NoirPoseidon2Solidity,
# plain loops), the calls of scripts/gas-report/calls.mjs' Poseidon2 section.
step "measure Noir's Poseidon2 hash and the t = 4 permutation"
NOIR_YUL=$(deploy "$(artifact NoirPoseidon2Yul.sol/NoirPoseidon2Yul.json)")
NOIR_SOL=$(deploy "$(artifact NoirPoseidon2.sol/NoirPoseidon2Solidity.json)")
for impl in "NoirPoseidon2Yul (solidity/NoirPoseidon2Yul.sol)|Yul|$NOIR_YUL" "NoirPoseidon2Solidity (solidity/NoirPoseidon2.sol)|Solidity|$NOIR_SOL"; do
  IFS='|' read -r name language address <<<"$impl"
  row "$name" "$language" "noirHash2(1,2)" "$(call_gas "$address" 'noirHash2(uint256,uint256)' 1 2)"
  for n in 1 2 3 4 8; do
    row "$name" "$language" "noirHash([1..$n])" "$(call_gas "$address" 'noirHash(uint256[])' "[$(seq -s, 1 "$n")]")"
  done
  row "$name" "$language" "poseidon2PermuteT4([1,2,3,4])" "$(call_gas "$address" 'poseidon2PermuteT4(uint256[4])' '[1,2,3,4]')"
  row "$name" "$language" "poseidon2CompressT4([1,2,3,4])" "$(call_gas "$address" 'poseidon2CompressT4(uint256[4])' '[1,2,3,4]')"
done

SECTION="Goldilocks"
# The same calls as scripts/gas-report/calls.mjs's Goldilocks rows.
step "measure GoldilocksPoseidonYul (permute, twoToOne, rootFromPath depth 20)"
GL=$(deploy "$(artifact GoldilocksPoseidonYul.sol/GoldilocksPoseidonYul.json)")
GL_NAME="GoldilocksPoseidonYul (solidity/GoldilocksPoseidonYul.sol)"
GL_STATE="[$(seq -s, 0 11)]"
GL_SIBLINGS="[$(for i in $(seq 0 19); do printf '[%d,%d,%d,%d]\n' $((i + 2)) $((i + 3)) $((i + 4)) $((i + 5)); done | paste -sd, -)]"
row "$GL_NAME" "Yul" "permute([0..11]) (Poseidon)" "$(call_gas "$GL" 'permute(uint64[12])' "$GL_STATE")"
row "$GL_NAME" "Yul" "twoToOne([1,2,3,4],[5,6,7,8]) (Poseidon)" \
  "$(call_gas "$GL" 'twoToOne(uint64[4],uint64[4])' '[1,2,3,4]' '[5,6,7,8]')"
row "$GL_NAME" "Yul" "rootFromPath(depth 20) (Poseidon)" \
  "$(call_gas "$GL" 'rootFromPath(uint64[],uint64[4][],uint256)' '[1,2,3,4]' "$GL_SIBLINGS" "$PATH_BITS")"

step "write $OUT"
mkdir -p "$(dirname "$OUT")"
node - "$ROWS" "$OUT" <<'NODE'
const fs = require("fs");
const [rowsFile, out] = process.argv.slice(2);
const rows = fs.readFileSync(rowsFile, "utf8").trim().split("\n").map((line) => JSON.parse(line));
const hashRows = rows.filter((r) => r.function === "hash(1,2)");
const yul = hashRows.find((r) => r.implementation.startsWith("PoseidonT3Yul")).gas;
const peer = Math.min(...hashRows.filter((r) => /poseidon-solidity|circomlibjs/.test(r.implementation)).map((r) => r.gas));
const report = {
  method: "transaction gasUsed - 21000 on anvil (cancun), top-level call from an EOA to a cold contract; calldata included",
  generated_by: "scripts/gas-report/evm-gas.sh",
  summary: {
    yul_hash_gas: yul,
    cheaper_peer_hash_gas: peer,
    yul_below_cheaper_peer_percent: Math.floor(((peer - yul) * 1000) / peer) / 10,
  },
  rows,
};
fs.writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
for (const r of rows) console.log(`${r.gas}\t${r.function}\t${r.implementation}`);
const s = report.summary;
console.log(`PoseidonT3Yul: ${s.yul_hash_gas} gas, cheaper peer: ${s.cheaper_peer_hash_gas} gas (${s.yul_below_cheaper_peer_percent}% below)`);
NODE
