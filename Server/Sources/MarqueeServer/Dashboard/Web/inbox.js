// The App Inbox view: a composer for a message to listed users, its live preview (the list item
// and the detail page, drawn by the server's inbox renderer into a frame of their own), and the
// messages sent, with what their recipients did.
import { $, api, canEditCampaigns, clearError, element, fillStats, postToFrame, say, showProblems } from "./api.js";
import { choices, model } from "./model.js";
let appID = null;

// Shows the inbox of `id` (called when the view opens or the app changes).
export async function showInbox(id) {
  appID = id;
  $("inbox-form").hidden = !canEditCampaigns();
  // The action types are the model's, loaded once signed in.
  if (!$("inbox-main-type")) {
    $("inbox-main-action").append(actionSelect("inbox-main-type", "Main action", true), urlInput("inbox-main-url", "Main action URL"));
  }
  await loadMessages();
  schedulePreview();
}

function actionSelect(id, label, withNone) {
  const select = element("select");
  select.id = id;
  select.setAttribute("aria-label", label);
  if (withNone) select.append(new Option("None", ""));
  for (const [value, text] of choices(model.lists.inboxActionType)) select.append(new Option(text, value));
  return select;
}

function urlInput(id, label) {
  const input = element("input");
  input.id = id;
  input.type = "url";
  input.placeholder = "https://… or myapp://…";
  input.setAttribute("aria-label", label);
  return input;
}

function addButtonRow() {
  const rows = $("inbox-buttons");
  const index = rows.children.length;
  if (index >= model.limits.inboxButtons.max) return;
  const row = element("div", undefined, "button-row");
  const title = element("input");
  title.id = `inbox-button-${index}-title`;
  title.placeholder = "Button text";
  title.setAttribute("aria-label", `Button ${index + 1} text`);
  const remove = element("button", "Remove");
  remove.type = "button";
  remove.addEventListener("click", () => { row.remove(); renumberButtons(); schedulePreview(); });
  row.append(title, actionSelect(`inbox-button-${index}-type`, `Button ${index + 1} action`, false),
    urlInput(`inbox-button-${index}-url`, `Button ${index + 1} URL`), remove);
  rows.append(row);
  renumberButtons();
}

// Keeps ids in order after a removal, and the add button only while there is room.
function renumberButtons() {
  [...$("inbox-buttons").children].forEach((row, index) => {
    const [title, type, url] = row.querySelectorAll("input, select");
    title.id = `inbox-button-${index}-title`;
    type.id = `inbox-button-${index}-type`;
    url.id = `inbox-button-${index}-url`;
  });
  $("inbox-add-button").disabled = $("inbox-buttons").children.length >= model.limits.inboxButtons.max;
}

function action(type, url) {
  const value = { type };
  if (type !== "openApp" && url.trim()) value.url = url.trim();
  return value;
}

// The composer's content, as the API reads it; throws with a readable message when the custom
// data is not a JSON object.
function composedContent() {
  const content = {
    title: $("inbox-title").value,
    body: $("inbox-body").value,
    bodyFormat: $("inbox-body-format").value,
    buttons: [],
  };
  if ($("inbox-image").value.trim()) content.imageURL = $("inbox-image").value.trim();
  if ($("inbox-main-type").value) content.mainAction = action($("inbox-main-type").value, $("inbox-main-url").value);
  for (const row of $("inbox-buttons").children) {
    const [title, type, url] = row.querySelectorAll("input, select");
    content.buttons.push({ title: title.value, action: action(type.value, url.value) });
  }
  const data = $("inbox-data").value.trim();
  if (data) {
    let parsed;
    try { parsed = JSON.parse(data); } catch (error) { throw new Error(`Custom data is not valid JSON: ${error.message}`); }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("Custom data must be a JSON object");
    content.customData = parsed;
  }
  return content;
}

function recipients() {
  return $("inbox-users").value.split(/[\n,]/).map((id) => id.trim()).filter((id) => id.length > 0);
}

// Renders the message again, a moment after the last edit. Only the latest request's answer
// counts: an earlier one that arrives late is dropped, and so is the frame's load of a page an
// earlier request posted (`framed`).
let previewTimer = null;
let latest = 0;
let framed = 0;
function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => {
    const request = ++latest;
    preview(request).catch((error) => {
      if (request === latest) showProblems(error, "inbox-problems");
    });
  }, 250);
}

