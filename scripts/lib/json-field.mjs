// One field of the JSON document on stdin, for the bash scripts: `... --json | node scripts/lib/json-field.mjs gas.cached_call`.
// Exits 1, naming the path, when the document has no such field.
import fs from "node:fs";
import { parseOptions } from "./args.mjs";

const { positionals } = parseOptions({}, { allowPositionals: true, usage: "node scripts/lib/json-field.mjs PATH < doc.json" });
if (positionals.length !== 1) {
  console.error("error: json-field: usage: node scripts/lib/json-field.mjs PATH < doc.json");
  process.exit(2);
}
const value = positionals[0].split(".").reduce((at, key) => at?.[key], JSON.parse(fs.readFileSync(0, "utf8")));
if (value === undefined) {
  console.error(`error: json-field: no field ${positionals[0]}`);
  process.exit(1);
}
console.log(typeof value === "object" ? JSON.stringify(value) : String(value));
