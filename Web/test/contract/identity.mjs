// The `identity` area: what the SDK sends for the user the app gives it. (Signatures are
// computed by the app's backend, never by an SDK: skips/web.json declares them.)
import assert from "node:assert/strict";
import { userInfo } from "../../.build/lib/model/identity.js";
import { ContractError, expectation } from "./fixtures.mjs";

export function run(contractCase) {
  switch (contractCase.kind) {
    case "userInfo": return sent(contractCase);
    default: throw new ContractError(`${contractCase.id}: this runner does not know the kind "${contractCase.kind}"`);
  }
}

function sent(contractCase) {
  const expected = expectation(contractCase, ["sent"]);
  const { userID, idTrackingIdentifier, accessToken, userSignature } = contractCase.input.provider;
  const info = userInfo({ userID, idTrackingIdentifier, accessToken, signature: userSignature });
  assert.deepEqual({
    userID: info.identity.userID ?? null,
    idTrackingIdentifier: info.identity.idTrackingIdentifier ?? null,
    accessToken: info.accessToken ?? null,
    userSignature: info.signature ?? null,
  }, expected.sent);
}
