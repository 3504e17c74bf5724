// Generated files, written or checked: each is written (and named on stdout), or with --check compared
// with the committed file; a stale or missing file makes the check exit 1, naming every such file and
// the command that regenerates them.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The committed file's text, or null when there is none. */
function committed(file) {
  try {
    return readFileSync(path.join(ROOT, file), "utf8");
  } catch {
    return null;
  }
}

/**
 * `files`: [repository path, content] pairs. `generator`: the script's path below scripts/ without
 * `.mjs` (e.g. `gen/gen-vectors`), for the message and the command that regenerates.
 */
export function writeOrCheck(files, { check, generator }) {
  const stale = [];
  for (const [file, content] of files) {
    if (check) {
      if (committed(file) !== content) stale.push(file);
    } else {
      writeFileSync(path.join(ROOT, file), content);
      console.log(`wrote ${file}`);
    }
  }
  if (stale.length) {
    console.error(`${path.basename(generator)}: stale or missing: ${stale.join(", ")}; run \`node scripts/${generator}.mjs\` and commit`);
    process.exit(1);
  }
}
