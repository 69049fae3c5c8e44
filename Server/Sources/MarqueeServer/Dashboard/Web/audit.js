// The audit log of the selected app, or of one of its campaigns: when, who, what (in words), and
// for every change to the app or a campaign the fields it changed, before and after, in an entry
// that opens. The log is for administrators (the server refuses everyone else); its tab shows
// only to them. Names and values come from users, so they only ever reach the page as text.
import { $, api, element, isAdmin, say } from "./api.js";

const pageSize = 50;
// Bookkeeping that every write moves; the fields that matter are the rest.
const bookkeeping = ["updatedAt"];
const statusWords = { active: "activated", paused: "paused", archived: "archived", draft: "moved to draft" };

const state = { appID: null, scope: "", oldest: null, shown: 0, generation: 0 };
// The scope chosen per app, kept while the page is open.
const scopes = new Map();

// Shows the log of app `appID` (called when the view opens or the app changes); `campaignID`,
// the campaign selected in the dashboard, is offered first among the campaigns.
export async function showAudit(appID, campaignID) {
  state.appID = appID;
  $("audit-entries").replaceChildren();
  $("audit-more").hidden = true;
  if (!isAdmin()) {
    $("audit-scope").disabled = true;
    $("audit-entries").append(element("li", "Only administrators read the audit log.", "muted"));
    return;
  }
  $("audit-scope").disabled = false;
  const campaigns = (await api("GET", `/api/v1/apps/${appID}/campaigns`)).items;
  campaigns.sort((a, b) => (a.id === campaignID ? -1 : b.id === campaignID ? 1 : 0));
  const select = $("audit-scope");
  select.replaceChildren(new Option("Everything in this app", ""));
  for (const campaign of campaigns) select.append(new Option(`Campaign: ${campaign.name}`, campaign.id));
  const kept = scopes.get(appID) || "";
  state.scope = [...select.options].some((option) => option.value === kept) ? kept : "";
  select.value = state.scope;
  await load(false);
}

// Chooses the history of one campaign, adding it to the choices when it is gone (deleted).
async function focus(campaignID, name) {
  const select = $("audit-scope");
  if (![...select.options].some((option) => option.value === campaignID)) {
    select.append(new Option(`Campaign: ${name || campaignID} (deleted)`, campaignID));
  }
  select.value = campaignID;
  await changeScope();
}

async function changeScope() {
  state.scope = $("audit-scope").value;
  scopes.set(state.appID, state.scope);
  $("audit-entries").replaceChildren();
  await load(false);
}

// Loads the newest page, or the next older one after what is shown.
async function load(older) {
  const generation = ++state.generation;
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (state.scope) query.set("campaignID", state.scope); else query.set("appID", state.appID);
  if (older && state.oldest) query.set("before", state.oldest);
  const page = await api("GET", `/api/v1/audit?${query.toString()}`);
  // A newer request (another app or scope) answers for the screen.
  if (generation !== state.generation) return;
  const list = $("audit-entries");
  if (!older) {
    list.replaceChildren();
    state.shown = 0;
    state.oldest = null;
  }
  for (const event of page.items) list.append(entry(event));
  state.shown += page.items.length;
  if (state.shown === 0) list.append(element("li", "No changes recorded yet.", "muted"));
  state.oldest = page.items.length ? page.items[page.items.length - 1].occurredAt : state.oldest;
  $("audit-more").hidden = page.items.length < pageSize;
  document.body.dataset.audit = "ready";
}

function who(actor) {
  switch (actor.kind) {
    case "account": return actor.role ? `${actor.name} (${actor.role})` : actor.name || "an account";
    case "admin-token": return "the admin token";
    case "app": return "the app's secret";
    default: return actor.kind;
  }
}

