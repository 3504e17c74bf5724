// A row of the gas report: one figure and what it is the figure of. Every producer builds its rows
// here (row(), subject), every reader picks them by these fields (find(), one()), never by the
// display text, which label() derives from the fields.
//
//   section   the report section (SECTIONS)
//   fn        the signature called, or the app operation (APP_FN)
//   subject   what was measured: {kind, deployable?, file?, app?, variant?, package?, name?, language?}
//               kind       stylus      one of our Stylus programs (deployable: target/stylus/<deployable>.wasm)
//                          yul         our Yul contract (deployable: its name; file: its source)
//                          solidity    our plain Solidity contract (same)
//                          in-process  a Rust contract hashing in-process (name: what it is)
//                          peer        another project's code (name, language, package)
//                          stock       the as-published baseline of the apps (name, language, package)
//               app        the app around the hasher (APPS), when the row is an app's transaction
//               variant    which build or form, when one subject has several (e.g. "zk-kit-storage")
//   cached    true / false for Stylus programs, null where it does not apply
//   gas       a transaction's gas − 21,000 (or what the row's note says)
//   source    "anvil", "model", "model, ArbOS N", "nitro", "published"
//   note?     prose for the report's notes
//   detail?   the figures behind the note, as numbers (kept in gas.json)
//   record?   the measurement's inputs (traces, transactions), kept out of gas.json
//
// validate() is the render-time check: unknown kind, missing field, duplicate identity (section, fn,
// subject, cached, source) each stop the report with one line.

export const SECTIONS = {
  circomlib: "circomlib Poseidon",
  apps: "Apps: zk-kit LeanIMT and Semaphore",
  poseidon2: "Poseidon2",
  goldilocks: "Goldilocks",
  inProcess: "In-process in a stylus-sdk contract",
  mimc: "MiMC (circomlib)",
};
/** The report's order; a section not listed follows them, in order of appearance. */
export const SECTION_ORDER = [SECTIONS.circomlib, SECTIONS.apps, SECTIONS.poseidon2, SECTIONS.goldilocks, SECTIONS.mimc];

/** The apps whose transactions the report measures; `ours`: the app itself is ours (its hasher needs no "ours"). */
export const APPS = {
  "example-tree": { name: "IncrementalMerkleTree", ours: true },
  "lean-imt": { name: "zk-kit LeanIMT 2.0.1" },
  semaphore: { name: "Semaphore 4.14.3" },
  "mimc-tree": { name: "MiMCMerkleTree", ours: true },
};

const fmt = (n) => n.toLocaleString("en-US");
/** The apps' operations (the `fn` of their rows), for the producers and the readers alike. */
export const APP_FN = {
  /** An insert into a tree of `size` leaves: it hashes once per level of the new tree. */
  leanInsert: (size) => `LeanIMT insert, size ${fmt(size)} (${size === 0 ? "no hash" : `${size.toString(2).length} hash${size === 1 ? "" : "es"}`})`,
  leanInsertMean: (from, to) => `LeanIMT insert, sizes ${fmt(from)}–${fmt(to - 1)} (mean of ${to - from})`,
  leanInsertMany: (count, size) => `LeanIMT insertMany(${count}), size ${fmt(size)}`,
  leanUpdate: (size) => `LeanIMT update, size ${fmt(size)}`,
  createGroup: () => "Semaphore createGroup()",
  addMember: (size) => `Semaphore addMember, group of ${fmt(size)}`,
  addMembers: (count, size) => `Semaphore addMembers(${count}), group of ${fmt(size)}`,
  updateMember: (size) => `Semaphore updateMember, group of ${fmt(size)}`,
  removeMember: (size) => `Semaphore removeMember, group of ${fmt(size)}`,
  /** solidity/examples/MiMCMerkleTree.sol's insert, hashing each level with two `MiMCSponge` calls or one `hashLeftRight` call. */
  mimcTreeInsert: (depth, inserts, oneCall) =>
    `insert, depth ${depth}, mean of ${inserts} (${oneCall ? "one hashLeftRight call" : "two MiMCSponge calls"} per level)`,
};

const LANGUAGE = { stylus: "Rust", "in-process": "Rust", yul: "Yul", solidity: "Solidity" };
export const KINDS = ["stylus", "yul", "solidity", "peer", "stock", "in-process"];
/** The subject fields each kind needs (yul and solidity need `file` only outside an app). */
const NEEDS = {
  stylus: ["deployable"],
  yul: ["deployable"],
  solidity: ["deployable"],
  "in-process": ["name"],
  peer: ["name", "language"],
  stock: ["name", "language", "package"],
};

