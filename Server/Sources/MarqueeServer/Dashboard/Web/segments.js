// Segments: named rules over what the server knows of a user (attributes, tags, app facts and
// campaign history), built as nested groups of conditions, with the number of known users each
// admits. Campaigns include or exclude them in their targeting (see the composer). The rule is
// edited as the API's own JSON; names and values reach the page only through textContent and value.
import { $, api, canEditCampaigns, element, say, showProblems } from "./api.js";
import { FormBuilder } from "./form.js";
import { choices, model, takesValue } from "./model.js";

// The operators each app fact takes, the kind of value it compares with, and which operators
// count days, as the server's model says.
const factOf = (fact) => model.appFacts.find((entry) => entry.id === fact) || { operators: [] };
const factOperators = (fact) => factOf(fact).operators;
const countsDays = (operator) => Boolean((model.segmentOperators.find((entry) => entry.id === operator) || {}).countsDays);

const state = { appID: null, segments: [], selected: null, rule: null, campaigns: [] };

export async function showSegments(appID) {
  state.appID = appID;
  const [segments, campaigns] = await Promise.all([
    api("GET", `/api/v1/apps/${appID}/segments`), api("GET", `/api/v1/apps/${appID}/campaigns`)]);
  state.segments = segments.items;
  state.campaigns = campaigns.items;
  for (const id of ["segment-new", "segment-save"]) $(id).hidden = !canEditCampaigns();
  $("segment-name").disabled = !canEditCampaigns();
  renderList();
  edit(state.segments.find((segment) => segment.id === state.selected) || null);
}

