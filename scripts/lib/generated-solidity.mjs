// Generated Solidity, written or checked: each file goes through `forge fmt` in a scratch directory,
// then replaces the committed file (write) or is compared with it (--check, which exits 1 naming every
// stale or missing file). Used by scripts/gen/gen-solidity.mjs and scripts/gen/gen-goldilocks-yul.mjs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { foundryBin } from "./foundry.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * `files`: [repository path, content] pairs. `generator`: the script's name, for its messages and the
 * command that regenerates. Returns the paths found stale (check) or written.
 */
export function writeOrCheckSolidity(files, { check, generator }) {
  const forge = foundryBin("forge");
  const scratch = mkdtempSync(path.join(tmpdir(), `${generator}-`));
  const stale = [];
  try {
    for (const [file, content] of files) {
      const scratchFile = path.join(scratch, path.basename(file));
      writeFileSync(scratchFile, content);
      execFileSync(forge, ["fmt", scratchFile], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
      const formatted = readFileSync(scratchFile, "utf8");
      if (check) {
        let current = null;
        try {
          current = readFileSync(path.join(ROOT, file), "utf8");
        } catch {}
        if (current !== formatted) stale.push(file);
      } else {
        writeFileSync(path.join(ROOT, file), formatted);
        console.log(`wrote ${file}`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (stale.length) {
    console.error(`${generator}: stale or missing: ${stale.join(", ")}; run \`node scripts/${generator}.mjs\` and commit`);
    process.exit(1);
  }
}