// Checks the content through the API (errors come back as JSON), then posts it into the frame.
async function preview(request) {
  if (!$("inbox-title").value.trim()) {
    $("inbox-problems").replaceChildren();
    return;
  }
  let content;
  try {
    content = composedContent();
  } catch (error) {
    return say(error.message, true);
  }
  const choices = { view: $("inbox-preview-view").value, direction: $("inbox-preview-direction").value };
  if ($("inbox-preview-theme").value) choices.theme = $("inbox-preview-theme").value;
  await api("POST", "/api/v1/preview/inbox", { message: content, ...choices }, "text/html");
  if (request !== latest) return;
  $("inbox-problems").replaceChildren();
  framed = request;
  postToFrame($("inbox-preview-form"), { message: JSON.stringify(content), ...choices });
  clearError();
}

async function send(event) {
  event.preventDefault();
  let body;
  try {
    body = { userIDs: recipients(), message: composedContent() };
  } catch (error) {
    return say(error.message, true);
  }
  if (body.userIDs.length === 0) return say("Name at least one recipient (a user ID).", true);
  if ($("inbox-deliver-at").value) body.deliverAt = new Date($("inbox-deliver-at").value).toISOString();
  if ($("inbox-ttl-days").value) body.ttlSeconds = Math.round(Number($("inbox-ttl-days").value) * 86400);
  try {
    await api("POST", `/api/v1/apps/${appID}/inbox/messages`, body);
    $("inbox-problems").replaceChildren();
    await loadMessages();
    say(`Sent to ${body.userIDs.length} ${body.userIDs.length === 1 ? "user" : "users"}.`);
  } catch (error) {
    showProblems(error, "inbox-problems");
  }
}

async function loadMessages() {
  const messages = (await api("GET", `/api/v1/apps/${appID}/inbox/messages?limit=50`)).items;
  const list = $("inbox-messages");
  list.replaceChildren();
  if (messages.length === 0) list.append(element("li", "No messages sent yet.", "muted"));
  for (const message of messages) list.append(messageItem(message));
}

function messageItem(message) {
  const item = element("li", undefined, "sent");
  const heading = element("div", undefined, "row");
  heading.append(element("strong", message.message.title),
    element("span", message.source === "campaign" ? "campaign" : "sent", "badge"),
    element("span", new Date(message.deliverAt).toLocaleString(), "muted"));
  if (message.expiresAt) heading.append(element("span", `until ${new Date(message.expiresAt).toLocaleString()}`, "muted"));
  if (canEditCampaigns()) {
    const remove = element("button", "Delete", "danger");
    remove.type = "button";
    remove.addEventListener("click", () => removeMessage(message));
    heading.append(remove);
  }
  const stats = element("dl", undefined, "stats");
  const figures = message.stats;
  const rows = [["Delivered", figures.recipients], ["Read", figures.read], ["Opened", figures.opened],
    ["Unique readers", figures.uniqueReaders], ["Clicks", figures.clicked]];
  for (const action of figures.clicksByAction) {
    rows.push([action.action === "main" ? "Main action" : action.title || action.action, action.clicks]);
  }
  fillStats(stats, rows);
  item.append(heading, stats);
  return item;
}

async function removeMessage(message) {
  if (!confirm(`Delete "${message.message.title}" from every inbox?`)) return;
  try {
    await api("DELETE", `/api/v1/apps/${appID}/inbox/messages/${message.id}`);
    await loadMessages();
    say("Deleted.");
  } catch (error) {
    showProblems(error, "inbox-problems");
  }
}

export function wireInbox() {
  $("inbox-add-button").addEventListener("click", () => { addButtonRow(); schedulePreview(); });
  $("inbox-form").addEventListener("input", schedulePreview);
  $("inbox-form").addEventListener("change", schedulePreview);
  $("inbox-form").addEventListener("submit", send);
  for (const id of ["inbox-preview-view", "inbox-preview-theme", "inbox-preview-direction"]) $(id).addEventListener("change", schedulePreview);
  $("inbox-preview-frame").addEventListener("load", () => {
    if ($("inbox-preview-form").children.length && framed === latest) document.body.dataset.inboxPreview = "ready";
  });
}
