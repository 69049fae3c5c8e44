// What every part of the dashboard shares: the admin API client, the session it speaks for, the
// status line and a safe way to make elements. Text from the server only ever reaches the page
// through textContent.

export const $ = (id) => document.getElementById(id);

// The signed-in account: its role decides which controls exist, and its CSRF token goes with
// every change (the session cookie itself is HttpOnly and never seen here).
export const session = { csrf: null, role: null, email: null };

export function canEditCampaigns() {
  return session.role === "admin" || session.role === "editor";
}

export function isAdmin() {
  return session.role === "admin";
}

export class APIError extends Error {
  constructor(status, body) {
    const detail = body && body.error ? body.error : { message: `request failed (${status})` };
    super(detail.message);
    this.status = status;
    this.fields = detail.fields || [];
  }
}

export async function api(method, path, body, accept = "application/json") {
  const headers = { Accept: accept };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && session.csrf) headers["X-CSRF-Token"] = session.csrf;
  const response = await fetch(path, {
    method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    let parsed = null;
    try { parsed = await response.json(); } catch (_) { /* not JSON */ }
    throw new APIError(response.status, parsed);
  }
  if (response.status === 204) return null;
  return accept === "application/json" ? response.json() : response.text();
}

export function say(text, isError = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

// Clears the status line when it shows an error (a preview that works again), and leaves a
// confirmation such as "Saved." in place.
export function clearError() {
  if ($("status").classList.contains("error")) say("");
}

export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// Lists an error's fields under `listID` and says its message.
export function showProblems(error, listID = "problems") {
  const list = $(listID);
  list.replaceChildren();
  for (const field of error.fields || []) list.append(element("li", `${field.field}: ${field.message}`));
  say(error.message, true);
}

// Fills a definition list from [label, value] pairs.
export function fillStats(list, rows) {
  list.replaceChildren();
  for (const [label, value] of rows) list.append(element("dt", label), element("dd", String(value)));
}

// Posts `fields` into the frame named by `form`'s target as a page of its own (see the preview
// frame routes): a form cannot send headers, so the session's CSRF token goes as a field.
export function postToFrame(form, fields) {
  form.replaceChildren();
  for (const [name, value] of Object.entries({ csrf: session.csrf || "", ...fields })) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  form.submit();
}
