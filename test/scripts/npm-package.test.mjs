// The npm package, tried as a new Solidity user would, run with `node --test test/scripts/` after
// scripts/build-wasm.sh: `npm pack`, then a fresh forge project outside the repository installs the
// tarball, imports the interface through a remapping, and calls the Stylus program at its documented
// address (PoseidonAddresses, run by the meter through the package's testing helper) and the Yul
// reference built from the package's sources: the same hash from both, equal to circomlibjs. It also
// installs poseidon-solidity and links an app's unchanged `PoseidonT3.hash([a, b])` to our T3 program
// with forge's --libraries (checked by StylusMeterPrograms.assertLinked, which refuses a wrong link),
// and, without ffi, the stand-in asks for ffi. The meter is the package's own (bin/stylus-meter, prebuilt
// for Linux x86-64): the project has no Rust; on another platform the launcher says how to build one.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { frameGas, hashGas } from "../../scripts/chain/npm-package.mjs";
import { METER, loadRegistry, stylusEntries } from "../../scripts/lib/deployables.mjs";
import { ROOT, foundryBin, packagedTarball } from "./helpers.mjs";

const work = mkdtempSync(join(tmpdir(), "npm-package-"));
after(() => rmSync(work, { recursive: true, force: true }));

const forge = foundryBin("forge");
const sh = (command, args, cwd) => {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 300_000 });
  assert.equal(r.status, 0, `${command} ${args.join(" ")}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

test("npm package: a new forge project installs the tarball and gets the same hash from the Stylus program at its address and from the Yul reference", async () => {
  const registry = loadRegistry();
  const check = (name, sig) => registry.stylus.find((e) => e.name === name).checks.find((c) => c.sig === sig);
  // A one-sibling path: the test below writes its arguments into Solidity.
  const merkle = check("PoseidonStylusMerkle", "rootFromPath(uint256,uint256[],uint256)");
  assert.match(merkle.args[1], /^\[0x[0-9a-f]+\]$/);
  for (const file of [METER, ...stylusEntries(registry).map((e) => join(ROOT, "target", "stylus", `${e.wasm}.wasm`))]) {
    assert.ok(existsSync(file), `${file} is missing: run scripts/build-wasm.sh before this test`);
  }
  const tarball = await packagedTarball();
  const listed = sh("tar", ["tzf", tarball]).split("\n").filter(Boolean).sort();
  for (const file of ["package.json", "README.md", "bin/stylus-meter", "bin/linux-x64/stylus-meter", "bin/stylus-meter.md", "bin/stylus-poseidon-forge", "deployments/addresses.json", "solidity/IStylusPoseidon.sol", "solidity/PoseidonAddresses.sol", "solidity/PoseidonHasher.sol", "solidity/PoseidonT3Yul.sol", "solidity/Poseidon2Yul.sol", "solidity/testing/StylusMeterProgram.sol", "solidity/generated/IPoseidonAliases.sol", "solidity/deploy/PoseidonT3YulDeployment.sol", "wasm/poseidon_stylus.wasm", "wasm/poseidon_stylus_merkle.wasm"]) {
    assert.ok(listed.includes(`package/${file}`), `the package lacks ${file}`);
  }
  assert.ok(!listed.some((f) => /\/target\/|\.t\.sol$|node_modules/.test(f)), `unexpected files: ${listed.join(", ")}`);
  const readme = sh("tar", ["xzOf", tarball, "package/README.md"]);
  assert.ok(!readme.includes("{{"), "a README placeholder is left");
  assert.ok(readme.includes(hashGas()), `the README's hash(1, 2) gas is not gas-report/gas.json's (${hashGas()})`);
  assert.ok(readme.includes(frameGas()), `the README's hash(1, 2) frame is not gas-report/gas.json's (${frameGas()})`);

  // A project outside the repository, with nothing but the package (and, on this offline machine,
  // the repository's solc: forge cannot download one here), with forge's default settings.
  const project = join(work, "new-user");
  mkdirSync(join(project, "test"), { recursive: true });
  mkdirSync(join(project, "src"));
  sh("npm", ["init", "-y"], project);
  sh("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], project);
  const installed = JSON.parse(readFileSync(join(project, "node_modules", "stylus-poseidon", "package.json"), "utf8"));
  assert.equal(installed.name, "stylus-poseidon");
  // The package's meter, run through its launcher (and npm's bin link), with no Rust in the project.
  const PACKAGED_METER = "node_modules/stylus-poseidon/bin/stylus-meter";
  assert.match(sh(join(project, PACKAGED_METER), ["--version"], project), /^stylus-meter \d+\.\d+\.\d+/);
  assert.match(sh(join(project, "node_modules", ".bin", "stylus-meter"), ["--version"], project), /^stylus-meter /);
  const frame = JSON.parse(
    sh(join(project, PACKAGED_METER), ["call", "--wasm", "node_modules/stylus-poseidon/wasm/poseidon_stylus.wasm", "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"], project),
  ).gas.frame_cached;
  // Elsewhere the launcher says, in one line, that it ships Linux x86-64 only and how to build one.
  const fakeUname = join(work, "fake-uname");
  mkdirSync(fakeUname, { recursive: true });
  writeFileSync(join(fakeUname, "uname"), '#!/bin/sh\ncase "$1" in -s) echo Darwin ;; -m) echo arm64 ;; esac\n', { mode: 0o755 });
  const elsewhere = spawnSync(join(project, PACKAGED_METER), ["--version"], { cwd: project, encoding: "utf8", env: { ...process.env, PATH: `${fakeUname}:${process.env.PATH}` } });
  assert.equal(elsewhere.status, 127);
  assert.equal(elsewhere.stderr.trim().split("\n").length, 1, elsewhere.stderr);
  assert.match(elsewhere.stderr, /prebuilt for Linux x86-64 only, not for Darwin arm64: .*cargo install --locked --path crates\/stylus-meter/);
  writeFileSync(
    join(project, "foundry.toml"),
    `[profile.default]
src = "src"
test = "test"
libs = ["node_modules"]
remappings = ["stylus-poseidon/=node_modules/stylus-poseidon/"]
solc = "${join(ROOT, "scripts", "solc-shim", "solc")}"
offline = true
ffi = true
`,
  );
  const documented = JSON.parse(readFileSync(join(ROOT, "deployments", "addresses.json"), "utf8")).contracts;
  writeFileSync(
    join(project, "test", "Hash.t.sol"),
    `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IPoseidonErrors, IPoseidonT3Hasher, IStylusPoseidon} from "stylus-poseidon/solidity/IStylusPoseidon.sol";
