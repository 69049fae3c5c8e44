// The trigger tester: a sample event (with typed attributes) and a sample user run through the
// trigger engine devices run, against each campaign of the app. Every result says whether the
// campaign would fire and, when not, which trigger, condition, targeting or delivery rule stops it.
import { $, api, element, say, showProblems } from "./api.js";
import { choices, model } from "./model.js";
let appID = null;

export function showTester(id) {
  appID = id;
  $("tester-results").replaceChildren();
  $("tester-problems").replaceChildren();
}

function addAttributeRow() {
  const index = $("tester-attributes").children.length;
  const row = element("div", undefined, "attribute-row");
  const name = element("input");
  name.id = `tester-attribute-${index}-name`;
  name.placeholder = "Attribute";
  name.setAttribute("aria-label", `Attribute ${index + 1} name`);
  const type = element("select");
  type.id = `tester-attribute-${index}-type`;
  type.setAttribute("aria-label", `Attribute ${index + 1} type`);
  for (const [value, text] of choices(model.attributeTypes)) type.append(new Option(text, value));
  const value = element("input");
  value.id = `tester-attribute-${index}-value`;
  value.placeholder = "Value";
  value.setAttribute("aria-label", `Attribute ${index + 1} value`);
  const remove = element("button", "Remove");
  remove.type = "button";
  remove.addEventListener("click", () => row.remove());
  row.append(name, type, value, remove);
  $("tester-attributes").append(row);
}

function sample() {
  const kind = $("tester-kind").value;
  const event = { kind, attributes: [] };
  if (model.namedEventKinds.includes(kind)) event.name = $("tester-name").value;
  for (const row of $("tester-attributes").children) {
    const [name, type, value] = row.querySelectorAll("input, select");
    if (name.value.trim()) event.attributes.push({ name: name.value.trim(), type: type.value, value: value.value });
  }
  const user = {};
  for (const [field, id] of [["userID", "tester-user"], ["deviceID", "tester-device"], ["appVersion", "tester-version"],
    ["locale", "tester-locale"], ["platform", "tester-platform"]]) {
    if ($(id).value.trim()) user[field] = $(id).value.trim();
  }
  return { event, user, afterAppStart: $("tester-app-start").checked };
}

function mark(ok) {
  return element("span", ok ? "✓" : "✗", ok ? "ok" : "no");
}

function line(ok, text) {
  const item = element("li");
  item.append(mark(ok), element("span", ` ${text}`));
  return item;
}

function describe(result) {
  const item = element("li", undefined, "test-result");
  const heading = element("div", undefined, "row");
  heading.append(element("strong", result.campaignName),
    element("span", result.wouldFire ? "fires" : "does not fire", `badge ${result.wouldFire ? "active" : "paused"}`),
    element("span", result.summary, "muted"));
  const details = element("ul", undefined, "checks");
  for (const trigger of result.triggers) {
    details.append(line(trigger.holds, `Trigger ${trigger.trigger.event}${trigger.trigger.name ? ` “${trigger.trigger.name}”` : ""}: ${trigger.reason}`));
    for (const condition of trigger.conditions) details.append(line(condition.matched, `  ${condition.reason}`));
  }
  for (const check of result.targeting) details.append(line(check.passed, `Targeting (${check.rule}): ${check.reason}`));
  for (const segment of result.segments || []) details.append(...segmentLines(segment));
  for (const problem of result.delivery) details.append(line(false, `Delivery: ${problem}`));
  item.append(heading, details);
  return item;
}

// A segment the campaign includes or excludes, and each of its rules for the sample user, indented by depth.
function segmentLines(segment) {
  const role = segment.included ? "includes" : "excludes";
  if (segment.member === undefined || segment.member === null) {
    return [line(false, `Segment “${segment.name}” (the campaign ${role} it): unknown for a user without an ID`)];
  }
  const passes = segment.included ? segment.member : !segment.member;
  const lines = [line(passes, `Segment “${segment.name}” (the campaign ${role} it): the user is ${segment.member ? "" : "not "}in it`)];
  for (const check of segment.checks.slice(1)) lines.push(line(check.passed, `${"  ".repeat(check.depth)}${check.reason}`));
  return lines;
}

async function run(event) {
  event.preventDefault();
  try {
    const answer = await api("POST", `/api/v1/apps/${appID}/trigger_test`, sample());
    $("tester-problems").replaceChildren();
    const list = $("tester-results");
    list.replaceChildren();
    if (answer.results.length === 0) list.append(element("li", "This app has no campaigns to test.", "muted"));
    for (const result of answer.results) list.append(describe(result));
    const firing = answer.results.filter((result) => result.wouldFire).length;
    say(`${firing} of ${answer.results.length} campaigns would fire.`);
    document.body.dataset.tester = "done";
  } catch (error) {
    showProblems(error, "tester-problems");
  }
}

export function wireTester() {
  $("tester-form").addEventListener("submit", run);
  $("tester-add-attribute").addEventListener("click", addAttributeRow);
  const syncName = () => { $("tester-name").disabled = !model.namedEventKinds.includes($("tester-kind").value); };
  $("tester-kind").addEventListener("change", syncName);
  syncName();
}
