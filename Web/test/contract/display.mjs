// The `display` area: which ready campaigns may show, and the message queue, with every time
// given by the case.
import assert from "node:assert/strict";
import { MessageQueue } from "../../.build/lib/model/messageQueue.js";
import { UserState } from "../../.build/lib/model/userState.js";
import { ContractError, campaign, campaignNamed, expectation, malformed, millis } from "./fixtures.mjs";

export function run(contractCase) {
  switch (contractCase.kind) {
    case "eligibility": return eligibility(contractCase);
    case "queue": return queue(contractCase);
    default: throw new ContractError(`${contractCase.id}: this runner does not know the kind "${contractCase.kind}"`);
  }
}

/** Exactly one of `keys` is in `step`: its name. */
function action(contractCase, step, index, keys) {
  const present = keys.filter((key) => step[key] !== undefined);
  if (present.length !== 1) throw malformed(contractCase, `step ${index} needs exactly one of ${keys.map((key) => `"${key}"`).join(", ")}`);
  return present[0];
}

function eligibility(contractCase) {
  const expected = expectation(contractCase, ["steps"]);
  const { frequencyCaps = [], steps } = contractCase.input;
  const campaigns = contractCase.input.campaigns.map(campaign);
  if (expected.steps.length !== steps.length || steps.length === 0) throw malformed(contractCase, `"steps" needs one entry per step`);
  const state = new UserState();
  state.adopt(campaigns, frequencyCaps, millis(steps[0].at, contractCase));
  steps.forEach((step, index) => {
    const at = millis(step.at, contractCase);
    let answer = null;
    switch (action(contractCase, step, index, ["shown", "heldBack", "check"])) {
      case "shown":
        state.recordEnd(campaignNamed(campaigns, step.shown, contractCase), step.optOut ?? false, at);
        break;
      case "heldBack":
        state.recordHoldBack(campaignNamed(campaigns, step.heldBack, contractCase), at);
        break;
      case "check": {
        const reason = state.ineligibility(campaignNamed(campaigns, step.check, contractCase), at);
        answer = reason === undefined ? { eligible: true } : { eligible: false, reason };
        break;
      }
    }
    assert.deepEqual(answer, expected.steps[index], `step ${index}`);
  });
}

function queue(contractCase) {
  const expected = expectation(contractCase, ["steps"]);
  const { displayIntervalSeconds, order, steps } = contractCase.input;
  const campaigns = contractCase.input.campaigns.map(campaign);
  if (expected.steps.length !== steps.length) throw malformed(contractCase, `"steps" needs one entry per step`);
  if (order !== "fifo" && order !== "lifo") throw malformed(contractCase, `order ${order} is neither fifo nor lifo`);
  const messages = new MessageQueue();
  steps.forEach((step, index) => {
    const at = millis(step.at, contractCase);
    let result = null;
    switch (action(contractCase, step, index, ["ready", "next", "end"])) {
      case "ready":
        messages.enqueue(campaignNamed(campaigns, step.ready, contractCase), at);
        break;
      case "next": {
        const claimed = messages.claimNext(order, at);
        if (claimed !== undefined) {
          result = { shows: claimed.campaign.id };
        } else {
          const reason = messages.waitingCount > 0 ? messages.slotWait(at) : undefined;
          result = reason === undefined ? { shows: null } : { shows: null, reason };
        }
        break;
      }
      case "end":
        if (messages.end(at, displayIntervalSeconds) === undefined) throw malformed(contractCase, `step ${index} ends a message, and none is on screen`);
        break;
    }
    assert.deepEqual(result, expected.steps[index], `step ${index}`);
  });
}
