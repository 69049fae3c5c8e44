// The `triggers` area: conditions, the regular-expression subset, and sequences of events
// through the web SDK's trigger engine.
import assert from "node:assert/strict";
import { CompiledCondition, usePatternCompiler } from "../../.build/lib/model/condition.js";
import { CompiledRegex } from "../../.build/lib/model/regex/compiledRegex.js";
import { TriggerEngine } from "../../.build/lib/model/triggerEngine.js";
import { ContractError, campaign, expectation, malformed } from "./fixtures.mjs";

// The matcher is a module of its own, which the SDK installs before campaigns with patterns load.
usePatternCompiler(CompiledRegex.compile);

export function run(contractCase) {
  switch (contractCase.kind) {
    case "condition": return condition(contractCase);
    case "regexSyntax": return regexSyntax(contractCase);
    case "sequence": return sequence(contractCase);
    default: throw new ContractError(`${contractCase.id}: this runner does not know the kind "${contractCase.kind}"`);
  }
}

function condition(contractCase) {
  const { matches } = expectation(contractCase, ["matches"]);
  const { condition, attributes } = contractCase.input;
  assert.equal(new CompiledCondition(condition).matches(attributes), matches);
}

function regexSyntax(contractCase) {
  const { valid } = expectation(contractCase, ["valid"]);
  assert.equal(CompiledRegex.compile(contractCase.input.pattern) !== undefined, valid);
}

/** An event as a case writes it: `{"event": kind, "name": …, "attributes": {…}}`. */
const event = (written) => ({ kind: written.event, name: written.name, attributes: written.attributes ?? {} });

function sequence(contractCase) {
  const { ready } = expectation(contractCase, ["ready"]);
  const { campaigns, steps } = contractCase.input;
  if (ready.length !== steps.length) throw malformed(contractCase, `"ready" needs one list per step`);
  const engine = new TriggerEngine();
  const atLoad = engine.load(campaigns.map(campaign), () => true);
  assert.deepEqual(atLoad, [], "no campaign is ready before an event is logged");
  steps.forEach((step, index) => {
    let readied;
    if (step.log !== undefined && step.startSession === undefined) {
      readied = engine.log(event(step.log), () => true).ready.map((found) => found.id);
    } else if (step.log === undefined && step.startSession !== undefined) {
      engine.startSession();
      readied = [];
    } else {
      throw malformed(contractCase, `step ${index} needs exactly one of "log" and "startSession"`);
    }
    assert.deepEqual(readied, ready[index], `step ${index}`);
  });
}
