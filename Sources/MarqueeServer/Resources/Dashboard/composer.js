// The campaign composer: a form for every field of the campaign model, bound to the same draft
// the JSON view shows. The form writes only what was set, so the server's defaults apply to the
// rest, and a field the form does not know stays in the draft untouched.
import { $, element } from "./api.js";
import { FormBuilder, fieldset, getPath, pathOfField, setPath } from "./form.js";
import { scheduleField } from "./schedule.js";

const kinds = [["modal", "Modal"], ["fullScreen", "Full screen"], ["slideUp", "Slide-up"], ["banner", "Banner"],
  ["image", "Image only"], ["video", "Video"], ["html", "HTML"], ["tooltip", "Tooltip"]];
const actionTypes = [["close", "Close"], ["openURL", "Open a web page"], ["deepLink", "Open a deep link"],
  ["pushPrimer", "Ask for push permission"]];
const eventKinds = [["appStart", "App start"], ["sessionStart", "Session start"], ["login", "Login"], ["purchase", "Purchase"],
  ["custom", "Custom event"], ["pushClick", "Push click"], ["viewAppeared", "View appeared"], ["rule", "Rule keyword"]];
const namedEvents = ["custom", "viewAppeared", "rule"];
const attributeTypes = [["string", "Text"], ["integer", "Integer"], ["double", "Decimal"], ["boolean", "Yes/no"],
  ["timeMillis", "Time (ms)"]];
// The operators each attribute type allows, as the server validates them.
const operatorsByType = {
  string: ["equals", "isNotEqual", "isBlank", "isNotBlank", "matchesRegex", "doesNotMatchRegex", "containsItem"],
  integer: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  double: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  timeMillis: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  boolean: ["equals", "isNotEqual"],
};
const operatorNames = {
  equals: "equals", isNotEqual: "is not", greaterThan: "is greater than", lessThan: "is less than", isBlank: "is blank",
  isNotBlank: "is not blank", matchesRegex: "matches pattern", doesNotMatchRegex: "does not match pattern",
  containsItem: "contains item",
};
const platforms = [["ios", "iOS"], ["android", "Android"], ["macos", "macOS"], ["linux", "Linux"], ["web", "Web"]];
const maxButtons = 2;

// A new campaign starts from this; every omitted field takes its default.
export const newCampaign = {
  name: "New campaign",
  status: "draft",
  message: {
    kind: "modal",
    title: "Hello %%first_name|there%%",
    body: "Tell your users something worth a tap.",
    buttons: [{ id: "ok", text: "Got it" }],
  },
  triggers: { match: "all", triggers: [{ event: "appStart" }] },
  delivery: { maxImpressions: 1 },
};

let draft = {};
let changed = () => {};
let readOnly = false;
let frequencyCaps = [];

// Where the form lives and whom it tells of changes (`onChange(draft)`).
export function mountComposer(onChange) {
  changed = onChange;
}

// Shows `campaign` in the form. `caps` are the app's frequency caps to choose from.
export function showDraft(campaign, options) {
  draft = structuredClone(campaign);
  readOnly = options.readOnly;
  frequencyCaps = options.frequencyCaps || [];
  render();
}

// The draft as the API reads it: settings left empty are dropped.
export function currentDraft() {
  return prune(structuredClone(draft));
}

// Puts each field error next to its field; returns whether every error found its field.
export function showFieldErrors(fields) {
  for (const node of $("composer").querySelectorAll(".field-error")) node.textContent = "";
  let placed = 0;
  for (const { field, message } of fields || []) {
    const path = pathOfField(field);
    const target = [...$("composer").querySelectorAll(".field")].find((node) => node.dataset.path === path);
    if (target) {
      target.querySelector(".field-error").textContent = message;
      placed += 1;
    }
  }
  return placed === (fields || []).length;
}

function render() {
  const form = new FormBuilder(() => draft, (rerender) => {
    if (rerender) render();
    changed(currentDraft());
  }, readOnly);
  $("composer").replaceChildren(
    general(form), message(form), kindSettings(form), buttons(form),
    fieldset("Content action", ...action(form, "message.contentAction", { optional: true })), appearance(form),
    fieldset("Triggers", triggerSet(form, "triggers", 0)), delivery(form), targeting(form), advanced(form));
}

