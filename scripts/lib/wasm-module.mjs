// A built Stylus module as scripts/build-wasm.sh checks it:
//   node scripts/lib/wasm-module.mjs sizes FILE                        prints "raw_bytes brotli_bytes"
//       (brotli quality 11, window 22, as cargo-stylus compresses it)
//   node scripts/lib/wasm-module.mjs limits FILE --max-data-bytes N    prints its imports, exports, data
//       segments and initial memory; exits 1 naming each Stylus limit it breaks
import fs from "node:fs";
import zlib from "node:zlib";
import { parseOptions } from "./args.mjs";

const USAGE = "node scripts/lib/wasm-module.mjs sizes FILE | limits FILE --max-data-bytes N";

export function brotliBytes(wasm) {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  return zlib.brotliCompressSync(wasm, { params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: 22, [BROTLI_PARAM_SIZE_HINT]: wasm.length } }).length;
}

/** The sections Stylus constrains: imports, exports, data segments, memory; and what breaks a rule. */
export function inspect(bytes) {
  let at = 8;
  const u32 = () => {
    let r = 0, s = 0, b;
    do {
      b = bytes[at++];
      r |= (b & 0x7f) << s;
      s += 7;
    } while (b & 0x80);
    return r >>> 0;
  };
  const name = () => {
    const n = u32();
    const s = bytes.subarray(at, at + n).toString();
    at += n;
    return s;
  };
  const skipConstExpr = () => {
    while (bytes[at++] !== 0x0b) {}
  };
  const problems = [];
  let dataBytes = 0, segments = 0, pages = null;
  const exports = [], imports = [];
  while (at < bytes.length) {
    const id = bytes[at++], size = u32(), end = at + size;
    if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        const module = name(), field = name(), kind = bytes[at++];
        imports.push(`${module}.${field}`);
        if (kind === 0) u32();
        else {
          problems.push(`non-function import ${module}.${field}`);
          break;
        }
      }
    } else if (id === 5) {
      u32();
      const flags = bytes[at++];
      pages = u32();
      if (flags & 1) u32();
    } else if (id === 7) {
      for (let n = u32(); n > 0; n--) {
        exports.push(name());
        at++;
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
        at += len;
      }
    } else if (id === 12) {
      problems.push("DataCount section present (full bulk-memory): Nitro rejects it");
    } else if (id === 8) {
      problems.push("start function present: Stylus rejects it");
    }
    at = end;
  }
  const foreign = imports.filter((i) => !i.startsWith("vm_hooks."));
  if (foreign.length) problems.push(`imports outside vm_hooks: ${foreign.join(", ")}`);
  if (!exports.includes("user_entrypoint")) problems.push("user_entrypoint is not exported");
  if (!exports.includes("memory")) problems.push("memory is not exported");
  return { imports, foreign, exports, segments, dataBytes, pages, problems };
}

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
