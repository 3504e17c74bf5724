#!/usr/bin/env node
// One rows file from several (their rows and unmeasured rows, in order), e.g. a node's uncached and
// cached runs of measure-nitro.mjs. Usage: node scripts/gas-report/merge-rows.mjs --generated-by S FILE...
import fs from "node:fs";
import { parseOptions } from "../lib/args.mjs";

const { values, positionals } = parseOptions({ "generated-by": { type: "string" } }, { required: ["generated-by"], allowPositionals: true });
const files = positionals.map((file) => JSON.parse(fs.readFileSync(file, "utf8")));
const rows = files.flatMap((f) => f.rows);
const unmeasured = files.flatMap((f) => f.unmeasured ?? []);
fs.writeSync(1, JSON.stringify({ generated_by: values["generated-by"], rows, unmeasured }, null, 2) + "\n");
