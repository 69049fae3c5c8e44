// The app settings view: rollout, ping interval, test users and devices, frequency caps, what
// devices may set in their user's profile, the web origins whose pages may use the web SDK, the
// app secret, and identity verification with its
// secret (secrets are shown once, when created or rotated). The form is the dashboard's form
// builder's (form.js), bound to a draft of the settings; saving sends only the fields on this form
// (PATCH), so settings edited elsewhere are kept.
import { $, api, element, isAdmin, say, showProblems } from "./api.js";
import { FormBuilder } from "./form.js";
import { choices, model } from "./model.js";

let appID = null;
let draft = {};

// Shows the settings of app `id`; viewers and editors read them, admins change them.
export async function showSettings(id) {
  appID = id;
  const app = await api("GET", `/api/v1/apps/${id}`);
  draft = {
    name: app.name, subscriptionID: app.subscriptionID, rolloutPercentage: app.rolloutPercentage,
    pingIntervalSeconds: app.pingIntervalSeconds, testUserIDs: app.testUserIDs, testDeviceIDs: app.testDeviceIDs,
    frequencyCaps: app.frequencyCaps, identityVerification: app.identityVerification,
    // "name:type" per line.
    deviceAttributes: Object.entries(app.deviceProfile.attributes).sort().map(([name, kind]) => `${name}:${kind}`),
    deviceTags: app.deviceProfile.tags,
    webOrigins: app.webOrigins,
  };
  render();
  $("settings-secret-state").textContent = app.hasIdentitySecret
    ? "An identity secret exists. Rotating it replaces it; the old one keeps working for the grace period."
    : "No identity secret yet: create one before requiring signed user IDs.";
  $("settings-secret").replaceChildren();
  $("settings-problems").replaceChildren();
  $("settings-save").disabled = !isAdmin();
  $("settings-rotate").hidden = !isAdmin();
  $("settings-rotate-app-secret").hidden = !isAdmin();
  $("settings-app-secret").replaceChildren();
  $("settings-grace").hidden = !isAdmin();
}

function render() {
  const form = new FormBuilder(() => draft, (rerender) => { if (rerender) render(); }, !isAdmin(), { idPrefix: "settings" });
  const caps = draft.frequencyCaps || [];
  const capRows = caps.map((_, index) => {
    const row = element("div", undefined, "attribute-row");
    const at = `frequencyCaps.${index}`;
    const inline = new FormBuilder(() => draft, () => {}, !isAdmin(), { idPrefix: "settings", inline: true });
    row.append(inline.text(`${at}.id`, `Cap ${index + 1}: Cap ID`, { placeholder: "Cap ID" }),
      inline.number(`${at}.limit`, `Cap ${index + 1}: Messages`, { min: 1 }),
      inline.number(`${at}.periodSeconds`, `Cap ${index + 1}: Per hours`, { min: 0.01, step: "any", scale: 3600 }),
      form.button("Remove", () => { caps.splice(index, 1); form.commit("frequencyCaps", caps, true); }));
    return row;
  });
  const caption = element("span", "Frequency caps: campaigns that name a cap share its limit", "label");
  $("settings-fields").replaceChildren(
    form.text("name", "Name", { required: true }),
    form.text("subscriptionID", "Subscription ID (what apps configure)", { required: true }),
    form.number("rolloutPercentage", "Rollout: percentage of devices that get campaigns", model.limits.rolloutPercentage),
    form.number("pingIntervalSeconds", "Ping interval in seconds", model.limits.pingIntervalSeconds),
    form.lines("testUserIDs", "Test users: user IDs that see test campaigns, one per line"),
    form.lines("testDeviceIDs", "Test devices: device IDs, one per line"),
    caption, ...capRows,
    form.button("Add cap", () => form.commit("frequencyCaps", [...caps, { id: "", limit: 1, periodSeconds: 86400 }], true), "settings-add-cap"),
    form.select("identityVerification", "Identity verification (signed user IDs)", choices(model.lists.identityVerification)),
    form.lines("deviceAttributes", "Attributes the SDK may set for its own user: name:type per line, "
      + "typed as user profiles are (a bare name is a string)", { placeholder: "favoriteCategory:string" }),
    form.lines("deviceTags", "Tags the SDK may add or remove, one per line", { rows: 2, placeholder: "newsletter" }),
    form.lines("webOrigins", "Web origins: sites whose pages may use the web SDK with this app, one per line", {
      rows: 3, placeholder: "https://shop.example.com", count: model.limits.webOrigins, length: model.limits.webOriginLength,
      hint: `As the browser's address bar shows the site, without a path: scheme, host and port if any. `
        + `At most ${model.limits.webOrigins.max}.`,
    }));
}

async function save(event, onSaved) {
  event.preventDefault();
  const body = {
    name: draft.name ?? "",
    subscriptionID: draft.subscriptionID ?? "",
    rolloutPercentage: draft.rolloutPercentage,
    pingIntervalSeconds: draft.pingIntervalSeconds,
    testUserIDs: draft.testUserIDs || [],
    testDeviceIDs: draft.testDeviceIDs || [],
    identityVerification: draft.identityVerification,
    // A bare name is a string.
    deviceProfile: {
      attributes: Object.fromEntries((draft.deviceAttributes || []).map((line) => {
        const [name, kind] = line.split(":").map((part) => part.trim());
        return [name, kind || "string"];
      })),
      tags: draft.deviceTags || [],
    },
    frequencyCaps: (draft.frequencyCaps || []).map((cap) => ({ ...cap, id: (cap.id || "").trim() })),
    webOrigins: draft.webOrigins || [],
  };
  try {
    const app = await api("PATCH", `/api/v1/apps/${appID}`, body);
    $("settings-problems").replaceChildren();
    await onSaved(app);
    say("Settings saved.");
  } catch (error) {
    showProblems(error, "settings-problems");
  }
}

async function rotate() {
  try {
    const answer = await api("POST", `/api/v1/apps/${appID}/identity_secret`, { graceSeconds: Number($("settings-grace").value) });
    const shown = $("settings-secret");
    shown.replaceChildren(element("span", "The new identity secret, shown only now (keep it on your backend): "),
      element("code", answer.identitySecret));
    if (answer.previousSecretValidUntil) {
      shown.append(element("span", ` The previous one works until ${new Date(answer.previousSecretValidUntil).toLocaleString()}.`));
    }
    $("settings-secret-state").textContent = "An identity secret exists.";
    say("Identity secret created.");
  } catch (error) {
    showProblems(error, "settings-problems");
  }
}

async function rotateAppSecret() {
  if (!confirm("Rotate the app secret? Scripts using the old one stop working at once.")) return;
  try {
    const app = await api("POST", `/api/v1/apps/${appID}/secret`);
    $("settings-app-secret").replaceChildren(element("span", "The new app secret, shown only now: "), element("code", app.secret));
    say("App secret rotated.");
  } catch (error) {
    showProblems(error, "settings-problems");
  }
}

export function wireSettings(onSaved) {
  $("settings-rotate-app-secret").addEventListener("click", rotateAppSecret);
  $("settings-form").addEventListener("submit", (event) => save(event, onSaved));
  $("settings-rotate").addEventListener("click", rotate);
}