function general(form) {
  return fieldset("Campaign",
    form.text("name", "Name"),
    form.select("channel", "Channel", [["inApp", "In-app message"], ["inbox", "App Inbox"], ["inApp+inbox", "In-app and App Inbox"]],
      { fallback: "inApp" }),
    form.checkbox("isTest", "Test campaign: only the app's test users and devices get it"));
}

function message(form) {
  return fieldset("Message",
    form.select("message.kind", "Kind", kinds, { rerender: true }),
    form.text("message.header", "Header"),
    form.text("message.title", "Title", { hint: "Personalize with %%first_name|fallback%%" }),
    form.textarea("message.body", "Body", { rows: 4 }),
    form.text("message.image.url", "Image URL", { type: "url", placeholder: "https://…" }),
    form.select("message.image.crop", "Image crop", [["fill", "Fill"], ["center", "Center"]], { fallback: "fill" }),
    form.text("message.image.altText", "Image description (for screen readers)"),
    form.color("message.colors.header", "Header colour", "#000000"),
    form.color("message.colors.title", "Title colour", "#000000"),
    form.color("message.colors.body", "Body colour", "#000000"),
    form.color("message.colors.background", "Background colour", "#FFFFFF"),
    form.color("message.colors.frame", "Frame colour", "#FFFFFF"),
    form.select("message.textAlignment", "Text alignment",
      [["leading", "Leading"], ["center", "Center"], ["trailing", "Trailing"], ["justified", "Justified"]], { fallback: "leading" }),
    form.select("message.orientation", "Orientation", [["any", "Any"], ["portrait", "Portrait"], ["landscape", "Landscape"]],
      { fallback: "any" }),
    form.checkbox("message.showsOptOut", "Offer “Don't show again”"),
    form.checkbox("message.isDismissable", "Can be closed", true));
}

function kindSettings(form) {
  const kind = getPath(draft, "message.kind") || "modal";
  switch (kind) {
    case "slideUp":
      return fieldset("Slide-up", form.select("message.slideFrom", "Slides in from",
        [["bottom", "Bottom"], ["top", "Top"], ["left", "Left"], ["right", "Right"]], { fallback: "bottom" }));
    case "banner":
      return fieldset("Banner",
        form.select("message.banner.placement", "Placement", [["top", "Top"], ["bottom", "Bottom"]], { fallback: "top" }),
        form.select("message.banner.icon", "Icon", [["note", "Note"], ["notification", "Notification"], ["store", "Store"],
          ["offer", "Offer"], ["comment", "Comment"]], { empty: "None" }),
        form.text("message.banner.backgroundImageURL", "Background image URL", { type: "url" }),
        form.number("message.banner.autoCloseSeconds", "Closes by itself after (seconds)", { min: 1, step: "any" }));
    case "image":
    case "video":
      return fieldset(kind === "video" ? "Video" : "Image",
        kind === "video" ? form.text("message.media.videoURL", "Video URL", { type: "url" }) : null,
        form.number("message.media.autoCloseSeconds", "Closes by itself after (seconds)", { min: 1, step: "any" }),
        form.text("message.media.altText", "Description (for screen readers)"));
    case "html":
      return fieldset("HTML", form.textarea("message.html", "HTML document", { rows: 8,
        hint: "Links with data-link and data-actiontype become actions; scripts run sandboxed." }));
    case "tooltip":
      return fieldset("Tooltip",
        form.text("message.tooltip.targetElementID", "Target element (its accessibility identifier)"),
        form.select("message.tooltip.position", "Position", [["top-center", "Top"], ["bottom-center", "Bottom"], ["left", "Left"],
          ["right", "Right"], ["top-left", "Top left"], ["top-right", "Top right"], ["bottom-left", "Bottom left"],
          ["bottom-right", "Bottom right"]], { fallback: "top-center" }),
        form.text("message.tooltip.redirectURL", "Opens on tap", { type: "url" }),
        form.number("message.tooltip.autoDisappearSeconds", "Disappears after (seconds)", { min: 1 }));
    default:
      return null;
  }
}

// An action: what it does, where it goes, and the event it logs (which may trigger another campaign).
function action(form, path, { optional }) {
  const type = getPath(draft, `${path}.type`);
  const parts = [form.select(`${path}.type`, optional ? "When the message is tapped" : "Action", actionTypes,
    { empty: optional ? "Nothing" : undefined, rerender: true, fallback: "close" })];
  if (type === "openURL" || type === "deepLink") parts.push(form.text(`${path}.uri`, "Link", { placeholder: "https://… or myapp://…" }));
  if (type || !optional) parts.push(form.text(`${path}.logsEvent.name`, "Logs the custom event", { hint: "Optional; it can trigger another campaign" }));
  return parts;
}

