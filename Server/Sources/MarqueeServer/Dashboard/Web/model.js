// The model the server validates with (GET /api/v1/model): every message kind, operator, app
// fact, role, choice list, default and bound the forms offer comes from here, so no form keeps a
// copy that can drift. It is loaded once signed in, before any view is shown.
import { api } from "./api.js";

export const model = {
  messageKinds: [], attributeTypes: [], conditionOperators: [], segmentOperators: [], appFacts: [], roles: [], eventTypes: [],
  lists: {}, namedEventKinds: [], defaults: {}, limits: {},
};

export async function loadModel() {
  Object.assign(model, await api("GET", "/api/v1/model"));
  fillPage(document);
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

// The page's own controls name what they take from the model: `data-choices="eventKind"` appends
// that list's options to a select (after any empty option it has, and keeps `data-selected` chosen),
// `data-limit="inboxTitleLength"` sets an input's bounds (`maxlength` for text, `min` and `max` for numbers).
function fillPage(root) {
  for (const select of root.querySelectorAll("select[data-choices]")) {
    for (const option of [...select.options]) if (option.value !== "") option.remove();
    for (const [value, text] of choices(model.lists[select.dataset.choices] || [])) select.append(new Option(text, value));
    if (select.dataset.selected) {
      select.value = select.dataset.selected;
      select.dispatchEvent(new Event("change"));
    }
  }
  for (const input of root.querySelectorAll("input[data-limit]")) {
    const bounds = model.limits[input.dataset.limit];
    if (!bounds) continue;
    if (input.type === "number") {
      input.min = bounds.min;
      input.max = bounds.max;
    } else {
      input.maxLength = bounds.max;
    }
  }
}
