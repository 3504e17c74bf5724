// scripts/gen/program-bytes.mjs: where a program's bytes go. On a hand-made module (every column
// known from its construction), on a built program when there is one, and the refusal of a named copy
// whose code is not the deployed code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aliasConstants, attribute, category, demangle, isFieldConstant } from "../../scripts/gen/program-bytes.mjs";
import { ROOT, uleb128 as leb } from "./helpers.mjs";
const sleb = (v) => {
  v = BigInt(v);
  const out = [];
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && !(byte & 0x40)) || (v === -1n && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const vec = (items) => [...leb(items.length), ...items.flat()];
const section = (id, bytes) => [id, ...leb(bytes.length), ...bytes];
const name = (text) => [...leb(Buffer.byteLength(text)), ...Buffer.from(text)];
const body = (code) => [...leb(code.length + 1), 0, ...code]; // no locals

// hash2's poseidon-solidity selector, as the dispatcher compares it (a little-endian load)
const ALIAS = Buffer.from("561558fe", "hex").readInt32LE(0);
const OURS = 0x0bc5cbd5;
const FIELD = 0x1f0fac9fn; // a limb of BN254's p
const testOf = [0x20, 0, 0x41, ...sleb(ALIAS), 0x46, 0x04, 0x40, 0x0b]; // local.get 0, i32.const, i32.eq, if, end
const selectorTest = testOf.length - 1; // all but the if's end
const fieldConst = [0x42, ...sleb(FIELD)];
const bodies = {
  user_entrypoint: body([...testOf, 0x20, 0, 0x41, ...sleb(OURS), 0x46, 0x1a, 0x20, 0, 0x0b]),
  _ZN14poseidon_bn2548poseidon6kernel17h0123456789abcdefE: body([0x20, 0, ...fieldConst, 0x7c, 0x42, ...sleb(0x1fffffff), 0x83, 0x42, 7, 0x7e, 0x0b]),
  _ZN15poseidon_stylus9functions9walk_path17hfedcba9876543210E: body([0x01, 0x0b]),
  memcpy: body([0x0b]),
};

/** The module with either the name section (`named`) or the 47-byte `project_hash` section as deployed. */
function module({ named, code = Object.values(bodies) }) {
  const names = Object.keys(bodies).map((n, i) => [...leb(i), ...name(n)]);
  return Buffer.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    // types: (i32) -> i32, (i64) -> i64, () -> ()
    ...section(1, [3, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 1, 0x7e, 1, 0x7e, 0x60, 0, 0]),
    ...section(3, [4, 0, 1, 2, 2]),
    ...section(10, vec(code)),
    ...(named ? section(0, [...name("name"), ...section(1, vec(names))]) : section(0, [...name("project_hash"), ...Array(32).fill(0)])),
  ]);
}

test("a hand-made module: each column holds what its rule says, and they sum to the file", () => {
  const deployed = module({ named: false });
  const row = attribute(deployed, module({ named: true }), new Set([ALIAS]));
  const size = Object.fromEntries(Object.entries(bodies).map(([n, b]) => [n, b.length]));
  const kernel = size._ZN14poseidon_bn2548poseidon6kernel17h0123456789abcdefE;
  const codeBodies = Object.values(size).reduce((a, b) => a + b, 0);
  assert.deepEqual(
    { ...row, byFunction: undefined },
    {
      total: deployed.length,
      constants: fieldConst.length, // not the mask 0x1fffffff, not 7
      round: kernel - fieldConst.length,
      dispatcher: size.user_entrypoint - selectorTest, // our own selector's test stays here
      merkle: size._ZN15poseidon_stylus9functions9walk_path17hfedcba9876543210E,
      aliases: selectorTest,
      rest: deployed.length - codeBodies + size.memcpy,
      functions: 4,
      params: 2 + 2 + 0 + 0,
      byFunction: undefined,
    },
  );
  assert.deepEqual(
    row.byFunction.map((f) => [f.name, f.column]),
    [
      ["user_entrypoint", "dispatcher"],
      ["poseidon_bn254::poseidon::kernel", "round"],
      ["poseidon_stylus::functions::walk_path", "merkle"],
      ["memcpy", "rest"],
    ],
  );
});

test("a named copy whose code differs from the deployed code is refused", () => {
  const code = Object.values(bodies);
  const changed = [...code.slice(0, 3), body([0x01, 0x0b])]; // memcpy gains a nop
  assert.throws(() => attribute(module({ named: false }), module({ named: true, code: changed }), new Set()), /code section differs/);
  assert.throws(() => attribute(module({ named: false }), module({ named: false }), new Set()), /no function names/);
});