function buttons(form) {
  const list = getPath(draft, "message.buttons") || [];
  const set = fieldset("Buttons", ...list.flatMap((_, index) => {
    const path = `message.buttons.${index}`;
    const remove = form.button(`Remove button ${index + 1}`, () => { list.splice(index, 1); form.commit("message.buttons", list, true); });
    return [element("h4", `Button ${index + 1}`),
      form.text(`${path}.text`, "Text"), form.text(`${path}.id`, "ID (reported with clicks; default: the text)"),
      form.color(`${path}.textColor`, "Text colour", "#FFFFFF"), form.color(`${path}.backgroundColor`, "Colour", "#1D4ED8"),
      ...action(form, `${path}.action`, { optional: false }), remove];
  }));
  if (list.length < maxButtons) {
    set.append(form.button("Add button", () => {
      list.push({ text: `Button ${list.length + 1}` });
      form.commit("message.buttons", list, true);
    }, "add-button"));
  }
  return set;
}

function appearance(form) {
  return fieldset("Appearance",
    form.select("message.appearance.theme", "Theme", [["automatic", "Follows the device"], ["light", "Light"], ["dark", "Dark"]],
      { fallback: "automatic" }),
    form.select("message.appearance.layoutDirection", "Direction", [["leftToRight", "Left to right"], ["rightToLeft", "Right to left"]],
      { fallback: "leftToRight" }),
    form.text("message.appearance.titleFont", "Title font"), form.text("message.appearance.bodyFont", "Body font"),
    form.text("message.appearance.buttonFont", "Button font"));
}

// A trigger set: all or any of its triggers and nested groups.
function triggerSet(form, path, depth) {
  const set = getPath(draft, path) || {};
  const triggers = set.triggers || [];
  const groups = set.groups || [];
  const box = element("div", undefined, depth ? "group" : "");
  box.append(form.select(`${path}.match`, depth ? "This group holds when" : "The campaign is ready when",
    [["all", "all of these hold (AND)"], ["any", "any of these holds (OR)"]], { fallback: "all" }));
  triggers.forEach((_, index) => box.append(trigger(form, `${path}.triggers.${index}`, () => {
    triggers.splice(index, 1);
    form.commit(`${path}.triggers`, triggers, true);
  })));
  groups.forEach((_, index) => {
    box.append(triggerSet(form, `${path}.groups.${index}`, depth + 1), form.button("Remove group", () => {
      groups.splice(index, 1);
      form.commit(`${path}.groups`, groups, true);
    }));
  });
  box.append(form.button("Add trigger", () => form.commit(`${path}.triggers`, [...triggers, { event: "custom", name: "" }], true),
    `add-trigger-${path.replace(/\./g, "-")}`));
  if (depth < 3) box.append(form.button("Add group", () => form.commit(`${path}.groups`, [...groups, { match: "any", triggers: [] }], true)));
  return box;
}

function trigger(form, path, remove) {
  const current = getPath(draft, path);
  const conditions = current.conditions || [];
  const box = element("div", undefined, "trigger");
  box.append(form.select(`${path}.event`, "Event", eventKinds, { rerender: true }));
  if (namedEvents.includes(current.event)) box.append(form.text(`${path}.name`, current.event === "viewAppeared" ? "Element" : "Name"));
  if (current.event !== "appStart") box.append(form.number(`${path}.occurrences`, "Times it must happen", { min: 1 }));
  conditions.forEach((condition, index) => {
    const at = `${path}.conditions.${index}`;
    const type = condition.type || "string";
    const operators = operatorsByType[type];
    if (!operators.includes(condition.operator)) setPath(draft, `${at}.operator`, operators[0]);
    const row = element("div", undefined, "condition");
    row.append(form.text(`${at}.name`, "Attribute"),
      form.select(`${at}.type`, "Type", attributeTypes, { rerender: true, fallback: "string" }),
      form.select(`${at}.operator`, "Operator", operators.map((name) => [name, operatorNames[name]]), { rerender: true }));
    if (!["isBlank", "isNotBlank"].includes(getPath(draft, `${at}.operator`))) row.append(form.text(`${at}.value`, "Value"));
    row.append(form.button("Remove condition", () => { conditions.splice(index, 1); form.commit(`${path}.conditions`, conditions, true); }));
    box.append(row);
  });
  if (current.event !== "appStart") {
    box.append(form.button("Add condition", () => form.commit(`${path}.conditions`,
      [...conditions, { name: "", type: "string", operator: "equals", value: "" }], true), `add-condition-${path.replace(/\./g, "-")}`));
  }
  box.append(form.button("Remove trigger", remove));
  return box;
}