/** Subjects, one builder per kind. */
export const subject = {
  stylus: (deployable, extra = {}) => ({ kind: "stylus", deployable, ...extra }),
  yul: (deployable, extra = {}) => ({ kind: "yul", deployable, ...extra }),
  solidity: (deployable, extra = {}) => ({ kind: "solidity", deployable, ...extra }),
  inProcess: (name, extra = {}) => ({ kind: "in-process", name, ...extra }),
  peer: (name, language, extra = {}) => ({ kind: "peer", name, language, ...extra }),
  stock: (name, language, extra = {}) => ({ kind: "stock", name, language, ...extra }),
};

/** A row, its fields in one order. */
export function row({ section, fn, subject: what, cached = null, gas, source, note, detail, record }) {
  return {
    section,
    fn,
    subject: what,
    cached,
    gas,
    source,
    ...(note ? { note } : {}),
    ...(detail ? { detail } : {}),
    ...(record ? { record } : {}),
  };
}

/** The row's language column. */
export const language = (r) => r.subject.language ?? LANGUAGE[r.subject.kind];

/**
 * The row's display name (the report's implementation column). Our hasher inside someone else's app
 * says "ours"; outside an app our EVM contracts name their source file.
 */
export function label(r) {
  const s = r.subject;
  const app = s.app && s.kind !== "in-process" ? APPS[s.app] : null;
  const ours = app && !app.ours;
  let name;
  if (s.kind === "stylus") name = `${s.deployable}.wasm (${ours ? "ours, " : ""}Stylus)`;
  else if (s.kind === "yul" || s.kind === "solidity") name = app ? (ours ? `${s.deployable} (ours)` : s.deployable) : `${s.deployable} (${s.file})`;
  else if (s.kind === "stock") name = `${s.name} (stock, its CREATE2 deployment)`;
  else name = s.name;
  return app ? `${app.name} + ${name}` : name;
}

/** What makes a row one: no two rows of a report share it. */
export function identity(r) {
  const { kind, app, deployable, package: pkg, variant, file } = r.subject;
  return JSON.stringify([r.section, r.fn, kind, app ?? null, deployable ?? null, pkg ?? null, variant ?? null, file ?? null, r.cached, r.source]);
}

/** The reason `r` is not a row, or null. */
function fault(r) {
  for (const key of ["section", "fn", "subject", "gas", "source"]) {
    if (r[key] === undefined || r[key] === null || r[key] === "") return `no ${key}`;
  }
  if (!KINDS.includes(r.subject.kind)) return `unknown kind ${JSON.stringify(r.subject.kind)} (one of ${KINDS.join(", ")})`;
  const needs = [...NEEDS[r.subject.kind], ...(["yul", "solidity"].includes(r.subject.kind) && !r.subject.app ? ["file"] : [])];
  const missing = needs.find((key) => !r.subject[key]);
  if (missing) return `a ${r.subject.kind} subject without ${missing}`;
  if (r.subject.app && !APPS[r.subject.app]) return `unknown app ${JSON.stringify(r.subject.app)} (one of ${Object.keys(APPS).join(", ")})`;
  if (![true, false, null].includes(r.cached)) return `cached is ${JSON.stringify(r.cached)}, not true, false or null`;
  if (!Number.isFinite(r.gas) || r.gas <= 0) return `bad gas ${JSON.stringify(r.gas)}`;
  for (const [key, value] of Object.entries(r.detail ?? {})) {
    if (typeof value !== "number" && typeof value !== "string") return `detail.${key} is not a number`;
  }
  return null;
}

/** Throws one line naming the first bad row (`where(i)` says where it came from), or a duplicate. */
export function validate(rows, where = (i) => `row ${i}`) {
  const seen = new Map();
  rows.forEach((r, i) => {
    const why = fault(r);
    const short = `${r.section} / ${r.fn} / ${JSON.stringify(r.subject)}`;
    if (why) throw new Error(`${where(i)}: ${why}: ${short}`);
    const id = identity(r);
    if (seen.has(id)) throw new Error(`${where(i)}: the same row as ${where(seen.get(id))} (section, fn, subject, cached, source): ${short}`);
    seen.set(id, i);
  });
  return rows;
}

/**
 * Whether `r` is what `query` asks for: `section`, `fn`, `cached`, `source` compare with the row's,
 * every other key with its subject's (`app: null` asks for none).
 */
export function matches(r, query) {
  return Object.entries(query).every(([key, want]) => {
    const got = ["section", "fn", "cached", "source"].includes(key) ? r[key] : r.subject[key];
    return (got ?? null) === want;
  });
}
export const find = (rows, query) => rows.filter((r) => matches(r, query));
/** The one row `query` picks; throws (naming `what` and the query) when there is none or several. */
export function one(rows, query, what = "row") {
  const found = find(rows, query);
  if (found.length !== 1) throw new Error(`${found.length ? `${found.length} rows` : "no row"} for ${what}: ${JSON.stringify(query)}`);
  return found[0];
}

/** The row as gas.json has it: the fields, then the display columns (implementation, language, function). */
export const published = ({ record, ...r }) => ({ ...r, implementation: label(r), language: language(r), function: r.fn });
