// The campaign composer: a form for every field of the campaign model, bound to the same draft
// the JSON view shows. The form writes only what was set, so the server's defaults apply to the
// rest, and a field the form does not know stays in the draft untouched.
import { $, api, element, showProblems } from "./api.js";
import { conditionList } from "./conditions.js";
import { describeShares, experimentSection, goalSection, normalizeExperiment } from "./experiment-form.js";
import { FormBuilder, fieldset, getPath, pathOfField } from "./form.js";
import { pagesSection } from "./carousel-form.js";
import { scheduleField } from "./schedule.js";
import { choices, model } from "./model.js";
import { describeAudience } from "./segments.js";
import { normalizeSurvey, surveySection } from "./survey-form.js";
import { describeMissing, languagesSection } from "./translations.js";

// Every list of choices, and what an empty field stores, is the server's model's (model.js, form.js).
const listOf = (name) => choices(model.lists[name]);

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
// The app's segments, which targeting may include or exclude, and the app they belong to.
let segments = [];
let appID = null;
// Which message the message fields edit and the preview shows: the campaign's (null) or the
// index of an A/B test variant with a message of its own.
let editing = null;
// The translation the "Languages" section edits.
const translating = { language: null };

// Where the form lives and whom it tells of changes (`onChange(draft)`).
export function mountComposer(onChange) {
  changed = onChange;
}

// Shows `campaign` in the form. `caps` are the app's frequency caps to choose from; `keepTarget`
// keeps editing the same variant's message (the JSON view changed the same campaign).
export function showDraft(campaign, options) {
  draft = structuredClone(campaign);
  if (!options.keepTarget) editing = null;
  readOnly = options.readOnly;
  frequencyCaps = options.frequencyCaps || [];
  segments = options.segments || [];
  appID = options.appID || null;
  render();
}

// The draft as the API reads it: settings left empty are dropped.
export function currentDraft() {
  return prune(structuredClone(draft));
}

// The message the preview shows for `campaign` (the JSON view's draft), and what to call it.
export function previewedMessage(campaign) {
  const variant = editing === null ? null : getPath(campaign, `experiment.variants.${editing}`);
  return variant && variant.message
    ? { message: variant.message, label: `Variant ${variant.name || variant.id}` }
    : { message: campaign.message, label: "" };
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
  normalizeExperiment(draft);
  normalizeSurvey(getPath(draft, "message"));
  for (const variant of getPath(draft, "experiment.variants") || []) normalizeSurvey(variant.message);
  // Only embedded campaigns name a placement.
  if (draft.channel !== "embedded") delete draft.placement;
  if (editing !== null && !getPath(draft, `experiment.variants.${editing}.message`)) editing = null;
  const at = editing === null ? "message" : `experiment.variants.${editing}.message`;
  const form = new FormBuilder(() => draft, (rerender) => {
    if (rerender) render();
    const shares = $("experiment-shares");
    if (shares && draft.experiment) shares.textContent = describeShares(draft.experiment);
    const missing = $("translation-missing");
    if (missing) missing.textContent = describeMissing(getPath(draft, at) || {});
    changed(currentDraft());
  }, readOnly, { defaults: model.defaults });
  // Kinds without settings of their own have no section (`null`), which is left out.
  $("composer").replaceChildren(...[
    general(form), message(form, at), kindSettings(form, at),
    contentSection(form, at),
    languagesSection(form, draft, at, translating, render),
    fieldset("Content action", ...action(form, `${at}.contentAction`, { optional: true })), appearance(form, at),
    fieldset("Triggers", triggerSet(form, "triggers", 0)), delivery(form), targeting(form),
    experimentSection(form, draft, { editMessage, isRunning: draft.status === "active" }), goalSection(form, draft),
    advanced(form, at)].filter(Boolean));
}

// Where a message's buttons are: a carousel's on its pages, a survey's one its submit button.
function contentSection(form, at) {
  switch (getPath(draft, `${at}.kind`)) {
    case "carousel": return pagesSection(form, draft, at, buttons);
    case "survey": return surveySection(form, draft, at);
    default: return buttons(form, at);
  }
}