function delivery(form) {
  const caps = frequencyCaps.map((cap) => [cap.id, `${cap.id} (${cap.limit} per ${cap.periodSeconds} s)`]);
  return fieldset("Delivery",
    form.number("delivery.priority", "Priority (higher shows first)"),
    scheduleField(form, "delivery.startTime", "delivery.endTime"),
    form.number("delivery.maxImpressions", "Shows at most (per user)", { min: 1 }),
    form.checkbox("delivery.infiniteImpressions", "No limit on shows"),
    form.number("delivery.reEligibilitySeconds", "Can show again after (seconds)", { min: 0, step: "any" }),
    form.number("delivery.delayAfterCloseMillis", "Wait after closing before the next message (seconds)", { min: 0, step: "any", scale: 1000 }),
    caps.length ? checkboxes(form, "delivery.frequencyCapIDs", "Frequency caps", caps) : element("p", "No frequency caps in this app's settings.", "muted"));
}

function targeting(form) {
  return fieldset("Targeting",
    form.select("targeting.audience", "Audience", [["everyone", "Everyone"], ["knownUsers", "Identified users"],
      ["anonymousUsers", "Anonymous users"]], { fallback: "everyone" }),
    form.list("targeting.userIDs", "Only these user IDs", { hint: "Empty: everyone in the audience" }),
    form.text("targeting.minAppVersion", "From app version", { placeholder: "1.2.0" }),
    form.text("targeting.maxAppVersion", "Up to app version"),
    form.list("targeting.locales", "Locales", { placeholder: "en, de-CH" }),
    checkboxes(form, "targeting.platforms", "Platforms (none: all)", platforms));
}

function advanced(form) {
  return fieldset("Advanced",
    form.text("message.template", "Template (a presenter the app registered)"),
    extras(form),
    form.json("message.customJSON", "Custom JSON", "Handed to the app as is"));
}

// The extras map, one `key=value` per line.
function extras(form) {
  const area = element("textarea");
  area.rows = 3;
  area.className = "short code";
  area.value = Object.entries(getPath(draft, "message.extras") || {}).map(([key, value]) => `${key}=${value}`).join("\n");
  area.addEventListener("input", () => {
    const pairs = area.value.split("\n").map((line) => line.split("=")).filter((pair) => pair.length >= 2 && pair[0].trim());
    const map = Object.fromEntries(pairs.map(([key, ...rest]) => [key.trim(), rest.join("=")]));
    form.commit("message.extras", Object.keys(map).length ? map : undefined);
  });
  return form.field("message.extras", "Extras (key=value per line)", area);
}

function checkboxes(form, path, label, options) {
  const box = element("div", undefined, "choices");
  const chosen = new Set(getPath(draft, path) || []);
  for (const [value, text] of options) {
    const input = element("input");
    input.type = "checkbox";
    input.checked = chosen.has(value);
    input.disabled = readOnly;
    input.addEventListener("change", () => {
      if (input.checked) chosen.add(value); else chosen.delete(value);
      form.commit(path, chosen.size ? [...chosen] : undefined);
    });
    const item = element("label");
    item.append(input, element("span", ` ${text}`));
    box.append(item);
  }
  const wrapper = element("div", undefined, "field");
  wrapper.dataset.path = path;
  wrapper.append(element("span", label, "label"), box, element("span", "", "field-error"));
  return wrapper;
}

// Drops empty objects, an image without a URL and a content action set to "Nothing"; free-form
// JSON and extras are left as they are.
function prune(value, key) {
  if (key === "customJSON" || key === "extras" || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => prune(item));
  for (const [name, child] of Object.entries(value)) {
    const kept = prune(child, name);
    if (kept !== null && typeof kept === "object" && !Array.isArray(kept) && Object.keys(kept).length === 0 && name !== "customJSON") {
      delete value[name];
    } else {
      value[name] = kept;
    }
  }
  if (value.image && !value.image.url) delete value.image;
  if (value.contentAction && !value.contentAction.type) delete value.contentAction;
  return value;
}
