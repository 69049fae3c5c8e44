// The campaign's live preview, rendered by the server's renderer as devices do: the device view is
// a page of its own posted into the frame, the terminal view is text. It shows the message the
// composer edits: the campaign's, or an A/B test variant's.
import { $, api, clearError, postToFrame, say } from "./api.js";
import { previewedMessage } from "./composer.js";
import { fillPreviewLanguages } from "./translations.js";

let timer = null;
let onProblems = () => {};
// Whether the status line and the problem list show what the preview found: only that is the
// preview's to clear once it renders again (a failed save's problems stay).
let showsPreviewProblem = false;

// Renders the campaign in the JSON view again, a moment after the last edit. Only the latest
// request's answer counts: an earlier one that arrives late is dropped, and so is the frame's
// load of a page an earlier request posted (`framed`), which can finish after a later failure.
let latest = 0;
let framed = 0;
export function schedulePreview() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const request = ++latest;
    preview(request).catch((error) => {
      if (request !== latest) return;
      showsPreviewProblem = true;
      document.body.dataset.preview = "failed";
      onProblems(error);
    });
  }, 250);
}

function rendered() {
  if (showsPreviewProblem) {
    $("problems").replaceChildren();
    clearError();
  }
  showsPreviewProblem = false;
}

// `request` is this preview's number; it is still current when it is the latest.
async function preview(request) {
  const isCurrent = () => request === latest;
  let campaign;
  try {
    campaign = JSON.parse($("campaign-json").value);
  } catch (error) {
    showsPreviewProblem = true;
    say(`The JSON is not valid: ${error.message}`, true);
    return;
  }
  const { message, label } = previewedMessage(campaign);
  $("preview-variant").textContent = label;
  // Shown as a device with this locale sees it: the server picks the translation.
  const language = fillPreviewLanguages(message, campaign.defaultLanguage);
  const format = $("format").value;
  $("preview-stage").hidden = format !== "html";
  $("device-size").hidden = format !== "html";
  $("preview-text").hidden = format === "html";
  // Embedded content shows in a mock app screen, in its placement.
  const placement = campaign.channel === "embedded" && typeof campaign.placement === "string" ? campaign.placement : "";
  if (format === "html") return previewInFrame(message, language, placement, request);
  const body = { message, format };
  if (language) body.language = language;
  if ($("theme").value) body.theme = $("theme").value;
  const text = await api("POST", "/api/v1/preview", body, "text/plain");
  if (!isCurrent()) return;
  $("preview-text").textContent = text;
  rendered();
  document.body.dataset.preview = "ready";
}

// The device preview is a page of its own, posted into the frame: it runs under the preview's
// policy rather than inheriting the dashboard's, so every message kind behaves as on a device.
// Errors are checked first through the API, which reports them as JSON.
async function previewInFrame(message, language, placement, request) {
  const theme = $("theme").value;
  const check = { message, format: "html" };
  if (theme) check.theme = theme;
  if (language) check.language = language;
  await api("POST", "/api/v1/preview", check, "text/html");
  if (request !== latest) return;
  rendered();
  framed = request;
  postToFrame($("preview-form"), { message: JSON.stringify(message), theme, language, placement });
}

// `problems(error)` shows what the server found wrong with the message.
export function wireCampaignPreview(problems) {
  onProblems = problems;
  $("preview-frame").addEventListener("load", () => {
    if ($("preview-form").children.length && framed === latest) document.body.dataset.preview = "ready";
  });
  $("theme").addEventListener("change", schedulePreview);
  $("format").addEventListener("change", schedulePreview);
  $("preview-language").addEventListener("change", schedulePreview);
}