// Shows variant `index`'s message in the message fields (and the preview), first giving it a
// copy of the campaign's message when it has none of its own.
function editMessage(index) {
  const variant = draft.experiment.variants[index];
  if (!variant.message) variant.message = structuredClone(draft.message || {});
  editing = index;
  render();
  changed(currentDraft());
  $("message-fields").scrollIntoView({ block: "start" });
}

// Chooses whose message the message fields edit, when an A/B test gives variants their own.
function messageTarget(form, at) {
  const variants = getPath(draft, "experiment.variants") || [];
  const own = variants.map((variant, index) => [index, variant]).filter(([, variant]) => variant.message);
  if (!own.length) return [];
  const select = element("select");
  select.id = "editing-message";
  select.append(new Option("The campaign (and variants without their own)", ""));
  for (const [index, variant] of own) select.append(new Option(`Variant ${variant.name || variant.id}`, String(index)));
  select.value = editing === null ? "" : String(editing);
  select.addEventListener("change", () => {
    editing = select.value === "" ? null : Number(select.value);
    render();
    changed(currentDraft());
  });
  const label = element("label", "Edit the message of");
  label.htmlFor = select.id;
  const wrapper = element("div", undefined, "field");
  wrapper.append(label, select);
  if (at !== "message") {
    wrapper.append(form.button("Use the campaign's message instead", () => {
      delete draft.experiment.variants[editing].message;
      editing = null;
      form.commit("experiment.variants", draft.experiment.variants, true);
    }, "drop-variant-message"));
  }
  return [wrapper];
}

function general(form) {
  const embedded = getPath(draft, "channel") === "embedded";
  return fieldset("Campaign",
    form.text("name", "Name"),
    form.select("channel", "Channel", listOf("channel"), { rerender: true }),
    embedded ? form.text("placement", "Placement", { placeholder: "home.top",
      hint: "The app shows it with MarqueePlacement(\"home.top\"); a card (modal kind), no trigger needed" }) : null,
    form.checkbox("isTest", "Test campaign: only the app's test users and devices get it"));
}

function message(form, at) {
  const kinds = choices(model.messageKinds);
  const kind = at === "message"
    ? form.select(`${at}.kind`, "Kind", kinds, { rerender: true })
    : element("p", `Kind: ${(kinds.find(([value]) => value === getPath(draft, `${at}.kind`)) || kinds[0])[1]} (a variant keeps the campaign's)`, "muted");
  const set = fieldset(at === "message" ? "Message" : "Message of the variant",
    ...messageTarget(form, at), kind,
    form.text(`${at}.header`, "Header"),
    form.text(`${at}.title`, "Title", { hint: "Personalize with %%first_name|fallback%%" }),
    form.textarea(`${at}.body`, "Body", { rows: 4 }),
    form.text(`${at}.image.url`, "Image URL", { type: "url", placeholder: "https://…" }),
    form.select(`${at}.image.crop`, "Image crop", listOf("imageCrop")),
    form.text(`${at}.image.altText`, "Image description (for screen readers)"),
    form.color(`${at}.colors.header`, "Header colour"),
    form.color(`${at}.colors.title`, "Title colour"),
    form.color(`${at}.colors.body`, "Body colour"),
    form.color(`${at}.colors.background`, "Background colour"),
    form.color(`${at}.colors.frame`, "Frame colour"),
    form.select(`${at}.textAlignment`, "Text alignment", listOf("textAlignment")),
    form.select(`${at}.orientation`, "Orientation", listOf("orientation")),
    form.checkbox(`${at}.showsOptOut`, "Offer “Don't show again”"),
    form.checkbox(`${at}.isDismissable`, "Can be closed"));
  set.id = "message-fields";
  return set;
}

