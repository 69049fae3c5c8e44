// Marquee dashboard: apps and campaigns (the composer and its JSON view, a live preview, status
// and statistics), and the switching between views whose modules hold the rest (App Inbox,
// segments, trigger tester, settings, audit log, accounts). It speaks only the documented admin
// API (/api/v1), signed in with a team account: the session lives in an HttpOnly cookie that
// scripts never see, and every change carries the session's CSRF token (X-CSRF-Token), which only
// this page can read. Viewers see no write controls (the server refuses their writes anyway).
// Campaign text is untrusted, so it only ever reaches the page through textContent.
import { $, api, canEditCampaigns, element, say, session, showProblems } from "./api.js";
import { mountComposer, newCampaign, showDraft, showFieldErrors } from "./composer.js";
import { describeClients } from "./capabilities.js";
import { fillKindFilter, renderCampaignList, wireCampaignList } from "./campaign-list.js";
import { loadModel } from "./model.js";
import { views } from "./views.js";
import { wireDeviceFrame } from "./device-frame.js";
import { schedulePreview, wireCampaignPreview } from "./campaign-preview.js";
import { showDevicePreviewFor, wireDevicePreview } from "./device-preview.js";
import { showCampaignFigures, wireCampaignFigures } from "./campaign-figures.js";

const state = { apps: [], appID: null, view: "campaigns", campaigns: [], segments: [], campaignID: null, isNew: false, savedJSON: "" };

// Server bookkeeping that the editor does not send back.
const readOnlyKeys = ["id", "appID", "createdAt", "updatedAt", "requiredCapabilities"];

// Deep links: #app=…&campaign=…&view=…, kept through signing in.
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { app: params.get("app"), campaign: params.get("campaign"), view: params.get("view") };
}

function writeHash() {
  const params = new URLSearchParams();
  if (state.appID) params.set("app", state.appID);
  if (state.campaignID) params.set("campaign", state.campaignID);
  if (state.view !== "campaigns") params.set("view", state.view);
  history.replaceState(null, "", `#${params.toString()}`);
}

async function start() {
  const link = readHash();
  let current;
  try {
    current = await api("GET", "/api/v1/session");
  } catch (error) {
    // No session (or an ended one) asks for a sign-in; anything else is worth saying.
    if (error.status !== 401) say(error.message, true);
    return showSignIn();
  }
  showWorkspace(current);
  try {
    await loadModel();
    fillKindFilter();
    await loadApps(link.app);
    state.view = views.some((view) => view.name === link.view) ? link.view : "campaigns";
    if (state.appID) await selectApp(state.appID, link.campaign);
    say("");
  } catch (error) {
    say(error.message, true);
    if (error.status === 401) return showSignIn();
  }
  document.body.dataset.state = "ready";
}

function showSignIn() {
  session.csrf = null;
  $("sign-in").hidden = false;
  $("workspace").hidden = true;
  $("sign-out").hidden = true;
  $("account").textContent = "";
  document.body.dataset.state = "signed-out";
}

// What the account may change decides which controls exist: viewers only read, editors change
// campaigns, admins also create apps.
function showWorkspace(current) {
  session.csrf = current.csrfToken || null;
  session.role = current.role;
  session.email = current.email || null;
  $("account").textContent = session.email ? `${session.email} · ${session.role}` : session.role;
  $("sign-in").hidden = true;
  $("workspace").hidden = false;
  $("sign-out").hidden = false;
  document.body.dataset.role = session.role;
  $("new-app-form").hidden = session.role !== "admin";
  for (const id of ["new-campaign", "save", "activate", "pause", "archive", "duplicate", "delete"]) $(id).hidden = !canEditCampaigns();
}

async function loadApps(preferred) {
  state.apps = (await api("GET", "/api/v1/apps")).items;
  state.appID = preferred && state.apps.some((app) => app.id === preferred) ? preferred : (state.apps[0] || {}).id || null;
  renderApps();
}