function renderList() {
  const list = $("segments-list");
  list.replaceChildren();
  if (!state.segments.length) list.append(element("li", "No segments yet.", "muted"));
  for (const segment of state.segments) {
    const button = element("button", segment.name);
    button.setAttribute("aria-current", String(segment.id === state.selected));
    button.addEventListener("click", () => edit(segment));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
}

// Opens `segment` in the editor (null: a new one).
function edit(segment) {
  state.selected = segment ? segment.id : null;
  state.rule = structuredClone(segment ? segment.rule : { all: [] });
  $("segment-name").value = segment ? segment.name : "";
  $("segment-title").textContent = segment ? segment.name : "New segment";
  $("segment-delete").hidden = !segment || !canEditCampaigns();
  $("segment-audience").textContent = "";
  $("segment-problems").replaceChildren();
  renderList();
  renderRule();
}

function renderRule() {
  $("segment-rule").replaceChildren(group(state.rule, null, "rule"));
}

// Controls bound to the keys of `rule`, a row of the rule being edited, named `${id}-${key}`
// ("rule-1-0-tag"). An edit that reshapes the row (a select built with `rerender`) runs
// `reshaped` and then draws the rule again.
function rowForm(rule, id, reshaped = () => {}) {
  return new FormBuilder(() => rule, (rerender) => {
    if (!rerender) return;
    reshaped();
    renderRule();
  }, !canEditCampaigns(), { idPrefix: id, inline: true });
}

// A select for what the rule's JSON holds in its shape rather than in a key (a group's match, a
// row's kind, a value's type), named `${id}-${name}`: `choose(value)` reshapes the rule.
function shapeSelect(id, name, label, options, current, choose) {
  const shown = { [name]: current };
  return rowForm(shown, id, () => choose(shown[name])).select(name, label, options, { rerender: true });
}

// What a new row of `kind` is, as the server's model starts it.
function fresh(kind) {
  return structuredClone(model.segmentConditionDefaults[kind]);
}

// The key a group holds its rules in ("all" or "any": the model's trigger match), or undefined
// for a condition.
function matchOf(rule) {
  return model.lists.triggerMatch.map((entry) => entry.id).find((key) => key in rule);
}

// A condition's kind is the key its JSON leads with.
function kindOf(rule) {
  return (model.lists.segmentConditionKind.find((entry) => entry.id in rule) || {}).id;
}

// A group (`{all: […]}` or `{any: […]}`); `remove` takes it out of its parent, `null` for the whole rule.
function group(rule, remove, id) {
  const key = matchOf(rule);
  const form = rowForm(rule, id);
  const box = element("div", undefined, "group segment-group");
  const head = element("div", undefined, "row");
  head.append(shapeSelect(id, "match", "Match", choices(model.lists.triggerMatch), key, (match) => {
    const rules = rule[key];
    delete rule[key];
    rule[match] = rules;
  }));
  if (remove) head.append(form.button("Remove group", remove, `${id}-remove`));
  box.append(head);
  rule[key].forEach((child, index) => {
    const drop = () => { rule[key].splice(index, 1); renderRule(); };
    box.append(matchOf(child) ? group(child, drop, `${id}-${index}`) : condition(child, drop, `${id}-${index}`));
  });
  const append = (kind) => () => { rule[key].push(fresh(kind)); renderRule(); };
  const add = element("div", undefined, "row");
  // A new condition is of the model's first kind.
  add.append(form.button("Add condition", append(model.lists.segmentConditionKind[0].id), `${id}-add-condition`),
    form.button("Add group", append("group"), `${id}-add-group`));
  box.append(add);
  return box;
}

// Replaces every key of `rule` with those of `next`, so the parent's list keeps the same object.
function replace(rule, next) {
  for (const key of Object.keys(rule)) delete rule[key];
  Object.assign(rule, next);
}

// The controls of each kind of condition; a kind without its own yet shows only its kind.
const controlsOf = { attribute: attributeControls, tag: tagControls, fact: factControls, campaign: historyControls };

function condition(rule, remove, id) {
  const row = element("div", undefined, "condition segment-condition");
  const kind = kindOf(rule);
  row.append(shapeSelect(id, "kind", "Condition kind", choices(model.lists.segmentConditionKind), kind, (chosen) => {
    chosenTypes.delete(rule);
    replace(rule, fresh(chosen));
  }));
  if (controlsOf[kind]) row.append(...controlsOf[kind](rule, id));
  row.append(rowForm(rule, id).button("Remove", remove, `${id}-remove`));
  return row;
}

// The value type chosen for a condition whose value is still empty (an empty value has no type of its own).
const chosenTypes = new WeakMap();

function typeOf(rule) {
  const value = rule.value;
  if (value === undefined || value === "") return chosenTypes.get(rule) || "string";
  // JSON's own types name the value kinds they hold; a date is `{ date: … }`.
  if (value && typeof value === "object") return "date";
  if (typeof value === "number" || typeof value === "boolean") return typeof value;
  return "string";
}

// The value as the API reads it, from the control's text and the chosen type.
function typedValue(text = "", type) {
  if (type === "number") return text === "" ? undefined : Number(text);
  if (type === "boolean") return text === "true";
  if (type === "date") return text ? { date: new Date(text).toISOString().replace(/\.\d{3}Z$/, "Z") } : undefined;
  return text;
}

function valueText(value) {
  if (value && typeof value === "object") return value.date ? value.date.slice(0, 16) : "";
  return value === undefined ? "" : String(value);
}

// The value's control, and without a `kind` (what an app fact compares with) the choice of its
// type. The control edits the value's text; the rule holds it typed.
function valueControls(rule, id, { kind } = {}) {
  if (!takesValue(model.segmentOperators, rule.operator)) { delete rule.value; return []; }
  const days = countsDays(rule.operator);
  const type = days ? "number" : kind || typeOf(rule);
  const controls = [];
  if (!kind && !days) {
    controls.push(shapeSelect(id, "type", "Value type", choices(model.lists.segmentValueKind), type, (chosen) => {
      chosenTypes.set(rule, chosen);
      rule.value = typedValue("", chosen);
    }));
  }
  const shown = { value: valueText(rule.value) };
  const text = new FormBuilder(() => shown, () => { rule.value = typedValue(shown.value, type); },
    !canEditCampaigns(), { idPrefix: id, inline: true });
  controls.push(text.text("value", days ? "Days" : "Value", {
    type: { number: "number", date: "datetime-local" }[type] || "text",
    placeholder: type === "boolean" ? "true or false" : undefined,
  }));
  return controls;
}

// The operator select, offering `allowed`; choosing one that counts days starts it at a week.
function operatorSelect(rule, allowed, id) {
  if (!allowed.includes(rule.operator)) rule.operator = allowed[0];
  return rowForm(rule, id, () => { if (countsDays(rule.operator)) rule.value = 7; })
    .select("operator", "Operator", choices(model.segmentOperators, allowed), { rerender: true });
}

function attributeControls(rule, id) {
  const name = rowForm(rule, id).text("attribute", "Attribute name", { placeholder: "tier", trim: true });
  const operator = operatorSelect(rule, model.segmentOperators.map((entry) => entry.id), id);
  return [name, operator, ...valueControls(rule, id)];
}

function tagControls(rule, id) {
  const form = rowForm(rule, id);
  return [form.select("operator", "Operator", choices(model.lists.tagOperator)),
    form.text("tag", "Tag", { placeholder: "beta", trim: true })];
}

function factControls(rule, id) {
  // Another fact starts over with the first operator it takes.
  const fact = rowForm(rule, id, () => replace(rule, { fact: rule.fact, operator: factOperators(rule.fact)[0] }))
    .select("fact", "App fact", choices(model.appFacts), { rerender: true });
  const operator = operatorSelect(rule, factOperators(rule.fact), id);
  const valueKind = factOf(rule.fact).valueKind;
  if (valueKind === "number" && typeof rule.value !== "number") rule.value = Number(rule.value) || 1;
  if (valueKind === "string" && typeof rule.value === "number") rule.value = "";
  if (valueKind === "date" && !countsDays(rule.operator) && typeof rule.value === "number") delete rule.value;
  return [fact, operator, ...valueControls(rule, id, { kind: valueKind })];
}

function historyControls(rule, id) {
  const form = rowForm(rule, id);
  const campaigns = state.campaigns.map((campaign) => [campaign.id, campaign.name]);
  const days = form.number("withinDays", "Within the last days (empty: ever)");
  days.placeholder = "ever";
  return [form.select("operator", "Operator", choices(model.lists.historyOperator)),
    form.select("action", "Action", choices(model.lists.historyAction)),
    form.select("campaign", "Campaign", campaigns, { empty: "Choose a campaign" }),
    days, element("span", "days (empty: ever)", "muted")];
}

// "12,400 users of 100,000 known", or "about …" when the count ran out of time.
export function describeAudience(size) {
  const users = size.users.toLocaleString("en-US");
  const known = size.knownUsers.toLocaleString("en-US");
  return size.exact ? `${users} of ${known} known users` : `about ${users} of ${known} known users (estimated from ${size.counted.toLocaleString("en-US")})`;
}

async function countAudience() {
  try {
    const size = await api("POST", `/api/v1/apps/${state.appID}/audience`, { rule: state.rule });
    $("segment-problems").replaceChildren();
    $("segment-audience").textContent = describeAudience(size);
    document.body.dataset.audience = "counted";
  } catch (error) {
    showProblems(error, "segment-problems");
  }
}

async function save() {
  const body = { name: $("segment-name").value, rule: state.rule };
  try {
    const saved = state.selected
      ? await api("PUT", `/api/v1/apps/${state.appID}/segments/${state.selected}`, body)
      : await api("POST", `/api/v1/apps/${state.appID}/segments`, body);
    state.selected = saved.id;
    say(`Saved “${saved.name}”.`);
    await showSegments(state.appID);
  } catch (error) {
    showProblems(error, "segment-problems");
  }
}

async function remove() {
  if (!state.selected || !confirm("Delete this segment?")) return;
  try {
    await api("DELETE", `/api/v1/apps/${state.appID}/segments/${state.selected}`);
    state.selected = null;
    say("Segment deleted.");
    await showSegments(state.appID);
  } catch (error) {
    showProblems(error, "segment-problems");
  }
}

export function wireSegments() {
  $("segment-new").addEventListener("click", () => edit(null));
  $("segment-count").addEventListener("click", countAudience);
  $("segment-save").addEventListener("click", save);
  $("segment-delete").addEventListener("click", remove);
}
