// A built Stylus module as scripts/build-wasm.sh checks it:
//   node scripts/lib/wasm-module.mjs sizes FILE                        prints "raw_bytes brotli_bytes"
//       (brotli quality 11, window 22, as cargo-stylus compresses it)
//   node scripts/lib/wasm-module.mjs limits FILE --max-data-bytes N    prints its imports, exports, data
//       segments and initial memory; exits 1 naming each Stylus limit it breaks
// As a module, also the reader scripts/gen/program-bytes.mjs attributes bytes with: the sections,
// the function bodies and their instructions (with byte offsets and the constants' values), the
// name section's function names, and each function's type.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { parseOptions } from "./args.mjs";

const USAGE = "node scripts/lib/wasm-module.mjs sizes FILE | limits FILE --max-data-bytes N";

/** A cursor over `bytes` from `at`: LEB128 integers, names, and where it stands. */
export function reader(bytes, at = 0) {
  const r = {
    get at() {
      return at;
    },
    set at(to) {
      at = to;
    },
    byte: () => bytes[at++],
    u32() {
      let v = 0, shift = 0, b;
      do {
        b = bytes[at++];
        v |= (b & 0x7f) << shift;
        shift += 7;
      } while (b & 0x80);
      return v >>> 0;
    },
    /** A signed LEB128 (i32.const, i64.const, a block type) as a BigInt. */
    signed() {
      let v = 0n, shift = 0n, b;
      do {
        b = bytes[at++];
        v |= BigInt(b & 0x7f) << shift;
        shift += 7n;
      } while (b & 0x80);
      return b & 0x40 ? v - (1n << shift) : v;
    },
    name() {
      const n = r.u32();
      const s = bytes.subarray(at, at + n).toString();
      at += n;
      return s;
    },
  };
  return r;
}

/** The sections in order: id, a custom section's name, and [start, end) with the id and size bytes. */
export function sections(bytes) {
  const r = reader(bytes, 8);
  const out = [];
  while (r.at < bytes.length) {
    const start = r.at, id = r.byte(), size = r.u32(), body = r.at;
    out.push({ id, name: id === 0 ? r.name() : undefined, start, body, end: body + size });
    r.at = body + size;
  }
  return out;
}

const section = (bytes, id, name) => sections(bytes).find((s) => s.id === id && s.name === name);

/** The code section's bytes (section header included), or an empty buffer. */
export function codeSection(bytes) {
  const s = section(bytes, 10);
  return s ? bytes.subarray(s.start, s.end) : Buffer.alloc(0);
}

/** Each function's params + results: `types` (one per type) and `functions` (type of each defined function). */
export function signatures(bytes) {
  const types = [], functions = [];
  let imported = 0;
  const typeSection = section(bytes, 1);
  if (typeSection) {
    const r = reader(bytes, typeSection.body);
    for (let n = r.u32(); n > 0; n--) {
      if (r.byte() !== 0x60) throw new Error("wasm-module: a type that is not a function type");
      const params = r.u32();
      r.at += params;
      const results = r.u32();
      r.at += results;
      types.push({ params, results });
    }
  }
  const importSection = section(bytes, 2);
  if (importSection) {
    const r = reader(bytes, importSection.body);
    for (let n = r.u32(); n > 0; n--) {
      r.name();
      r.name();
      if (r.byte() !== 0) throw new Error("wasm-module: a non-function import");
      r.u32();
      imported++;
    }
  }
  const functionSection = section(bytes, 3);
  if (functionSection) {
    const r = reader(bytes, functionSection.body);
    for (let n = r.u32(); n > 0; n--) functions.push(r.u32());
  }
  return { types, functions, imported };
}

/** The function bodies: index (imports first, as calls and names count), [start, end) with the size byte(s), code start after the locals. */
export function functionBodies(bytes) {
  const s = section(bytes, 10);
  if (!s) return [];
  const { imported } = signatures(bytes);
  const r = reader(bytes, s.body);
  const out = [];
  for (let i = 0, n = r.u32(); i < n; i++) {
    const start = r.at, size = r.u32(), end = r.at + size;
    for (let groups = r.u32(); groups > 0; groups--) {
      r.u32();
      r.byte();
    }
    out.push({ index: imported + i, start, code: r.at, end });
    r.at = end;
  }
  return out;
}

/** The function names of the name section (subsection 1): index -> name. */
export function functionNames(bytes) {
  const names = new Map();
  const s = section(bytes, 0, "name");
  if (!s) return names;
  const r = reader(bytes, s.body);
  r.name();
  while (r.at < s.end) {
    const kind = r.byte(), size = r.u32(), end = r.at + size;
    if (kind === 1) for (let n = r.u32(); n > 0; n--) names.set(r.u32(), r.name());
    r.at = end;
  }
  return names;
}

// Immediates per opcode (the MVP, sign-ext, non-trapping conversions, bulk memory, reference types).
const U32 = ["u32"], MEMARG = ["u32", "u32"];
const IMMEDIATES = new Map([
  [0x02, ["block"]], [0x03, ["block"]], [0x04, ["block"]],
  [0x0c, U32], [0x0d, U32], [0x0e, ["table"]], [0x10, U32], [0x11, ["u32", "u32"]], [0x1c, ["types"]],
  [0x20, U32], [0x21, U32], [0x22, U32], [0x23, U32], [0x24, U32], [0x25, U32], [0x26, U32],
  [0x3f, U32], [0x40, U32], [0x41, ["signed"]], [0x42, ["signed"]], [0x43, [4]], [0x44, [8]],
  [0xd0, [1]], [0xd2, U32],
]);
for (let op = 0x28; op <= 0x3e; op++) IMMEDIATES.set(op, MEMARG);
/** Opcodes without immediates: unreachable, nop, else, end, return, drop, select, the numeric ones, ref.is_null. */
const BARE = (op) => [0x00, 0x01, 0x05, 0x0b, 0x0f, 0x1a, 0x1b, 0xd1].includes(op) || (op >= 0x45 && op <= 0xc4);
const FC_IMMEDIATES = [[], [], [], [], [], [], [], [], ["u32", "u32"], U32, ["u32", "u32"], U32, ["u32", "u32"], U32, ["u32", "u32"], U32, U32, U32];

