// The model the server validates with (GET /api/v1/model): every message kind, operator, app
// fact, role and bound the forms offer comes from here, so no form keeps a copy that can drift.
// It is loaded once signed in, before any view is shown.
import { api } from "./api.js";

export const model = {
  messageKinds: [], attributeTypes: [], conditionOperators: [], segmentOperators: [], appFacts: [], roles: [], eventTypes: [],
  limits: {},
};

export async function loadModel() {
  Object.assign(model, await api("GET", "/api/v1/model"));
}

// `[id, title]` pairs, as selects take them; with `ids`, only those, in that order.
export function choices(list, ids) {
  const picked = ids ? ids.map((id) => list.find((entry) => entry.id === id)).filter(Boolean) : list;
  return picked.map(({ id, title }) => [id, title]);
}

// Whether the operator `id` of `list` compares with a value.
export function takesValue(list, id) {
  return (list.find((entry) => entry.id === id) || { takesValue: true }).takesValue;
}
