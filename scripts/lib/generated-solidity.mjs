// Generated Solidity, written or checked: each file goes through `forge fmt` in a scratch directory,
// then replaces the committed file (write) or is compared with it (--check, which exits 1 naming every
// stale or missing file: scripts/lib/generated-files.mjs). Used by scripts/gen/gen-solidity.mjs and
// scripts/gen/gen-goldilocks-yul.mjs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { foundryBin } from "./foundry.mjs";
import { writeOrCheck } from "./generated-files.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * `files`: [repository path, content] pairs. `generator`: the script's name, for its messages and the
 * command that regenerates.
 */
export function writeOrCheckSolidity(files, { check, generator }) {
  const forge = foundryBin("forge");
  const scratch = mkdtempSync(path.join(tmpdir(), `${generator}-`));
  const formatted = [];
  try {
    for (const [file, content] of files) {
      const scratchFile = path.join(scratch, path.basename(file));
      writeFileSync(scratchFile, content);
      execFileSync(forge, ["fmt", scratchFile], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
      formatted.push([file, readFileSync(scratchFile, "utf8")]);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  writeOrCheck(formatted, { check, generator: `gen/${generator}` });
}
