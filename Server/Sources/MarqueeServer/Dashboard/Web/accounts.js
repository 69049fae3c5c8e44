// The team's accounts, for administrators: each with its role (changed by choosing another), a
// new password, and deletion; and a form that creates one. The server decides what is allowed
// (it never removes or demotes the last admin) and its refusals are shown as it words them.
import { $, api, element, isAdmin, say, session, showProblems } from "./api.js";
import { FormBuilder } from "./form.js";
import { choices, model } from "./model.js";

// The new account the form edits; a new one keeps the role last chosen.
let newAccount = { role: "editor" };
const form = new FormBuilder(() => newAccount, () => {}, false, { idPrefix: "account" });

// Shows the accounts (called when the view opens).
export async function showAccounts() {
  $("accounts-problems").replaceChildren();
  $("account-form").hidden = !isAdmin();
  if (!$("account-fields").childElementCount) renderForm();
  if (!isAdmin()) {
    $("accounts-list").replaceChildren(element("li", "Only administrators manage accounts.", "muted"));
    return;
  }
  await load();
}

function renderForm() {
  const length = model.limits.passwordLength;
  $("account-fields").replaceChildren(
    form.text("email", "Email", { type: "email", autocomplete: "off", required: true }),
    form.select("role", "Role", choices(model.roles)),
    form.text("password", `Password (at least ${length.min} characters)`,
      { type: "password", autocomplete: "new-password", required: true, length }));
}

async function load() {
  const accounts = (await api("GET", "/api/v1/accounts")).items;
  const list = $("accounts-list");
  list.replaceChildren();
  for (const account of accounts) list.append(row(account));
  document.body.dataset.accounts = "ready";
}

// An account's row: its role (changed as soon as another is chosen), a new password, deletion.
function row(account) {
  const draft = { role: account.role };
  const controls = new FormBuilder(() => draft, () => {
    if (draft.role !== account.role) changeRole(account, draft, role);
  }, false, { idPrefix: `account-${account.id}`, inline: true });
  const item = element("li", undefined, "account-row");
  item.dataset.id = account.id;
  item.dataset.email = account.email;
  const name = element("span", account.email, "account-email");
  if (account.email === session.email) name.append(element("span", "you", "badge"));
  const role = controls.select("role", `Role of ${account.email}`, choices(model.roles));
  const password = controls.text("password", `New password for ${account.email}`,
    { type: "password", autocomplete: "new-password", placeholder: "New password" });
  item.append(name, role, password,
    controls.button("Set password", () => resetPassword(account, draft, password), `account-${account.id}-set-password`),
    controls.button("Delete", () => removeAccount(account), `account-${account.id}-delete`, "danger"));
  return item;
}

// The page shows what the signed-in account may do: after changing its own standing, start over.
function reloadIfSelf(account, text) {
  if (account.email !== session.email) return false;
  say(text);
  location.reload();
  return true;
}

// `draft.role` is the role chosen in `select`; a refusal puts the account's own back.
async function changeRole(account, draft, select) {
  const role = draft.role;
  try {
    await api("PATCH", `/api/v1/accounts/${account.id}`, { role });
    $("accounts-problems").replaceChildren();
    if (reloadIfSelf(account, `Your role is now ${role}.`)) return;
    account.role = role;
    say(`${account.email} is now ${role}.`);
  } catch (error) {
    draft.role = account.role;
    select.value = account.role;
    showProblems(error, "accounts-problems");
  }
}

async function resetPassword(account, draft, input) {
  try {
    await api("PATCH", `/api/v1/accounts/${account.id}`, { password: draft.password || "" });
    draft.password = undefined;
    input.value = "";
    $("accounts-problems").replaceChildren();
    if (reloadIfSelf(account, "Your password changed; sign in with it.")) return;
    say(`New password set for ${account.email}; their sessions ended.`);
  } catch (error) {
    showProblems(error, "accounts-problems");
  }
}

async function removeAccount(account) {
  if (!confirm(`Delete the account ${account.email}? Its sessions end at once.`)) return;
  try {
    await api("DELETE", `/api/v1/accounts/${account.id}`);
    $("accounts-problems").replaceChildren();
    if (reloadIfSelf(account, "Your account was deleted.")) return;
    await load();
    say(`Deleted ${account.email}.`);
  } catch (error) {
    showProblems(error, "accounts-problems");
  }
}

async function create(event) {
  event.preventDefault();
  try {
    const account = await api("POST", "/api/v1/accounts", {
      email: newAccount.email || "", role: newAccount.role, password: newAccount.password || "",
    });
    newAccount = { role: newAccount.role };
    renderForm();
    $("accounts-problems").replaceChildren();
    await load();
    say(`Created ${account.email} (${account.role}).`);
  } catch (error) {
    showProblems(error, "accounts-problems");
  }
}

export function wireAccounts() {
  $("account-form").addEventListener("submit", create);
  // The tab exists for administrators only; the dashboard marks the role on the body once signed in.
  new MutationObserver(() => { $("view-accounts").hidden = !isAdmin(); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-role"] });
}
