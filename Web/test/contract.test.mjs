// Runs the client contract (`contract/`) against the web SDK: every case of every area, except
// those declared in contract/skips/web.json, each through the SDK's own code.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import * as bucketing from "./contract/bucketing.mjs";
import * as display from "./contract/display.mjs";
import { ContractError, folder, glob, readCases, readSkips, skipReason } from "./contract/fixtures.mjs";
import * as identity from "./contract/identity.mjs";
import * as triggers from "./contract/triggers.mjs";

const areas = { triggers, bucketing, identity, display };

/** Runs one case through its area's runner; an unknown area or kind fails. */
export function runCase(contractCase) {
  const area = areas[contractCase.area];
  if (area === undefined) throw new ContractError(`${contractCase.id}: this runner does not know the area`);
  area.run(contractCase);
}

const cases = readCases();
const skips = readSkips("web");

for (const contractCase of cases) {
  const reason = skipReason(skips, contractCase.id);
  test(contractCase.id, reason === undefined ? {} : { skip: reason }, () => runCase(contractCase));
}

test("every case is named once, and every area has cases", () => {
  const ids = cases.map((contractCase) => contractCase.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const area of Object.keys(areas)) assert.ok(cases.some((contractCase) => contractCase.area === area), `no cases for ${area}`);
});

test("every skip gives a reason and names a case", () => {
  for (const [pattern, reason] of Object.entries(skips)) {
    assert.ok(reason.trim() !== "", `the skip ${pattern} gives no reason`);
    assert.ok(cases.some((contractCase) => glob(pattern, contractCase.id)), `the skip ${pattern} names no case`);
  }
});

test("the contract's version is semantic", () => {
  const version = readFileSync(path.join(folder, "VERSION"), "utf8").trim();
  assert.match(version, /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/);
});

test("an unknown area or kind fails instead of passing unnoticed", () => {
  assert.throws(() => runCase({ area: "triggers", name: "x", id: "triggers/x", kind: "somethingNew", input: {}, expected: {} }), ContractError);
  assert.throws(() => runCase({ area: "somewhereNew", name: "x", id: "somewhereNew/x", kind: "condition", input: {}, expected: {} }), ContractError);
});

test("an expectation key the runner does not check fails", () => {
  const contractCase = cases.find((candidate) => candidate.kind === "condition");
  assert.throws(() => runCase({ ...contractCase, expected: { ...contractCase.expected, reason: "x" } }), ContractError);
});