import {PoseidonAddresses} from "stylus-poseidon/solidity/PoseidonAddresses.sol";
import {PoseidonHasher} from "stylus-poseidon/solidity/PoseidonHasher.sol";
import {PoseidonT3Yul} from "stylus-poseidon/solidity/PoseidonT3Yul.sol";
import {Poseidon2Yul} from "stylus-poseidon/solidity/Poseidon2Yul.sol";
import {StylusMeterPrograms} from "stylus-poseidon/solidity/testing/StylusMeterProgram.sol";
import {IPoseidonT3Aliases} from "stylus-poseidon/solidity/generated/IPoseidonAliases.sol";
import {PoseidonT3YulDeployment} from "stylus-poseidon/solidity/deploy/PoseidonT3YulDeployment.sol";

interface Vm {
    function etch(address target, bytes calldata code) external;
}

contract HashTest {
    using PoseidonHasher for IPoseidonT3Hasher;

    string constant METER = "${PACKAGED_METER}";

    function setUp() public {
        StylusMeterPrograms.install(
            PoseidonAddresses.POSEIDON_STYLUS, METER, "node_modules/stylus-poseidon/wasm/poseidon_stylus.wasm"
        );
        StylusMeterPrograms.install(
            PoseidonAddresses.POSEIDON_STYLUS_MERKLE, METER, "node_modules/stylus-poseidon/wasm/poseidon_stylus_merkle.wasm"
        );
        StylusMeterPrograms.install(
            PoseidonAddresses.POSEIDON_STYLUS_POSEIDON2,
            METER,
            "node_modules/stylus-poseidon/wasm/poseidon_stylus_poseidon2.wasm"
        );
    }

    function test_documented_addresses() public pure {
        require(PoseidonAddresses.POSEIDON_STYLUS == ${documented.PoseidonStylus.address}, "POSEIDON_STYLUS");
        require(PoseidonAddresses.POSEIDON_T3_YUL == ${documented.PoseidonT3Yul.address}, "POSEIDON_T3_YUL");
    }

    function test_same_hash_from_stylus_and_yul() public {
        IPoseidonT3Hasher stylus = IPoseidonT3Hasher(PoseidonAddresses.POSEIDON_STYLUS);
        IPoseidonT3Hasher yul = new PoseidonT3Yul();
        uint256 expected = ${registry.stylus[0].checks[0].returns}; // circomlibjs poseidon([1, 2])
        require(stylus.hash(1, 2) == expected, "Stylus hash(1, 2)");
        require(yul.hash(1, 2) == expected, "Yul hash(1, 2)");
        require(stylus.hashT3(123, 456) == yul.hashT3(123, 456), "hashT3 through the library");
        uint256 p = 21888242871839275222246405745257275088548364400416034343698204186575808495617;
        try stylus.hash(1, p) returns (uint256) {
            revert("Stylus accepted an input >= p");
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(abi.encodeWithSelector(IPoseidonErrors.InputNotInField.selector, 1, p)), "InputNotInField(1, p)");
        }
    }

    /// The documented Yul code, whatever this project's solc settings (here forge's defaults), and
    /// poseidon-solidity's selector on it and on the Stylus program.
    function test_documented_yul_code_and_alias_selector() public {
        Vm(address(uint160(uint256(keccak256("hevm cheat code"))))).etch(
            PoseidonT3YulDeployment.ADDRESS, PoseidonT3YulDeployment.runtimeCode()
        );
        require(PoseidonT3YulDeployment.ADDRESS.codehash == PoseidonT3YulDeployment.CODE_HASH, "code hash");
        require(PoseidonT3YulDeployment.ADDRESS == ${documented.PoseidonT3Yul.address}, "documented address");
        uint256 expected = ${registry.stylus[0].checks[0].returns};
        require(IPoseidonT3Aliases(PoseidonT3YulDeployment.ADDRESS).hash([uint256(1), 2]) == expected, "Yul hash([1, 2])");
        require(IPoseidonT3Aliases(PoseidonAddresses.POSEIDON_STYLUS).hash([uint256(1), 2]) == expected, "Stylus hash([1, 2])");
    }

    function test_same_poseidon2_from_stylus_and_yul() public {
        IStylusPoseidon stylus = IStylusPoseidon(PoseidonAddresses.POSEIDON_STYLUS_POSEIDON2);
        IStylusPoseidon yul = IStylusPoseidon(address(new Poseidon2Yul()));
        require(stylus.poseidon2(1, 2) == ${check("PoseidonStylusPoseidon2", "poseidon2(uint256,uint256)").returns}, "Stylus poseidon2(1, 2)");
        require(stylus.poseidon2(7, 8) == yul.poseidon2(7, 8), "poseidon2(7, 8)");
    }

    /// The Merkle functions are at POSEIDON_STYLUS_MERKLE (with hash), not at POSEIDON_STYLUS.
    function test_merkle_functions_at_their_own_address() public view {
        uint256[] memory siblings = new uint256[](1);
        siblings[0] = ${merkle.args[1].slice(1, -1)};
        uint256 leaf = ${merkle.args[0]};
        IPoseidonT3Hasher tree = IPoseidonT3Hasher(PoseidonAddresses.POSEIDON_STYLUS_MERKLE);
        require(tree.rootFromPath(leaf, siblings, ${merkle.args[2]}) == ${merkle.returns}, "rootFromPath");
        require(tree.hash(1, 2) == ${registry.stylus[0].checks[0].returns}, "hash on the Merkle program");
        bytes memory call = abi.encodeCall(IPoseidonT3Hasher.rootFromPath, (leaf, siblings, ${merkle.args[2]}));
        (bool ok, bytes memory reason) = PoseidonAddresses.POSEIDON_STYLUS.staticcall(call);
        require(!ok && keccak256(reason) == keccak256(abi.encodeWithSelector(IStylusPoseidon.InvalidCalldata.selector, bytes4(call))), "T3 program: InvalidCalldata");
    }
}
`,
  );
  // poseidon-solidity as users install it (packed from this repository's pinned copy: no registry here).
  const stockTarball = sh("npm", ["pack", "--pack-destination", work, join(ROOT, "node_modules", "poseidon-solidity")], work).trim().split("\n").pop();
  sh("npm", ["install", "--no-audit", "--no-fund", "--offline", join(work, stockTarball)], project);
  writeFileSync(
    join(project, "test", "Linked.t.sol"),
    `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PoseidonT3} from "poseidon-solidity/PoseidonT3.sol";