// What the request did, in words: "updated campaign Spring sale".
export function describe(event) {
  const name = event.subject && event.subject.name ? ` ${event.subject.name}` : "";
  const status = event.after && event.after.status;
  const words = {
    "POST /api/v1/apps": `created app${name}`,
    "PUT /api/v1/apps/:appID": `replaced the settings of app${name}`,
    "PATCH /api/v1/apps/:appID": `changed the settings of app${name}`,
    "DELETE /api/v1/apps/:appID": `deleted app${name}`,
    "POST /api/v1/apps/:appID/secret": `rotated the secret of app${name}`,
    "POST /api/v1/apps/:appID/identity_secret": `rotated the identity secret of app${name}`,
    "POST /api/v1/apps/:appID/campaigns": `created campaign${name}`,
    "PUT /api/v1/apps/:appID/campaigns/:campaignID": `updated campaign${name}`,
    "PUT /api/v1/apps/:appID/campaigns/:campaignID/status": `${statusWords[status] || "changed the status of"} campaign${name}`,
    "DELETE /api/v1/apps/:appID/campaigns/:campaignID": `deleted campaign${name}`,
    "POST /api/v1/apps/:appID/inbox/messages": "sent an App Inbox message",
    "DELETE /api/v1/apps/:appID/inbox/messages/:messageID": "deleted an App Inbox message",
    "DELETE /api/v1/apps/:appID/users/:userID": "erased what was stored about a user",
    "POST /api/v1/session/sign-in": "signed in",
    "POST /api/v1/session/sign-out": "signed out",
    "POST /api/v1/accounts": "created an account",
    "PATCH /api/v1/accounts/:accountID": "changed an account",
    "DELETE /api/v1/accounts/:accountID": "deleted an account",
  };
  return words[`${event.method} ${event.route}`] || `${event.method} ${event.path}`;
}

// A value's fields as dotted paths ("message.buttons[0].text") with their values as text.
function flatten(value, prefix = "", into = new Map()) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [`${prefix}[${index}]`, item])
      : Object.entries(value).map(([key, item]) => [prefix ? `${prefix}.${key}` : key, item]);
    if (entries.length === 0 && prefix) into.set(prefix, Array.isArray(value) ? "[]" : "{}");
    for (const [path, item] of entries) flatten(item, path, into);
  } else if (prefix) {
    into.set(prefix, typeof value === "string" ? value : JSON.stringify(value));
  }
  return into;
}

// The fields that differ, in the order the subject lists them: [field, before, after], a side
// that lacks the field being undefined.
export function differences(before, after) {
  const old = flatten(before || {});
  const now = flatten(after || {});
  const fields = [...new Set([...now.keys(), ...old.keys()])];
  return fields
    .filter((field) => !bookkeeping.includes(field) && old.get(field) !== now.get(field))
    .map((field) => [field, old.get(field), now.get(field)]);
}

function cell(tag, value) {
  return value === undefined ? element(tag, "—", "absent") : element(tag, value);
}

function changes(event) {
  const details = element("details", undefined, "audit-changes");
  const rows = differences(event.before, event.after);
  const noun = rows.length === 1 ? "field" : "fields";
  const summary = element("summary", rows.length ? `Before and after: ${rows.length} ${noun}` : "Before and after");
  summary.id = `audit-${event.id}-changes`;
  details.append(summary);
  if (rows.length === 0) {
    details.append(element("p", "No field anyone can see changed (secrets are never shown).", "muted"));
    return details;
  }
  const table = element("table", undefined, "diff");
  const head = element("tr");
  head.append(element("th", "Field"), element("th", "Before"), element("th", "After"));
  const body = element("tbody");
  for (const [field, old, now] of rows) {
    const row = element("tr");
    row.append(element("th", field), cell("td", old), cell("td", now));
    body.append(row);
  }
  const thead = element("thead");
  thead.append(head);
  table.append(thead, body);
  details.append(table);
  return details;
}

function entry(event) {
  const item = element("li", undefined, "sent audit-entry");
  const heading = element("div", undefined, "row");
  heading.append(element("strong", describe(event)),
    element("span", `${new Date(event.occurredAt).toLocaleString()} · ${who(event.actor)}`, "muted"));
  if (event.campaignID && !state.scope) {
    const history = element("button", "History", "link");
    history.type = "button";
    history.addEventListener("click", () => focus(event.campaignID, event.subject && event.subject.name)
      .catch((error) => say(error.message, true)));
    heading.append(history);
  }
  item.append(heading);
  if (event.subject) item.append(changes(event));
  return item;
}

export function wireAudit() {
  $("audit-scope").addEventListener("change", () => changeScope().catch((error) => say(error.message, true)));
  $("audit-more").addEventListener("click", () => load(true).catch((error) => say(error.message, true)));
  // The tab exists for administrators only; the dashboard marks the role on the body once signed in.
  new MutationObserver(() => { $("view-audit").hidden = !isAdmin(); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-role"] });
}
