// The module `cargo stylus deploy` (0.10) puts on chain for a given file: the file with a 47-byte
// custom section `project_hash` appended (32 zero bytes with --no-verify; a verified deployment
// writes the source hash, same size), unless it has one. Nitro prices the module it activates, so
// the deployables (scripts/build-wasm.sh) and the examples (scripts/build-example.sh) are metered as
// deployed. Same rule as stylus_meter::cargo_stylus::as_deployed (the artifact test checks they agree).
//   node scripts/lib/cargo-stylus.mjs as-deployed IN.wasm OUT.wasm
import fs from "node:fs";
import { parseOptions } from "./args.mjs";

const NAME = Buffer.from("project_hash");

/** Whether the module has a custom section named `project_hash`. */
function hasProjectHash(wasm) {
  let at = 8;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 0) {
      const length = leb();
      if (wasm.subarray(at, at + length).equals(NAME)) return true;
    }
    at = end;
  }
  return false;
}

/** `wasm` as cargo-stylus deploys it. */
export function asDeployed(wasm) {
  if (hasProjectHash(wasm)) return wasm;
  const section = Buffer.concat([Buffer.from([0, 1 + NAME.length + 32, NAME.length]), NAME, Buffer.alloc(32)]);
  return Buffer.concat([wasm, section]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const usage = "node scripts/lib/cargo-stylus.mjs as-deployed IN.wasm OUT.wasm";
  const [command, input, output, ...rest] = parseOptions({}, { allowPositionals: true, usage }).positionals;
  if (command !== "as-deployed" || !input || !output || rest.length) {
    console.error(`error: cargo-stylus: usage: ${usage}`);
    process.exit(2);
  }
  fs.writeFileSync(output, asDeployed(fs.readFileSync(input)));
}
