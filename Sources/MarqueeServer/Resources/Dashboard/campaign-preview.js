// The campaign's live preview, rendered by the server's renderer as devices do: the device view is
// a page of its own posted into the frame, the terminal view is text. It shows the message the
// composer edits: the campaign's, or an A/B test variant's.
import { $, api, clearError, postToFrame, say } from "./api.js";
import { previewedMessage } from "./composer.js";

let timer = null;
let onProblems = () => {};

// Renders the campaign in the JSON view again, a moment after the last edit.
export function schedulePreview() {
  clearTimeout(timer);
  timer = setTimeout(() => preview().catch((error) => onProblems(error)), 250);
}

async function preview() {
  let campaign;
  try {
    campaign = JSON.parse($("campaign-json").value);
  } catch (error) {
    say(`The JSON is not valid: ${error.message}`, true);
    return;
  }
  const { message, label } = previewedMessage(campaign);
  $("preview-variant").textContent = label;
  const format = $("format").value;
  $("preview-stage").hidden = format !== "html";
  $("device-size").hidden = format !== "html";
  $("preview-text").hidden = format === "html";
  if (format === "html") return previewInFrame(message);
  const body = { message, format };
  if ($("theme").value) body.theme = $("theme").value;
  $("preview-text").textContent = await api("POST", "/api/v1/preview", body, "text/plain");
  $("problems").replaceChildren();
  document.body.dataset.preview = "ready";
  clearError();
}

// The device preview is a page of its own, posted into the frame: it runs under the preview's
// policy rather than inheriting the dashboard's, so every message kind behaves as on a device.
// Errors are checked first through the API, which reports them as JSON.
async function previewInFrame(message) {
  const theme = $("theme").value;
  const check = { message, format: "html" };
  if (theme) check.theme = theme;
  await api("POST", "/api/v1/preview", check, "text/html");
  $("problems").replaceChildren();
  postToFrame($("preview-form"), { message: JSON.stringify(message), theme });
  clearError();
}

// `problems(error)` shows what the server found wrong with the message.
export function wireCampaignPreview(problems) {
  onProblems = problems;
  $("preview-frame").addEventListener("load", () => {
    if ($("preview-form").children.length) document.body.dataset.preview = "ready";
  });
  $("theme").addEventListener("change", schedulePreview);
  $("format").addEventListener("change", schedulePreview);
}
