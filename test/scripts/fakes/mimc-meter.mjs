#!/usr/bin/env node
// A stand-in for `stylus-meter calls` on the MiMC program (poseidon_stylus_mimc.wasm), for
// test/scripts/gas-report.test.mjs to compose the MiMC tree's Stylus rows (scripts/gas-report/model-stylus.mjs)
// before or without the built program: each call of Tornado's `MiMCSponge(uint256,uint256)` or of
// `hashLeftRight(uint256,uint256)` answers circomlibjs 0.1.7's return data at the frame gas the test gives
// per signature ($FAKE_MIMC_FRAMES, JSON), anything else `InvalidCalldata`. Every other program goes to the
// real meter, $STYLUS_METER.
//   mimc-meter.mjs calls --wasm W --calldata-file F --json [--arbos N]   (what compose-stylus.mjs runs)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { buildMimcSponge } from "circomlibjs";
import { toFunctionSelector } from "viem";

const ARBOS = 61;

const argv = process.argv.slice(2);
const { values } = parseArgs({ args: argv.slice(1), options: { wasm: { type: "string" }, "calldata-file": { type: "string" }, json: { type: "boolean" }, arbos: { type: "string" } }, strict: false });
if (basename(values.wasm ?? "") !== "poseidon_stylus_mimc.wasm") {
  const real = spawnSync(process.env.STYLUS_METER, argv, { stdio: "inherit" });
  process.exit(real.status ?? 1);
}
if (argv[0] !== "calls" || !values["calldata-file"]) {
  console.error("mimc-meter: only `calls --wasm W --calldata-file F` is faked");
  process.exit(2);
}

const FRAME_GAS = JSON.parse(process.env.FAKE_MIMC_FRAMES ?? "{}");
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const sponge = await buildMimcSponge();
const hash = (xL, xR) => {
  const out = sponge.hash(xL, xR, 0n);
  return [out.xL, out.xR].map((x) => BigInt(sponge.F.toString(x)));
};
const ANSWERS = {
  "MiMCSponge(uint256,uint256)": ([xL, xR]) => hash(xL, xR),
  "hashLeftRight(uint256,uint256)": ([left, right]) => {
    const [r, c] = hash(left, 0n);
    return [hash((r + right) % P, c)[0]];
  },
};
const bySelector = Object.fromEntries(Object.keys(ANSWERS).map((sig) => [toFunctionSelector(sig), sig]));
const words = (hex) => Array.from({ length: (hex.length - 10) / 64 }, (_, i) => BigInt(`0x${hex.slice(10 + 64 * i, 74 + 64 * i)}`));

const calls = readFileSync(values["calldata-file"], "utf8")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"))
  .map((calldata) => {
    const sig = bySelector[calldata.slice(0, 10)];
    if (!sig || !FRAME_GAS[sig]) return { outcome: "revert", returndata: `0xfe721a12${calldata.slice(2, 10).padEnd(64, "0")}`, gas: { frame: 1 } };
    const returndata = `0x${ANSWERS[sig](words(calldata)).map((x) => x.toString(16).padStart(64, "0")).join("")}`;
    return { outcome: "success", returndata, gas: { frame: FRAME_GAS[sig] } };
  });
console.log(JSON.stringify({ arbos: Number(values.arbos ?? ARBOS), calls }));
