// The Foundry binaries for the Node scripts, as scripts/lib/foundry.sh finds them for the shell ones.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The Foundry binary itself (npm's node_modules/.bin wrappers exit 0 whatever it returned), else PATH's. */
export function foundryBin(tool) {
  const dir = path.join(ROOT, "node_modules", "@foundry-rs");
  const match = fs.existsSync(dir) ? fs.readdirSync(dir).filter((d) => d.startsWith(`${tool}-`)) : [];
  const file = match.length === 1 ? path.join(dir, match[0], "bin", tool) : null;
  return file && fs.existsSync(file) ? file : tool;
}