function kindSettings(form, at) {
  const kind = getPath(draft, `${at}.kind`) || "modal";
  switch (kind) {
    case "slideUp":
      return fieldset("Slide-up", form.select(`${at}.slideFrom`, "Slides in from", listOf("slideEdge")));
    case "banner":
      return fieldset("Banner",
        form.select(`${at}.banner.placement`, "Placement", listOf("bannerPlacement")),
        form.select(`${at}.banner.icon`, "Icon", listOf("bannerIcon"), { empty: "None" }),
        form.text(`${at}.banner.backgroundImageURL`, "Background image URL", { type: "url" }),
        form.number(`${at}.banner.autoCloseSeconds`, "Closes by itself after (seconds)", { min: 1, step: "any" }));
    case "image":
    case "video":
      return fieldset(kind === "video" ? "Video" : "Image",
        kind === "video" ? form.text(`${at}.media.videoURL`, "Video URL", { type: "url" }) : null,
        form.number(`${at}.media.autoCloseSeconds`, "Closes by itself after (seconds)", { min: 1, step: "any" }),
        form.text(`${at}.media.altText`, "Description (for screen readers)"));
    case "html":
      return fieldset("HTML", form.textarea(`${at}.html`, "HTML document", { rows: 8,
        hint: "Links with data-link and data-actiontype become actions; scripts run sandboxed." }));
    case "tooltip":
      return fieldset("Tooltip",
        form.text(`${at}.tooltip.targetElementID`, "Target element (its accessibility identifier)"),
        form.select(`${at}.tooltip.position`, "Position", listOf("tooltipPosition")),
        form.text(`${at}.tooltip.redirectURL`, "Opens on tap", { type: "url" }),
        form.number(`${at}.tooltip.autoDisappearSeconds`, "Disappears after (seconds)", { min: 1 }));
    default:
      return null;
  }
}

// An action: what it does, where it goes, and the event it logs (which may trigger another campaign).
function action(form, path, { optional }) {
  const type = getPath(draft, `${path}.type`);
  const parts = [form.select(`${path}.type`, optional ? "When the message is tapped" : "Action", listOf("actionType"),
    { empty: optional ? "Nothing" : undefined, rerender: true })];
  if (type === "openURL" || type === "deepLink") parts.push(form.text(`${path}.uri`, "Link", { placeholder: "https://… or myapp://…" }));
  if (type || !optional) parts.push(form.text(`${path}.logsEvent.name`, "Logs the custom event", { hint: "Optional; it can trigger another campaign" }));
  return parts;
}

// The buttons at `at.buttons`: the message's, or a carousel page's (`key` tells their controls apart).
function buttons(form, at, key = "") {
  const list = getPath(draft, `${at}.buttons`) || [];
  const set = fieldset("Buttons", ...list.flatMap((_, index) => {
    const path = `${at}.buttons.${index}`;
    const remove = form.button(`Remove button ${index + 1}`, () => { list.splice(index, 1); form.commit(`${at}.buttons`, list, true); });
    return [element("h4", `Button ${index + 1}`),
      form.text(`${path}.text`, "Text"), form.text(`${path}.id`, "ID (reported with clicks; default: the text)"),
      form.color(`${path}.textColor`, "Text colour"), form.color(`${path}.backgroundColor`, "Colour"),
      ...action(form, `${path}.action`, { optional: false }), remove];
  }));
  if (list.length < model.limits.buttons.max) {
    set.append(form.button("Add button", () => {
      list.push({ text: `Button ${list.length + 1}` });
      form.commit(`${at}.buttons`, list, true);
    }, key ? `add-button-${key}` : "add-button"));
  }
  return set;
}

function appearance(form, at) {
  return fieldset("Appearance",
    form.select(`${at}.appearance.theme`, "Theme", listOf("theme")),
    form.select(`${at}.appearance.layoutDirection`, "Direction", listOf("layoutDirection")),
    form.text(`${at}.appearance.titleFont`, "Title font"), form.text(`${at}.appearance.bodyFont`, "Body font"),
    form.text(`${at}.appearance.buttonFont`, "Button font"));
}

