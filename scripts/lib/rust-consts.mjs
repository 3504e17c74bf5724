// The numbers of a Rust `const` in a parameter file, for the generators that turn the Rust library's
// parameters into Solidity (scripts/gen/gen-goldilocks-yul.mjs, gen-miden-yul.mjs, gen-rescue-yul.mjs),
// so no constant is typed twice.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * `rustConsts(file)(name)`: every number of `const NAME: … = …;` in the repository file `file`, in order,
 * as BigInts (decimal, 0x-hex, and with `signed` a leading minus). Throws naming the file when the
 * constant is missing.
 */
export function rustConsts(file) {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return (name, { signed = false } = {}) => {
    const start = source.search(new RegExp(`\\bconst ${name}:`));
    if (start < 0) throw new Error(`${file}: ${name} not found`);
    const value = source.indexOf(" = ", start) + 3;
    const end = source[value] === "[" ? source.indexOf("];", value) + 1 : source.indexOf(";", value);
    const pattern = signed ? /-?\b\d+\b|0x[0-9a-f]+/g : /0x[0-9a-f]+|\b\d+\b/g;
    return [...source.slice(value, end).matchAll(pattern)].map((m) => BigInt(m[0]));
  };
}
