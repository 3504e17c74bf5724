// Command-line options for the Node scripts: node:util parseArgs, strict, with a one-line error.
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * Parses process.argv for `options` (parseArgs's format). An unknown argument, a missing value, a
 * stray positional or a missing `required` option exits 2 with one line: `error: NAME: <what> (usage: USAGE)`.
 */
export function parseOptions(options, { usage, allowPositionals = false, required = [], argv = process.argv.slice(2) } = {}) {
  const name = path.basename(process.argv[1] ?? "script", ".mjs");
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals, strict: true });
    const missing = required.filter((key) => parsed.values[key] === undefined);
    if (missing.length) throw new Error(`${missing.map((key) => `--${key}`).join(", ")} required`);
    return parsed;
  } catch (e) {
    // parseArgs's messages run over several lines and suggest "--" for values starting with "-".
    const unknown = /Unknown option '([^']+)'/.exec(e.message)?.[1] ?? /Unexpected argument '([^']+)'/.exec(e.message)?.[1];
    const missing = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(e.message)?.[1];
    const what = unknown ? `unknown argument "${unknown}"` : missing ? `${missing} needs a value` : e.message.split("\n")[0].replace(/\.$/, "");
    console.error(`error: ${name}: ${what}${usage ? ` (usage: ${usage})` : ""}`);
    process.exit(2);
  }
}
