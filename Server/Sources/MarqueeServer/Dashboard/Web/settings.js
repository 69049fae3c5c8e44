// The app settings view: rollout, ping interval, test users and devices, frequency caps, what
// devices may set in their user's profile, the app secret, and identity verification with its secret (secrets are shown once, when created or
// rotated). Saving sends only the fields on this form (PATCH), so settings edited elsewhere are kept.
import { $, api, element, isAdmin, say, showProblems } from "./api.js";

let appID = null;

function lines(text) {
  return text.split(/[\n,]/).map((value) => value.trim()).filter((value) => value.length > 0);
}

// Shows the settings of app `id`; viewers and editors read them, admins change them.
export async function showSettings(id) {
  appID = id;
  const app = await api("GET", `/api/v1/apps/${id}`);
  $("settings-name").value = app.name;
  $("settings-subscription").value = app.subscriptionID;
  $("settings-rollout").value = app.rolloutPercentage;
  $("settings-ping").value = app.pingIntervalSeconds;
  $("settings-test-users").value = app.testUserIDs.join("\n");
  $("settings-test-devices").value = app.testDeviceIDs.join("\n");
  $("settings-caps").replaceChildren();
  for (const cap of app.frequencyCaps) addCapRow(cap);
  $("settings-verification").value = app.identityVerification;
  $("settings-device-attributes").value = Object.entries(app.deviceProfile.attributes).sort()
    .map(([name, kind]) => `${name}:${kind}`).join("\n");
  $("settings-device-tags").value = app.deviceProfile.tags.join("\n");
  $("settings-secret-state").textContent = app.hasIdentitySecret
    ? "An identity secret exists. Rotating it replaces it; the old one keeps working for the grace period."
    : "No identity secret yet: create one before requiring signed user IDs.";
  $("settings-secret").replaceChildren();
  $("settings-problems").replaceChildren();
  for (const field of $("settings-form").querySelectorAll("input, select, textarea, button")) field.disabled = !isAdmin();
  $("settings-rotate").hidden = !isAdmin();
  $("settings-rotate-app-secret").hidden = !isAdmin();
  $("settings-app-secret").replaceChildren();
  $("settings-grace").hidden = !isAdmin();
}

async function save(event, onSaved) {
  event.preventDefault();
  const body = {
    name: $("settings-name").value,
    subscriptionID: $("settings-subscription").value,
    rolloutPercentage: Number($("settings-rollout").value),
    pingIntervalSeconds: Number($("settings-ping").value),
    testUserIDs: lines($("settings-test-users").value),
    testDeviceIDs: lines($("settings-test-devices").value),
    identityVerification: $("settings-verification").value,
    // "name:type" per line; a bare name is a string.
    deviceProfile: {
      attributes: Object.fromEntries(lines($("settings-device-attributes").value).map((line) => {
        const [name, kind] = line.split(":").map((part) => part.trim());
        return [name, kind || "string"];
      })),
      tags: lines($("settings-device-tags").value),
    },
    frequencyCaps: [...$("settings-caps").children].map((row) => {
      const [id, limit, hours] = row.querySelectorAll("input");
      return { id: id.value.trim(), limit: Number(limit.value), periodSeconds: Math.round(Number(hours.value) * 3600) };
    }),
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

// One frequency cap: an id campaigns name, and how many messages it allows per period.
function addCapRow(cap = { id: "", limit: 1, periodSeconds: 86400 }) {
  const index = $("settings-caps").children.length;
  const row = element("div", undefined, "attribute-row");
  const fields = [["id", cap.id, "text", "Cap ID"], ["limit", cap.limit, "number", "Messages"],
    ["hours", cap.periodSeconds / 3600, "number", "Per hours"]].map(([name, value, type, label]) => {
    const input = element("input");
    input.id = `settings-cap-${index}-${name}`;
    input.type = type;
    input.value = value;
    input.placeholder = label;
    input.setAttribute("aria-label", `Cap ${index + 1}: ${label}`);
    if (type === "number") input.min = name === "limit" ? "1" : "0.01";
    if (name === "hours") input.step = "any";
    input.disabled = !isAdmin();
    return input;
  });
  const remove = element("button", "Remove");
  remove.type = "button";
  remove.hidden = !isAdmin();
  remove.addEventListener("click", () => row.remove());
  row.append(...fields, remove);
  $("settings-caps").append(row);
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
  $("settings-add-cap").addEventListener("click", () => addCapRow());
  $("settings-rotate-app-secret").addEventListener("click", rotateAppSecret);
  $("settings-form").addEventListener("submit", (event) => save(event, onSaved));
  $("settings-rotate").addEventListener("click", rotate);
}