import {PoseidonAddresses} from "stylus-poseidon/solidity/PoseidonAddresses.sol";
import {StylusMeterPrograms} from "stylus-poseidon/solidity/testing/StylusMeterProgram.sol";
import {IPoseidonT3Hasher} from "stylus-poseidon/solidity/IStylusPoseidon.sol";

/// An app as written for poseidon-solidity, unchanged: linked with --libraries to our T3 program.
contract App {
    function hash(uint256 a, uint256 b) external pure returns (uint256) {
        return PoseidonT3.hash([a, b]);
    }
}

interface LastCallGas {
    struct Gas {
        uint64 gasLimit;
        uint64 gasTotalUsed;
        uint64 gasMemoryUsed;
        int64 gasRefunded;
        uint64 gasRemaining;
    }
    function lastCallGas() external view returns (Gas memory);
}
contract LinkedTest {
    function linked(address app, address program) external view {
        StylusMeterPrograms.assertLinked(app, program);
    }
    /// The README's way to read a program call's own gas: the meter's in-frame figure.
    function test_last_call_gas_is_the_programs_frame() public {
        IPoseidonT3Hasher(PoseidonAddresses.POSEIDON_STYLUS).hash(1, 2);
        uint256 gas = LastCallGas(address(uint160(uint256(keccak256("hevm cheat code"))))).lastCallGas().gasTotalUsed;
        require(gas == ${frame}, "vm.lastCallGas() is the meter's frame_cached for hash(1, 2)");
    }
    function setUp() public {
        StylusMeterPrograms.install(
            PoseidonAddresses.POSEIDON_STYLUS, "${PACKAGED_METER}", "node_modules/stylus-poseidon/wasm/poseidon_stylus.wasm"
        );
    }

    function test_app_linked_to_our_program() public {
        App app = new App();
        require(address(PoseidonT3) == PoseidonAddresses.POSEIDON_STYLUS, "PoseidonT3 is linked to POSEIDON_STYLUS");
        StylusMeterPrograms.assertLinked(address(app), PoseidonAddresses.POSEIDON_STYLUS);
        try this.linked(address(app), address(0xdead)) {
            revert("assertLinked accepted an address the app does not link");
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(abi.encodeWithSelector(StylusMeterPrograms.NotLinked.selector, address(app), address(0xdead))), "NotLinked(app, program)");
        }
        require(app.hash(1, 2) == ${registry.stylus[0].checks[0].returns}, "circomlibjs poseidon([1, 2])");
    }
}
`,
  );
  const link = `node_modules/poseidon-solidity/PoseidonT3.sol:PoseidonT3:${documented.PoseidonStylus.address}`;
  writeFileSync(
    join(project, "foundry.toml"),
    readFileSync(join(project, "foundry.toml"), "utf8").replace(
      'remappings = ["stylus-poseidon/=node_modules/stylus-poseidon/"]',
      'remappings = ["stylus-poseidon/=node_modules/stylus-poseidon/", "poseidon-solidity/=node_modules/poseidon-solidity/"]',
    ),
  );
  const out = sh(forge, ["test", "-vv", "--libraries", link], project);
  // HashTest (the Stylus program and the Yul, each through its interface) and the linked app
  assert.match(out, /7 tests passed, 0 failed/, out);
  // The stand-in's front has no PUSH0, so it also runs for an older project on a pre-Shanghai EVM
  // (the documented Yul code, compiled for Cancun as Arbitrum runs, is left out there).
  const paris = sh(forge, ["test", "--evm-version", "paris", "--libraries", link, "--no-match-test", "test_documented_yul_code"], project);
  assert.match(paris, /6 tests passed, 0 failed/, paris);

  // Without ffi the stand-in says to turn it on (not that the meter is missing).
  const config = readFileSync(join(project, "foundry.toml"), "utf8");
  writeFileSync(join(project, "foundry.toml"), config.replace("ffi = true", "ffi = false"));
  const noFfi = spawnSync(forge, ["test", "--libraries", link, "--match-test", "test_app_linked"], { cwd: project, encoding: "utf8" });
  writeFileSync(join(project, "foundry.toml"), config);
  assert.notEqual(noFfi.status, 0, "fails without ffi");
  assert.match(noFfi.stdout + noFfi.stderr, /FFI is disabled.*run forge test --ffi/s);
});

test("npm pack at the repository root refuses: the package is only what scripts/chain/npm-package.mjs builds", () => {
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  assert.notEqual(root.name, "stylus-poseidon", "the development workspace must not carry the package's name");
  const r = spawnSync("npm", ["pack", "--dry-run"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  assert.notEqual(r.status, 0, `npm pack at the root succeeded:\n${r.stdout}`);
  assert.match(r.stderr, /node scripts\/chain\/npm-package\.mjs/);
});
