// Segments: named rules over what the server knows of a user (attributes, tags, app facts and
// campaign history), built as nested groups of conditions, with the number of known users each
// admits. Campaigns include or exclude them in their targeting (see the composer). The rule is
// edited as the API's own JSON; names and values reach the page only through textContent and value.
import { $, api, canEditCampaigns, element, say, showProblems } from "./api.js";
import { choices, model, takesValue } from "./model.js";

// The operators each app fact takes, the kind of value it compares with, and which operators
// count days, as the server's model says.
const factOf = (fact) => model.appFacts.find((entry) => entry.id === fact) || { operators: [] };
const factOperators = (fact) => factOf(fact).operators;
const countsDays = (operator) => Boolean((model.segmentOperators.find((entry) => entry.id === operator) || {}).countsDays);
// The keys a rule's JSON object leads with (SegmentRule), and the words for each.
const kinds = [["attribute", "Attribute"], ["tag", "Tag"], ["fact", "App fact"], ["campaign", "Campaign history"], ["group", "Group"]];

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

function select(options, value, label, id) {
  const node = element("select");
  node.id = id;
  node.setAttribute("aria-label", label);
  for (const [optionValue, text] of options) node.append(new Option(text, optionValue));
  node.value = value;
  node.disabled = !canEditCampaigns();
  return node;
}

function input(value, label, id, type = "text") {
  const node = element("input");
  node.type = type;
  node.id = id;
  node.value = value ?? "";
  node.setAttribute("aria-label", label);
  node.disabled = !canEditCampaigns();
  return node;
}

function button(text, id, onClick) {
  const node = element("button", text);
  node.type = "button";
  node.id = id;
  node.hidden = !canEditCampaigns();
  node.addEventListener("click", onClick);
  return node;
}

// A group (`{all: […]}` or `{any: […]}`); `remove` takes it out of its parent, `null` for the whole rule.
function group(rule, remove, id) {
  const key = "all" in rule ? "all" : "any";
  const box = element("div", undefined, "group segment-group");
  const head = element("div", undefined, "row");
  const match = select(choices(model.lists.triggerMatch), key, "Match", `${id}-match`);
  match.addEventListener("change", () => {
    const rules = rule[key];
    delete rule[key];
    rule[match.value] = rules;
    renderRule();
  });
  head.append(match);
  if (remove) head.append(button("Remove group", `${id}-remove`, remove));
  box.append(head);
  rule[key].forEach((child, index) => {
    const drop = () => { rule[key].splice(index, 1); renderRule(); };
    box.append("all" in child || "any" in child ? group(child, drop, `${id}-${index}`) : condition(child, drop, `${id}-${index}`));
  });
  const add = element("div", undefined, "row");
  add.append(button("Add condition", `${id}-add-condition`, () => { rule[key].push(fresh.attribute()); renderRule(); }),
    button("Add group", `${id}-add-group`, () => { rule[key].push({ any: [] }); renderRule(); }));
  box.append(add);
  return box;
}

function kindOf(rule) {
  return ["attribute", "tag", "fact", "campaign"].find((key) => key in rule);
}

// Replaces every key of `rule` with those of `next`, so the parent's list keeps the same object.
function replace(rule, next) {
  for (const key of Object.keys(rule)) delete rule[key];
  Object.assign(rule, next);
}

const fresh = {
  attribute: () => ({ attribute: "", operator: "equals", value: "" }),
  tag: () => ({ tag: "", operator: "has" }),
  fact: () => ({ fact: "sessions", operator: "atLeast", value: 1 }),
  campaign: () => ({ campaign: "", action: "saw", operator: "did", withinDays: 7 }),
  group: () => ({ all: [] }),
};

function condition(rule, remove, id) {
  const row = element("div", undefined, "condition segment-condition");
  const kind = select(kinds, kindOf(rule), "Condition kind", `${id}-kind`);
  kind.addEventListener("change", () => { replace(rule, fresh[kind.value]()); renderRule(); });
  row.append(kind);
  if ("attribute" in rule) row.append(...attributeControls(rule, id));
  if ("tag" in rule) row.append(...tagControls(rule, id));
  if ("fact" in rule) row.append(...factControls(rule, id));
  if ("campaign" in rule) row.append(...historyControls(rule, id));
  row.append(button("Remove", `${id}-remove`, remove));
  return row;
}

function typeOf(value) {
  if (value && typeof value === "object") return "date";
  // JSON's own types name the value kinds they hold; a date is `{ date: … }`.
  if (typeof value === "number" || typeof value === "boolean") return typeof value;
  return "string";
}