test("names, constants and selectors by the documented rules", () => {
  assert.equal(
    demangle("_ZN115_$LT$poseidon_bn254..poseidon..Width$LT$3_usize$GT$$u20$as$u20$poseidon_bn254..poseidon..Kernels$LT$3_usize$GT$$GT$15companion_round5round6kernel17h936ddafa7671fde8E"),
    "<poseidon_bn254::poseidon::Width<3_usize> as poseidon_bn254::poseidon::Kernels<3_usize>>::companion_round::round::kernel",
  );
  assert.equal(demangle("user_entrypoint"), "user_entrypoint");
  assert.equal(category("<poseidon_bn254::poseidon::Width<3_usize> as poseidon_bn254::poseidon::Kernels<3_usize>>::companion_round::round::kernel"), "round");
  assert.equal(category("poseidon_goldilocks::poseidon2::permute_lanes"), "round");
  assert.equal(category("poseidon_bn254::field::Fr::from_be_bytes"), "dispatcher");
  assert.equal(category("poseidon_stylus::goldilocks::walk"), "merkle");
  assert.equal(category("poseidon_stylus::functions::hash2"), "dispatcher");
  assert.equal(category("poseidon_stylus::allocator::alloc"), "rest");
  assert.equal(category("core::panicking::panic"), "rest");
  const i64 = (value) => isFieldConstant({ op: 0x42, value: BigInt(value) });
  assert.equal(i64(0x1f0fac9f), true);
  assert.equal(i64(-0xffffffff), true); // Goldilocks p = 0xffffffff00000001
  for (const mask of [0x1fffffff, 0xff000000, 2 ** 32, -1, -(2 ** 32), 0xfffff]) assert.equal(i64(mask), false, mask.toString(16));
  assert.equal(isFieldConstant({ op: 0x41, value: 0x1f0fac9fn }), false);
  const aliases = aliasConstants();
  assert.ok(aliases.has(Buffer.from("561558fe", "hex").readInt32BE(0)) && aliases.has(ALIAS));
});

test("the built t = 3 programs: the columns sum to the deployed file; the round kernel and the path walk land in theirs", (t) => {
  const row = (wasm) => {
    const deployed = join(ROOT, "target", "stylus", `${wasm}.wasm`), named = join(ROOT, "target", "stylus", "names", `${wasm}.wasm`);
    if (!existsSync(named)) return null;
    const attributed = attribute(readFileSync(deployed), readFileSync(named), aliasConstants());
    assert.equal(attributed.total, readFileSync(deployed).length, wasm);
    return attributed;
  };
  const [hash, merkle] = [row("poseidon_stylus"), row("poseidon_stylus_merkle")];
  if (!hash || !merkle) return t.skip("not built: scripts/build-wasm.sh --only poseidon_stylus and --only poseidon_stylus_merkle (scripts/test.sh builds them first)");
  const column = (attributed, pattern) => attributed.byFunction.find((f) => pattern.test(f.name))?.column;
  assert.equal(column(hash, /::companion_round::round::kernel$/), "round");
  assert.equal(column(hash, /^user_entrypoint$/), "dispatcher");
  assert.equal(hash.merkle, 0, "the T3 program has no Merkle code");
  assert.equal(column(merkle, /^poseidon_stylus::functions::walk_path$/), "merkle");
  for (const attributed of [hash, merkle]) assert.ok(attributed.aliases > 0 && attributed.constants > 0, "hash2's aliases are tested, its constants are immediates");
});

test("the command: rows for the programs built (--built-only), else it names the missing file", () => {
  const dir = mkdtempSync(join(tmpdir(), "program-bytes-"));
  mkdirSync(join(dir, "names"));
  writeFileSync(join(dir, "poseidon_stylus.wasm"), module({ named: false }));
  writeFileSync(join(dir, "names", "poseidon_stylus.wasm"), module({ named: true }));
  const run = (...args) => spawnSync(process.execPath, [join(ROOT, "scripts", "gen", "program-bytes.mjs"), "--wasm-dir", dir, ...args], { encoding: "utf8" });
  const built = run("--built-only");
  assert.equal(built.status, 0, built.stderr);
  assert.match(built.stdout, new RegExp(`\\| \`poseidon_stylus.wasm\` \\| ${module({ named: false }).length} \\|`));
  const all = run();
  assert.equal(all.status, 1);
  assert.match(all.stderr, /names\/poseidon_stylus_\w+\.wasm not found: build with scripts\/build-wasm.sh --only poseidon_stylus_\w+/);
});
