// The team's accounts, for administrators: each with its role (changed by choosing another), a
// new password, and deletion; and a form that creates one. The server decides what is allowed
// (it never removes or demotes the last admin) and its refusals are shown as it words them.
import { $, api, element, isAdmin, say, session, showProblems } from "./api.js";
import { choices, model } from "./model.js";

// Shows the accounts (called when the view opens).
export async function showAccounts() {
  $("accounts-problems").replaceChildren();
  $("account-form").hidden = !isAdmin();
  const role = $("account-role");
  if (!role.options.length) {
    for (const [value, text] of choices(model.roles)) role.append(new Option(text, value));
    role.value = "editor";
  }
  if (!isAdmin()) {
    $("accounts-list").replaceChildren(element("li", "Only administrators manage accounts.", "muted"));
    return;
  }
  await load();
}

async function load() {
  const accounts = (await api("GET", "/api/v1/accounts")).items;
  const list = $("accounts-list");
  list.replaceChildren();
  for (const account of accounts) list.append(row(account));
  document.body.dataset.accounts = "ready";
}

function roleSelect(account) {
  const select = element("select");
  select.id = `account-${account.id}-role`;
  select.setAttribute("aria-label", `Role of ${account.email}`);
  for (const [value, text] of choices(model.roles)) select.append(new Option(text, value));
  select.value = account.role;
  select.addEventListener("change", () => changeRole(account, select));
  return select;
}

function row(account) {
  const item = element("li", undefined, "account-row");
  item.dataset.id = account.id;
  item.dataset.email = account.email;
  const name = element("span", account.email, "account-email");
  if (account.email === session.email) name.append(element("span", "you", "badge"));
  const password = element("input");
  password.id = `account-${account.id}-password`;
  password.type = "password";
  password.autocomplete = "new-password";
  password.placeholder = "New password";
  password.setAttribute("aria-label", `New password for ${account.email}`);
  const reset = element("button", "Set password");
  reset.id = `account-${account.id}-set-password`;
  reset.type = "button";
  reset.addEventListener("click", () => resetPassword(account, password));
  const remove = element("button", "Delete", "danger");
  remove.id = `account-${account.id}-delete`;
  remove.type = "button";
  remove.addEventListener("click", () => removeAccount(account));
  item.append(name, roleSelect(account), password, reset, remove);
  return item;
}

// The page shows what the signed-in account may do: after changing its own standing, start over.
function reloadIfSelf(account, text) {
  if (account.email !== session.email) return false;
  say(text);
  location.reload();
  return true;
}

async function changeRole(account, select) {
  const role = select.value;
  try {
    await api("PATCH", `/api/v1/accounts/${account.id}`, { role });
    $("accounts-problems").replaceChildren();
    if (reloadIfSelf(account, `Your role is now ${role}.`)) return;
    account.role = role;
    say(`${account.email} is now ${role}.`);
  } catch (error) {
    select.value = account.role;
    showProblems(error, "accounts-problems");
  }
}

async function resetPassword(account, input) {
  try {
    await api("PATCH", `/api/v1/accounts/${account.id}`, { password: input.value });
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
      email: $("account-email").value, role: $("account-role").value, password: $("account-password").value,
    });
    $("account-email").value = "";
    $("account-password").value = "";
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