function renderApps() {
  const list = $("apps");
  list.replaceChildren();
  for (const app of state.apps) {
    const button = element("button", app.name);
    button.append(element("span", app.subscriptionID, "badge"));
    button.setAttribute("aria-current", String(app.id === state.appID));
    button.addEventListener("click", () => selectApp(app.id).catch((error) => say(error.message, true)));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
  const app = state.apps.find((candidate) => candidate.id === state.appID);
  $("app-title").textContent = app ? `${app.name} · ${app.subscriptionID}` : "";
  $("new-campaign").disabled = !app;
}

async function selectApp(appID, campaignID) {
  state.appID = appID;
  showDevicePreviewFor(appID);
  renderApps();
  await fetchCampaigns();
  renderCampaigns();
  const chosen = state.campaigns.find((campaign) => campaign.id === campaignID) || state.campaigns[0];
  if (chosen) await selectCampaign(chosen.id); else clearEditor();
  await showView(state.view);
}

// Shows the view named `name` (views.js): its tab selected, its sections and no other's.
async function showView(name) {
  const previous = state.view;
  state.view = name;
  for (const view of views) {
    $(`view-${view.name}`).setAttribute("aria-selected", String(view.name === name));
    for (const id of view.sections) $(id).hidden = view.name !== name;
  }
  writeHash();
  const view = views.find((candidate) => candidate.name === name);
  if (!state.appID && !view.withoutApp) return;
  if (view.show) await view.show({ appID: state.appID, campaignID: state.campaignID });
  // Segments made or renamed meanwhile are offered in the composer's targeting, edits kept.
  if (name === "campaigns" && previous === "segments") {
    await fetchCampaigns();
    if (state.campaignID || state.isNew) readJSON();
  }
}

function renderCampaigns() {
  renderCampaignList(state.campaigns, state.campaignID, (id) => showView("campaigns").then(() => selectCampaign(id))
    .catch((error) => say(error.message, true)));
}

// The app's campaigns, and its segments for the composer's targeting.
async function fetchCampaigns() {
  const [campaigns, segments] = await Promise.all([api("GET", `/api/v1/apps/${state.appID}/campaigns`),
    api("GET", `/api/v1/apps/${state.appID}/segments`)]);
  state.campaigns = campaigns.items;
  state.segments = segments.items;
}

async function reloadCampaigns() {
  await fetchCampaigns();
  renderCampaigns();
}

// A copy of the open campaign as a new draft, saved at once so it can be edited like any other.
async function duplicate() {
  try {
    const copy = JSON.parse($("campaign-json").value);
    copy.name = `Copy of ${copy.name}`;
    copy.status = "draft";
    const saved = await api("POST", `/api/v1/apps/${state.appID}/campaigns`, copy);
    await fetchCampaigns();
    await selectCampaign(saved.id);
    say(`Duplicated as “${saved.name}”.`);
  } catch (error) {
    showCampaignProblems(error);
  }
}

function clearEditor() {
  state.campaignID = null;
  $("campaign-title").textContent = "No campaigns yet";
  $("campaign-json").value = "";
  $("campaign-json").disabled = true;
  $("composer").replaceChildren();
  $("send-to-tester").hidden = true;
  for (const id of ["save", "activate", "pause", "archive", "duplicate", "delete"]) $(id).disabled = true;
  showCampaignFigures(state.appID, null);
}

// `keepTarget` keeps the composer on the A/B test variant it edits (the same campaign, saved).
function showInEditor(campaign, isNew, { keepTarget = false } = {}) {
  state.isNew = isNew;
  const editable = Object.fromEntries(Object.entries(campaign).filter(([key]) => !readOnlyKeys.includes(key)));
  $("campaign-title").textContent = isNew ? "New campaign" : campaign.name;
  $("capabilities").textContent = isNew ? "" : describeClients(campaign.requiredCapabilities || [], campaign.baseClientCaveats || []);
  $("campaign-json").value = JSON.stringify(editable, null, 2);
  showDraft(editable, { readOnly: !canEditCampaigns(), ...composerContext(), keepTarget });
  state.savedJSON = isNew ? "" : $("campaign-json").value;
  $("campaign-json").disabled = false;
  $("campaign-json").readOnly = !canEditCampaigns();
  $("save").disabled = false;
  for (const id of ["activate", "pause", "archive", "duplicate", "delete"]) $(id).disabled = isNew;
  $("send-to-tester").hidden = isNew || !canEditCampaigns();
  $("problems").replaceChildren();
  renderCampaigns();
  schedulePreview();
}

async function selectCampaign(campaignID) {
  const campaign = await api("GET", `/api/v1/apps/${state.appID}/campaigns/${campaignID}`);
  state.campaignID = campaignID;
  showInEditor(campaign, false);
  writeHash();
  // The figures fill their own section once counted (`data-figures`): opening a campaign, and
  // the page itself, never wait for a busy server's counting.
  showCampaignFigures(state.appID, campaignID, campaign.message.kind);
}

function editorCampaign() {
  return JSON.parse($("campaign-json").value);
}

// The JSON view edits the same draft as the form: valid JSON is shown in the form at once.
function readJSON() {
  try {
    showDraft(editorCampaign(), { readOnly: !canEditCampaigns(), ...composerContext(), keepTarget: true });
  } catch (_) { /* the preview says what is wrong with the JSON */ }
}

// Shows the form or the JSON view of the campaign.
function showEditorMode(mode) {
  $("composer").hidden = mode !== "form";
  $("campaign-json").hidden = mode !== "json";
  $("editor-form-tab").setAttribute("aria-selected", String(mode === "form"));
  $("editor-json-tab").setAttribute("aria-selected", String(mode === "json"));
}

// What the composer offers from the app: its frequency caps and segments.
function composerContext() {
  return { appID: state.appID, frequencyCaps: currentApp().frequencyCaps, segments: state.segments };
}

function currentApp() {
  return state.apps.find((app) => app.id === state.appID) || {};
}

// Field errors appear next to their fields in the form, and all of them in the list.
function showCampaignProblems(error) {
  showFieldErrors(error.fields);
  showProblems(error);
}

async function save() {
  let campaign;
  try {
    campaign = editorCampaign();
  } catch (error) {
    return say(`The JSON is not valid: ${error.message}`, true);
  }
  try {
    const saved = state.isNew
      ? await api("POST", `/api/v1/apps/${state.appID}/campaigns`, campaign)
      : await api("PUT", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}`, campaign);
    await fetchCampaigns();
    state.campaignID = saved.id;
    showInEditor(saved, false, { keepTarget: true });
    writeHash();
    say("Saved.");
    await showCampaignFigures(state.appID, saved.id, saved.message.kind);
  } catch (error) {
    showCampaignProblems(error);
  }
}

// Whether the editor holds changes that were not saved.
function hasUnsavedEdits() {
  return !state.isNew && $("campaign-json").value !== state.savedJSON;
}

async function setStatus(status) {
  try {
    // A status change must not drop the edits on screen: they are saved first, and a save that
    // fails (its errors shown) leaves the status as it was.
    if (hasUnsavedEdits()) {
      const edited = editorCampaign();
      await api("PUT", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}`, edited);
    }
    const saved = await api("PUT", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}/status`, { status });
    state.campaigns = state.campaigns.map((campaign) => (campaign.id === saved.id ? saved : campaign));
    showInEditor(saved, false, { keepTarget: true });
    say(`Campaign is ${status}.`);
  } catch (error) {
    showCampaignProblems(error);
  }
}

// "Send to test device": makes the user or device a tester, then saves the campaign as a test
// campaign and activates it, so testers (and only they) get it at their next ping.
async function sendToTester(event) {
  event.preventDefault();
  const kind = $("tester-target-kind").value;
  const id = $("tester-target").value.trim();
  try {
    await api("POST", `/api/v1/apps/${state.appID}/testers`, { [kind]: id });
    const campaign = editorCampaign();
    campaign.isTest = true;
    await api("PUT", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}`, campaign);
    const saved = await api("PUT", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}/status`, { status: "active" });
    await fetchCampaigns();
    showInEditor(saved, false, { keepTarget: true });
    say(`“${saved.name}” is a test campaign now, shown only to testers such as ${id}.`);
  } catch (error) {
    showCampaignProblems(error);
  }
}

async function remove() {
  if (!confirm("Delete this campaign? Devices stop showing it.")) return;
  try {
    await api("DELETE", `/api/v1/apps/${state.appID}/campaigns/${state.campaignID}`);
    state.campaignID = null;
    await selectApp(state.appID);
    say("Deleted.");
  } catch (error) {
    showCampaignProblems(error);
  }
}

function wire() {
  $("sign-in-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/v1/session/sign-in", { email: $("email").value, password: $("password").value });
      $("password").value = "";
      say("");
      await start();
    } catch (error) {
      say(error.message, true);
    }
  });
  $("sign-out").addEventListener("click", async () => {
    try {
      await api("POST", "/api/v1/session/sign-out");
    } catch (error) {
      // The session may have ended already; signing out locally is still right.
    }
    location.hash = "";
    showSignIn();
  });
  $("new-app-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const app = await api("POST", "/api/v1/apps", { name: $("new-app-name").value });
      $("new-app-name").value = "";
      say(`Created ${app.name}. Its secret, shown only now: ${app.secret}`);
      await loadApps(app.id);
      await selectApp(app.id);
    } catch (error) {
      showProblems(error);
    }
  });
  $("new-campaign").addEventListener("click", () => {
    state.campaignID = null;
    showInEditor(newCampaign, true);
  });
  $("campaign-json").addEventListener("input", () => { readJSON(); schedulePreview(); });
  mountComposer((draft) => {
    $("campaign-json").value = JSON.stringify(draft, null, 2);
    schedulePreview();
  });
  $("editor-form-tab").addEventListener("click", () => showEditorMode("form"));
  $("editor-json-tab").addEventListener("click", () => showEditorMode("json"));
  for (const view of views) {
    $(`view-${view.name}`).addEventListener("click", () => showView(view.name).catch((error) => say(error.message, true)));
  }
  wireCampaignPreview(showCampaignProblems);
  wireCampaignFigures();
  wireDeviceFrame();
  wireDevicePreview(() => editorCampaign());
  const onAppSaved = async (app) => {
    state.apps = state.apps.map((candidate) => (candidate.id === app.id ? app : candidate));
    renderApps();
  };
  for (const view of views) view.wire?.({ onAppSaved });
  $("save").addEventListener("click", save);
  $("activate").addEventListener("click", () => setStatus("active"));
  $("pause").addEventListener("click", () => setStatus("paused"));
  $("archive").addEventListener("click", () => setStatus("archived"));
  $("delete").addEventListener("click", remove);
  $("duplicate").addEventListener("click", duplicate);
  $("send-to-tester").addEventListener("submit", sendToTester);
  wireCampaignList(() => state.appID, renderCampaigns, () => reloadCampaigns().catch((error) => say(error.message, true)));
}

wire();
start();