/**
 * The instructions of a function body (from `functionBodies`): opcode (0xfc-prefixed ones as
 * 0xfc00 + the sub-opcode), [start, end), and a constant's value (BigInt) for i32/i64.const.
 */
export function* instructions(bytes, body) {
  const r = reader(bytes, body.code);
  while (r.at < body.end) {
    const start = r.at;
    let op = r.byte(), value;
    let immediates = IMMEDIATES.get(op) ?? (BARE(op) ? [] : undefined);
    if (op === 0xfc) {
      const sub = r.u32();
      immediates = FC_IMMEDIATES[sub];
      op = 0xfc00 + sub;
    }
    if (!immediates) throw new Error(`wasm-module: unknown opcode 0x${op.toString(16)} at byte ${start}`);
    for (const kind of immediates) {
      if (typeof kind === "number") r.at += kind;
      else if (kind === "u32") r.u32();
      else if (kind === "signed") value = r.signed();
      else if (kind === "block") {
        // the empty type (0x40), a value type (one byte, 0x6f-0x7f), or a type index (s33)
        const b = bytes[r.at];
        if (b === 0x40 || (b >= 0x6f && b <= 0x7f)) r.at++;
        else r.signed();
      } else if (kind === "table") for (let n = r.u32() + 1; n > 0; n--) r.u32();
      else if (kind === "types") r.at += r.u32();
    }
    yield { op, start, end: r.at, value };
  }
  if (r.at !== body.end) throw new Error(`wasm-module: a function body overruns its size at byte ${body.end}`);
}

export function brotliBytes(wasm) {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  return zlib.brotliCompressSync(wasm, { params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: 22, [BROTLI_PARAM_SIZE_HINT]: wasm.length } }).length;
}

/** The sections Stylus constrains: imports, exports, data segments, memory; and what breaks a rule. */
export function inspect(bytes) {
  const r = reader(bytes);
  const { u32, name } = r;
  const skipConstExpr = () => {
    while (r.byte() !== 0x0b) {}
  };
  const problems = [];
  let dataBytes = 0, segments = 0, pages = null;
  const exports = [], imports = [];
  for (const { id, body } of sections(bytes)) {
    r.at = body;
    if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        const module = name(), field = name(), kind = r.byte();
        imports.push(`${module}.${field}`);
        if (kind === 0) u32();
        else {
          problems.push(`non-function import ${module}.${field}`);
          break;
        }
      }
    } else if (id === 5) {
      u32();
      const flags = r.byte();
      pages = u32();
      if (flags & 1) u32();
    } else if (id === 7) {
      for (let n = u32(); n > 0; n--) {
        exports.push(name());
        r.byte();
        u32();
      }
    } else if (id === 11) {
      for (let n = u32(); n > 0; n--) {
        const flags = u32();
        if (flags === 2) u32();
        if (flags !== 1) skipConstExpr();
        const len = u32();
        dataBytes += len;
        segments++;
        r.at += len;
      }
    } else if (id === 12) {
      problems.push("DataCount section present (full bulk-memory): Nitro rejects it");
    } else if (id === 8) {
      problems.push("start function present: Stylus rejects it");
    }
  }
  const foreign = imports.filter((i) => !i.startsWith("vm_hooks."));
  if (foreign.length) problems.push(`imports outside vm_hooks: ${foreign.join(", ")}`);
  if (!exports.includes("user_entrypoint")) problems.push("user_entrypoint is not exported");
  if (!exports.includes("memory")) problems.push("memory is not exported");
  return { imports, foreign, exports, segments, dataBytes, pages, problems };
}

function main() {
  const { values, positionals } = parseOptions({ "max-data-bytes": { type: "string" } }, { allowPositionals: true, usage: USAGE });
  const [command, file, ...rest] = positionals;
  if (!file || rest.length || !["sizes", "limits"].includes(command) || (command === "limits") !== (values["max-data-bytes"] !== undefined)) {
    console.error(`error: wasm-module: usage: ${USAGE}`);
    process.exit(2);
  }
  const wasm = fs.readFileSync(file);
  if (command === "sizes") {
    console.log(wasm.length, brotliBytes(wasm));
  } else {
    const m = inspect(wasm);
    console.log(`  imports: ${m.imports.length} (all vm_hooks: ${m.foreign.length === 0}); exports: ${m.exports.join(", ")}`);
    console.log(`  data segments: ${m.segments}, ${m.dataBytes} bytes; initial memory: ${m.pages} page(s) of 64 KiB`);
    // The module's structure on stderr (as before), the data budget on stdout beside the figure.
    if (m.problems.length) console.error(m.problems.map((p) => `  limit violated: ${p}`).join("\n"));
    const max = Number(values["max-data-bytes"]);
    if (m.dataBytes > max) {
      console.log(`  limit violated: data segments hold ${m.dataBytes} bytes (> ${max}): round constants leaked into memory or a panic path became reachable; every call pays ~0.75 gas per byte`);
    }
    if (m.problems.length || m.dataBytes > max) process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
