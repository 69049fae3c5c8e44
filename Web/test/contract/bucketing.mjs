// The `bucketing` area: the stable hashes, the experiment unit and experiment assignment.
import assert from "node:assert/strict";
import { experimentArm, experimentDraws, experimentUnit, fnv1a64, mixed64, percentile } from "../../.build/lib/model/bucketing.js";
import { userInfo } from "../../.build/lib/model/identity.js";
import { ContractError, expectation } from "./fixtures.mjs";

export function run(contractCase) {
  switch (contractCase.kind) {
    case "hash": return hash(contractCase);
    case "unit": return unit(contractCase);
    case "assignment": return assignment(contractCase);
    default: throw new ContractError(`${contractCase.id}: this runner does not know the kind "${contractCase.kind}"`);
  }
}

const hex = (value) => value.toString(16).padStart(16, "0");

function hash(contractCase) {
  const expected = expectation(contractCase, ["fnv1a64", "mixed64", "percentile"]);
  const { text } = contractCase.input;
  assert.equal(hex(fnv1a64(text)), expected.fnv1a64);
  assert.equal(hex(mixed64(text)), expected.mixed64);
  assert.equal(percentile(text), expected.percentile);
}

function unit(contractCase) {
  const expected = expectation(contractCase, ["unit"]);
  const { userID, idTrackingIdentifier, deviceID } = contractCase.input;
  // The identity as the SDK reads it from what the app gives (empty texts are absent).
  const { identity } = userInfo({ userID, idTrackingIdentifier });
  assert.equal(experimentUnit(identity, deviceID), expected.unit);
}

function assignment(contractCase) {
  const expected = expectation(contractCase, ["controlSlot", "variantPoint", "arm"]);
  const { campaignID, unit, experiment } = contractCase.input;
  const draws = experimentDraws(campaignID, unit, experiment);
  assert.equal(draws.controlSlot, expected.controlSlot);
  assert.equal(draws.variantPoint, expected.variantPoint);
  assert.equal(experimentArm(campaignID, unit, experiment), expected.arm);
}
