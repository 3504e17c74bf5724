// poseidon-lite's `poseidonN` of the decimal or 0x inputs given as arguments (N = their count), printed as
// one 32-byte 0x word: the published peer behind the forge suites' fuzz tests (vm.ffi decodes the hex).
//   node test/utils/poseidon-lite.mjs 1 2 3 4 5 6 7
import * as poseidonLite from "poseidon-lite";

const inputs = process.argv.slice(2).map(BigInt);
const hash = poseidonLite[`poseidon${inputs.length}`];
if (!hash) {
  console.error(`poseidon-lite.mjs: poseidon-lite has no poseidon${inputs.length} (1 to 16 inputs)`);
  process.exit(1);
}
process.stdout.write(`0x${hash(inputs).toString(16).padStart(64, "0")}`);
