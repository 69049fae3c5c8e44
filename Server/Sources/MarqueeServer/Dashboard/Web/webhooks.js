// The app's webhooks, for administrators: each endpoint with its status (a banner says when the
// server disabled one after a day of failures), pause, resume, a new secret and deletion; its
// latest deliveries with every attempt's status, latency and error, and a button to send one
// again; and a form that makes an endpoint, whose secret shows once. The event types offered come
// from the server's model; the form and the buttons are the dashboard's form builder's (form.js).
// URLs and errors are other people's text: they reach the page as text.
import { $, api, element, isAdmin, say, showProblems } from "./api.js";
import { FormBuilder } from "./form.js";
import { choices, model } from "./model.js";

// `draft` is the new endpoint the form edits.
const state = { appID: null, selected: null, urls: new Map(), generation: 0, draft: {} };
const form = new FormBuilder(() => state.draft, () => {}, false, { idPrefix: "webhook" });

// Shows the endpoints of app `appID` (called when the view opens or the app changes).
export async function showWebhooks(appID) {
  state.appID = appID;
  $("webhooks-problems").replaceChildren();
  $("webhook-secret").textContent = "";
  $("webhook-form").hidden = !isAdmin();
  if (!$("webhook-fields").childElementCount) renderForm();
  if (!isAdmin()) {
    $("webhooks-list").replaceChildren(element("li", "Only administrators manage webhooks.", "muted"));
    $("webhook-deliveries").replaceChildren();
    return;
  }
  await load();
}

// The new endpoint's URL and the event types it is limited to.
function renderForm() {
  $("webhook-fields").replaceChildren(
    form.text("url", "URL", { type: "url", required: true, placeholder: "https://example.com/marquee" }),
    form.choices("types", "Events (none: every event)", choices(model.eventTypes)));
}

async function load() {
  const generation = ++state.generation;
  const endpoints = (await api("GET", `/api/v1/apps/${state.appID}/webhooks`)).items;
  if (generation !== state.generation) return;
  const disabled = endpoints.filter((endpoint) => endpoint.status === "disabled");
  $("webhooks-banner").hidden = disabled.length === 0;
  $("webhooks-banner").textContent = disabled.length === 0 ? "" : `${disabled.map((endpoint) => endpoint.url).join(", ")} `
    + `${disabled.length === 1 ? "was" : "were"} disabled after a day of failed deliveries. Events wait in the log; resume to deliver them.`;
  const list = $("webhooks-list");
  list.replaceChildren();
  for (const endpoint of endpoints) list.append(row(endpoint));
  if (!endpoints.length) list.append(element("li", "No webhooks yet.", "muted"));
  if (!endpoints.some((endpoint) => endpoint.id === state.selected)) state.selected = endpoints.length ? endpoints[0].id : null;
  state.urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  await showDeliveries();
  document.body.dataset.webhooks = "ready";
}

// A row's button: its failure is said on the status line.
function button(text, id, action, className) {
  return form.button(text, () => action().catch((error) => say(error.message, true)), id, className);
}

function row(endpoint) {
  const item = element("li", undefined, "sent webhook-row");
  item.dataset.id = endpoint.id;
  const url = element("span", endpoint.url, "webhook-url");
  const status = element("span", endpoint.status, `badge ${endpoint.status}`);
  const types = element("span", endpoint.types.length ? endpoint.types.join(", ") : "every event", "muted");
  const failing = endpoint.failingSince ? element("span", `failing since ${new Date(endpoint.failingSince).toLocaleString()}`, "failing") : "";
  const base = `/api/v1/apps/${state.appID}/webhooks/${endpoint.id}`;
  const actions = element("div", undefined, "row");
  const toggle = endpoint.status === "paused" || endpoint.status === "disabled"
    ? button("Resume", `webhook-${endpoint.id}-resume`, () => setStatus(base, "active"))
    : button("Pause", `webhook-${endpoint.id}-pause`, () => setStatus(base, "paused"));
  actions.append(
    button("Deliveries", `webhook-${endpoint.id}-deliveries`, async () => { state.selected = endpoint.id; await showDeliveries(); }),
    toggle,
    button("New secret", `webhook-${endpoint.id}-secret`, async () => {
      const { secret } = await api("POST", `${base}/secret`);
      showSecret(endpoint.url, secret);
    }),
    button("Delete", `webhook-${endpoint.id}-delete`, async () => {
      if (!confirm(`Delete the webhook to ${endpoint.url}? Deliveries waiting for it are dropped.`)) return;
      await api("DELETE", base);
      say("Webhook deleted.");
      await load();
    }, "danger"));
  item.append(url, " ", status, " ", types, " ", failing, actions);
  return item;
}

async function setStatus(base, status) {
  await api("PATCH", base, { status });
  say(status === "active" ? "Deliveries resumed." : "Deliveries paused.");
  await load();
}

function showSecret(url, secret) {
  $("webhook-secret").textContent = `Secret of ${url} (shown once; deliveries are signed with it): ${secret}`;
}

async function showDeliveries() {
  const list = $("webhook-deliveries");
  list.replaceChildren();
  $("webhook-deliveries-title").textContent = state.selected ? `Deliveries to ${state.urls.get(state.selected)}` : "Deliveries";
  for (const row of document.querySelectorAll(".webhook-row")) row.classList.toggle("selected", row.dataset.id === state.selected);
  if (!state.selected) return;
  const items = (await api("GET", `/api/v1/apps/${state.appID}/webhooks/${state.selected}/deliveries`)).items;
  for (const delivery of items) list.append(deliveryRow(delivery));
  if (!items.length) list.append(element("li", "Nothing delivered yet.", "muted"));
}

function deliveryRow(delivery) {
  const item = element("li", undefined, "sent delivery-row");
  item.dataset.state = delivery.state;
  const last = delivery.attempts[0];
  const outcome = last ? `${last.status ?? "no answer"} in ${last.latencyMs} ms${last.error ? `: ${last.error}` : ""}` : "not tried yet";
  item.append(
    element("span", new Date(delivery.createdAt).toLocaleString()), " ",
    element("span", `${delivery.events} event${delivery.events === 1 ? "" : "s"}`), " ",
    element("span", delivery.state, `badge ${delivery.state}`), " ",
    element("span", `${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? "" : "s"}, last ${outcome}`,
            last && last.error ? "failing" : "muted"),
    button("Redeliver", `delivery-${delivery.id}-redeliver`, async () => {
      await api("POST", `/api/v1/apps/${state.appID}/webhooks/${state.selected}/deliveries/${delivery.id}/redeliver`);
      say("Queued to be delivered again.");
      await showDeliveries();
    }));
  return item;
}

async function create(event) {
  event.preventDefault();
  $("webhooks-problems").replaceChildren();
  const url = (state.draft.url || "").trim();
  const types = state.draft.types || [];
  try {
    const endpoint = await api("POST", `/api/v1/apps/${state.appID}/webhooks`, { url, types });
    state.draft = {};
    renderForm();
    showSecret(endpoint.url, endpoint.secret);
    state.selected = endpoint.id;
    say("Webhook added.");
    await load();
  } catch (error) {
    showProblems(error, "webhooks-problems");
  }
}

export function wireWebhooks() {
  $("webhook-form").addEventListener("submit", (event) => create(event).catch((error) => say(error.message, true)));
  // The tab exists for administrators only; the dashboard marks the role on the body once signed in.
  new MutationObserver(() => { $("view-webhooks").hidden = !isAdmin(); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-role"] });
}
