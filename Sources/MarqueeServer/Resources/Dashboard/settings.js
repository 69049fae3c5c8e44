// The app settings view: rollout, ping interval, test users and devices, and identity
// verification with its secret (shown once, when created or rotated). Saving sends only the
// fields on this form (PATCH), so settings edited elsewhere are kept.
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
  $("settings-verification").value = app.identityVerification;
  $("settings-secret-state").textContent = app.hasIdentitySecret
    ? "An identity secret exists. Rotating it replaces it; the old one keeps working for the grace period."
    : "No identity secret yet: create one before requiring signed user IDs.";
  $("settings-secret").replaceChildren();
  $("settings-problems").replaceChildren();
  for (const field of $("settings-form").querySelectorAll("input, select, textarea, button")) field.disabled = !isAdmin();
  $("settings-rotate").hidden = !isAdmin();
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

export function wireSettings(onSaved) {
  $("settings-form").addEventListener("submit", (event) => save(event, onSaved));
  $("settings-rotate").addEventListener("click", rotate);
}