// A trigger set: all or any of its triggers and nested groups.
function triggerSet(form, path, depth) {
  const set = getPath(draft, path) || {};
  const triggers = set.triggers || [];
  const groups = set.groups || [];
  const box = element("div", undefined, depth ? "group" : "");
  box.append(form.select(`${path}.match`, depth ? "This group holds when" : "The campaign is ready when",
    listOf("triggerMatch")));
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
  const box = element("div", undefined, "trigger");
  box.append(form.select(`${path}.event`, "Event", listOf("eventKind"), { rerender: true }));
  if (model.namedEventKinds.includes(current.event)) box.append(form.text(`${path}.name`, current.event === "viewAppeared" ? "Element" : "Name"));
  if (current.event !== "appStart") box.append(form.number(`${path}.occurrences`, "Times it must happen", { min: 1 }));
  if (current.event !== "appStart") {
    box.append(...conditionList(form, draft, `${path}.conditions`, `add-condition-${path.replace(/\./g, "-")}`));
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
    caps.length ? form.choices("delivery.frequencyCapIDs", "Frequency caps", caps) : element("p", "No frequency caps in this app's settings.", "muted"));
}

function targeting(form) {
  return fieldset("Targeting",
    form.select("targeting.audience", "Audience", listOf("audience")),
    form.list("targeting.userIDs", "Only these user IDs", { hint: "Empty: everyone in the audience" }),
    form.text("targeting.minAppVersion", "From app version", { placeholder: "1.2.0" }),
    form.text("targeting.maxAppVersion", "Up to app version"),
    form.list("targeting.locales", "Locales", { placeholder: "en, de-CH" }),
    form.choices("targeting.platforms", "Platforms (none: all)", listOf("platform")),
    ...segmentChoices(form), audienceLine(form));
}

function segmentChoices(form) {
  const options = segments.map((segment) => [segment.id, segment.name]);
  // A segment deleted meanwhile still shows, so that it can be unticked.
  for (const id of [...(getPath(draft, "targeting.segments.include") || []), ...(getPath(draft, "targeting.segments.exclude") || [])]) {
    if (!options.some(([known]) => known === id)) options.push([id, `Unknown segment ${id}`]);
  }
  if (!options.length) return [element("p", "No segments in this app yet: build them under Segments.", "muted")];
  return [form.choices("targeting.segments.include", "In one of these segments (none: no segment needed)", options),
    form.choices("targeting.segments.exclude", "In none of these segments", options)];
}

// How many known users the targeting admits, counted when asked (it queries the database). The
// composer of a read-only campaign offers no controls; viewers count audiences in Segments.
function audienceLine(form) {
  const row = element("div", undefined, "row");
  const result = element("span", "", "audience");
  result.id = "campaign-audience";
  result.setAttribute("aria-live", "polite");
  const count = form.button("Count audience", async () => {
    try {
      const size = await api("POST", `/api/v1/apps/${appID}/audience`, { targeting: currentDraft().targeting || {} });
      result.textContent = describeAudience(size);
    } catch (error) {
      showProblems(error);
    }
  }, "campaign-count-audience");
  row.append(count, result);
  return row;
}

function advanced(form, at) {
  return fieldset("Advanced",
    form.text(`${at}.template`, "Template (a presenter the app registered)"),
    extras(form, at),
    form.json(`${at}.customJSON`, "Custom JSON", "Handed to the app as is"));
}

// The extras map, one `key=value` per line.
function extras(form, at) {
  const area = element("textarea");
  area.rows = 3;
  area.className = "short code";
  area.value = Object.entries(getPath(draft, `${at}.extras`) || {}).map(([key, value]) => `${key}=${value}`).join("\n");
  area.addEventListener("input", () => {
    const pairs = area.value.split("\n").map((line) => line.split("=")).filter((pair) => pair.length >= 2 && pair[0].trim());
    const map = Object.fromEntries(pairs.map(([key, ...rest]) => [key.trim(), rest.join("=")]));
    form.commit(`${at}.extras`, Object.keys(map).length ? map : undefined);
  });
  return form.field(`${at}.extras`, "Extras (key=value per line)", area);
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