// The value as the API reads it, from the control's text and the chosen type.
function typedValue(text, type) {
  if (type === "number") return text === "" ? undefined : Number(text);
  if (type === "boolean") return text === "true";
  if (type === "date") return text ? { date: new Date(text).toISOString().replace(/\.\d{3}Z$/, "Z") } : undefined;
  return text;
}

function valueText(value) {
  if (value && typeof value === "object") return value.date ? value.date.slice(0, 16) : "";
  return value === undefined ? "" : String(value);
}

function valueControls(rule, id, { typed }) {
  const needsNone = !takesValue(model.segmentOperators, rule.operator);
  const days = countsDays(rule.operator);
  if (needsNone) { delete rule.value; return []; }
  const type = days ? "number" : typeOf(rule.value);
  const controls = [];
  let typeSelect = null;
  if (typed && !days) {
    typeSelect = select(choices(model.lists.segmentValueKind), type, "Value type", `${id}-type`);
    controls.push(typeSelect);
  }
  const kindOfInput = { number: "number", date: "datetime-local" }[type] || "text";
  const value = input(valueText(rule.value), days ? "Days" : "Value", `${id}-value`, kindOfInput);
  if (type === "boolean") value.placeholder = "true or false";
  value.addEventListener("input", () => { rule.value = typedValue(value.value, type); });
  typeSelect?.addEventListener("change", () => { rule.value = typedValue("", typeSelect.value); renderRule(); });
  controls.push(value);
  return controls;
}

function operatorSelect(rule, allowed, id, onChange) {
  const options = choices(model.segmentOperators, allowed);
  if (!allowed.includes(rule.operator)) rule.operator = allowed[0];
  const node = select(options, rule.operator, "Operator", `${id}-operator`);
  node.addEventListener("change", () => { rule.operator = node.value; onChange(); renderRule(); });
  return node;
}

function attributeControls(rule, id) {
  const name = input(rule.attribute, "Attribute name", `${id}-attribute`);
  name.placeholder = "tier";
  name.addEventListener("input", () => { rule.attribute = name.value.trim(); });
  const operator = operatorSelect(rule, model.segmentOperators.map((entry) => entry.id), id, () => {
    if (countsDays(rule.operator)) rule.value = 7;
  });
  return [name, operator, ...valueControls(rule, id, { typed: true })];
}

function tagControls(rule, id) {
  const operator = select(choices(model.lists.tagOperator), rule.operator, "Operator", `${id}-operator`);
  operator.addEventListener("change", () => { rule.operator = operator.value; });
  const tag = input(rule.tag, "Tag", `${id}-tag`);
  tag.placeholder = "beta";
  tag.addEventListener("input", () => { rule.tag = tag.value.trim(); });
  return [operator, tag];
}

function factControls(rule, id) {
  const fact = select(choices(model.appFacts), rule.fact, "App fact", `${id}-fact`);
  fact.addEventListener("change", () => { replace(rule, { fact: fact.value, operator: factOperators(fact.value)[0] }); renderRule(); });
  const operator = operatorSelect(rule, factOperators(rule.fact), id, () => {
    if (countsDays(rule.operator)) rule.value = 7;
  });
  const valueKind = factOf(rule.fact).valueKind;
  if (valueKind === "number" && typeof rule.value !== "number") rule.value = Number(rule.value) || 1;
  if (valueKind === "string" && typeof rule.value === "number") rule.value = "";
  return [fact, operator, ...valueControls(rule, id, { typed: false })];
}

function historyControls(rule, id) {
  const operator = select(choices(model.lists.historyOperator), rule.operator, "Operator", `${id}-operator`);
  operator.addEventListener("change", () => { rule.operator = operator.value; });
  const action = select(choices(model.lists.historyAction), rule.action, "Action", `${id}-action`);
  action.addEventListener("change", () => { rule.action = action.value; });
  const campaigns = [["", "Choose a campaign"], ...state.campaigns.map((campaign) => [campaign.id, campaign.name])];
  const campaign = select(campaigns, rule.campaign, "Campaign", `${id}-campaign`);
  campaign.addEventListener("change", () => { rule.campaign = campaign.value; });
  const days = input(rule.withinDays, "Within the last days (empty: ever)", `${id}-days`, "number");
  days.placeholder = "ever";
  days.addEventListener("input", () => { rule.withinDays = days.value === "" ? undefined : Number(days.value); });
  return [operator, action, campaign, days, element("span", "days (empty: ever)", "muted")];
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
