// "Preview on a device": pairs a phone (or `marquee simulate`) with this dashboard through a
// short code and its QR code, sends it the campaign as edited, saved or not, and follows a debug
// session of the SDK's decisions on it. The pairing lives on the server for an hour; this page
// keeps the one it made and polls its state. Device IDs and log lines are other people's text:
// they reach the page as text.
import { $, api, canEditCampaigns, element, say, showProblems } from "./api.js";

const state = { appID: null, pairing: null, poll: null, debugAfter: 0, session: null, draft: () => null };

// `draft()` returns the campaign the editor holds now.
export function wireDevicePreview(draft) {
  state.draft = draft;
  $("preview-on-device").addEventListener("click", () => open().catch((error) => say(error.message, true)));
  $("pairing-close").addEventListener("click", close);
  $("pairing-new").addEventListener("click", () => pairAgain().catch((error) => say(error.message, true)));
  $("pairing-end").addEventListener("click", () => end().catch((error) => say(error.message, true)));
  $("send-preview").addEventListener("click", () => send().catch(showProblems));
  $("debug-toggle").addEventListener("click", () => toggleDebug().catch((error) => say(error.message, true)));
}

// The editor shows app `appID`'s campaigns: a pairing made for another app is left behind.
export function showDevicePreviewFor(appID) {
  $("preview-on-device").hidden = !canEditCampaigns();
  if (state.appID === appID) return;
  state.appID = appID;
  state.pairing = null;
  close();
}

async function open() {
  $("device-pairing").hidden = false;
  if (!state.pairing || ["ended", "expired"].includes(state.pairing.status)) await pairAgain();
  render();
  startPolling();
}

function close() {
  $("device-pairing").hidden = true;
  clearInterval(state.poll);
  state.poll = null;
}

async function pairAgain() {
  state.pairing = await api("POST", `/api/v1/apps/${state.appID}/pairings`);
  state.session = null;
  state.debugAfter = 0;
  $("debug-log").replaceChildren();
  render();
  startPolling();
}

async function end() {
  if (!state.pairing) return;
  await api("DELETE", `/api/v1/apps/${state.appID}/pairings/${state.pairing.id}`);
  await refresh();
}

function startPolling() {
  clearInterval(state.poll);
  state.poll = setInterval(() => refresh().catch(() => {}), 1000);
}

// Reads the pairing (the code, URL and QR code are only in the answer that made it, so they are
// kept), then the debug session's new lines.
async function refresh() {
  if (!state.pairing) return;
  const { code, url, qrCode } = state.pairing;
  state.pairing = { ...(await api("GET", `/api/v1/apps/${state.appID}/pairings/${state.pairing.id}`)), code, url, qrCode };
  render();
  if (state.session) await readDebugLog();
}

function render() {
  const pairing = state.pairing;
  if (!pairing) return;
  const waiting = pairing.status === "waiting";
  const paired = pairing.status === "paired";
  $("pairing-code-box").hidden = !waiting;
  $("pairing-code").textContent = pairing.code || "";
  $("pairing-url").textContent = pairing.url || "";
  // The server's SVG, as an image: it cannot run script or reach the page.
  $("pairing-qr").src = pairing.qrCode ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pairing.qrCode)}` : "";
  $("pairing-status").textContent = {
    waiting: "Waiting for a device: open the app and enter the code, or scan the QR code.",
    paired: `Paired with device ${pairing.deviceId}${pairing.connected ? ", connected" : ", not connected now (the app is in the background?)"}.`,
    ended: "The pairing ended.",
    expired: "The pairing expired.",
  }[pairing.status] || pairing.status;
  $("pairing-status").dataset.status = pairing.status;
  $("send-preview").disabled = !paired;
  $("debug-toggle").disabled = !paired;
  $("pairing-end").hidden = !(waiting || paired);
  $("pairing-new").hidden = waiting || paired;
  state.session = paired ? pairing.debugSession || null : null;
  $("debug-toggle").textContent = state.session ? "Stop the debug session" : "Start a debug session";
  $("debug-log").hidden = !state.session && !$("debug-log").childElementCount;
  document.body.dataset.pairing = pairing.status;
}

async function send() {
  const campaign = state.draft();
  const sent = await api("POST", `/api/v1/apps/${state.appID}/pairings/${state.pairing.id}/preview`, campaign);
  say(sent.delivered ? `Sent to the device (preview ${sent.preview}).`
    : `Sent (preview ${sent.preview}); the device shows it when its app is open.`);
}

async function toggleDebug() {
  const answer = await api("PUT", `/api/v1/apps/${state.appID}/pairings/${state.pairing.id}/debug`, { active: !state.session });
  state.session = answer.session;
  state.debugAfter = 0;
  if (state.session) $("debug-log").replaceChildren();
  await refresh();
}

async function readDebugLog() {
  const log = await api("GET", `/api/v1/apps/${state.appID}/pairings/${state.pairing.id}/debug?after=${state.debugAfter}`);
  const list = $("debug-log");
  for (const { seq, line } of log.lines) {
    const item = element("li", undefined, `debug-${line.kind}`);
    item.dataset.reason = line.reason || "";
    item.append(element("time", new Date(line.time).toLocaleTimeString()), " ", element("span", line.text));
    list.append(item);
    state.debugAfter = seq;
  }
  list.hidden = false;
  if (log.lines.length) list.scrollTop = list.scrollHeight;
}
