// A campaign's figures under its editor: totals, a chart over time in the viewer's time zone,
// each A/B test arm against the control group, and the same series as CSV.
import { $, api, element, fillStats } from "./api.js";
import { legend, lineChart } from "./chart.js";
import { showSurveyResults } from "./survey-results.js";

const ranges = {
  "48h": { interval: "hour", hours: 48 },
  "30d": { interval: "day", hours: 30 * 24 },
  "90d": { interval: "day", hours: 90 * 24 },
};
const verdicts = {
  notEnoughData: "Not enough data yet",
  notYetSignificant: "Not yet significant",
  better: "Better than control",
  worse: "Worse than control",
};
const percent = (rate) => `${(rate * 100).toFixed(1)} %`;
// A rate difference in percentage points, signed: "+2.5", "−0.8".
const signed = (fraction) => `${fraction >= 0 ? "+" : "−"}${Math.abs(fraction * 100).toFixed(1)}`;
const points = (difference) => `${signed(difference)} pp`;

let shown = null;

export function timeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

// The analytics query of the chosen range, ending now.
function analyticsPath({ appID, campaignID }, format) {
  const range = ranges[$("figures-range").value] || ranges["30d"];
  const to = new Date();
  const from = new Date(to.getTime() - range.hours * 3_600_000);
  const query = new URLSearchParams({ interval: range.interval, timeZone: timeZone(), from: from.toISOString(), to: to.toISOString() });
  if (format) query.set("format", format);
  return `/api/v1/apps/${appID}/campaigns/${campaignID}/analytics?${query}`;
}

// Shows the figures of the saved campaign `campaignID` (of message `kind`); `null` hides them (a new draft).
// Figures that cannot be read (the server busy counting) say so in their own section, with a
// retry, so the status line keeps what the viewer did ("Saved.").
export async function showCampaignFigures(appID, campaignID, kind) {
  shown = campaignID ? { appID, campaignID, kind } : null;
  $("figures").hidden = !shown;
  showFiguresError(null);
  if (!shown) return showSurveyResults(appID, null);
  const current = shown;
  document.body.dataset.figures = "loading";
  try {
    await showSurveyResults(appID, kind === "survey" ? campaignID : null);
    const [stats, series] = await Promise.all([
      api("GET", `/api/v1/apps/${appID}/campaigns/${campaignID}/stats`),
      api("GET", analyticsPath(current)),
    ]);
    if (shown !== current) return; // another campaign was opened meanwhile
    showTotals(stats);
    showChart(series);
    showArms(stats);
    $("figures-csv").href = analyticsPath(current, "csv");
    document.body.dataset.figures = "ready";
  } catch (error) {
    if (shown !== current) return;
    showFiguresError(error);
    document.body.dataset.figures = "failed";
  }
}

function showFiguresError(error) {
  $("figures-error").hidden = !error;
  $("figures-error-text").textContent = error ? `The figures could not be read: ${error.message}` : "";
}

function showTotals(stats) {
  const rows = [
    ["Impressions", stats.impressions], ["Unique viewers", stats.uniqueViewers],
    ["Button 1", stats.buttonOneClicks], ["Button 2", stats.buttonTwoClicks],
    ["Content clicks", stats.contentClicks], ["Closed", stats.exits],
    ["Opt-outs", stats.optOuts], ["Click-through", percent(stats.clickThroughRate)],
  ];
  if (stats.experiment || stats.conversions) {
    rows.push(["Control impressions", stats.controlImpressions], ["Users reached", stats.uniqueUsers],
      ["Conversions", stats.conversions], ["Conversion rate", percent(stats.conversionRate)]);
  }
  // A carousel's drop-off: displays that reached each page, and their share of the first page's.
  (stats.pageViews || []).forEach((views, index) => {
    const first = stats.pageViews[0];
    rows.push([`Page ${index + 1} views`, index === 0 || !first ? views : `${views} (${Math.round((views / first) * 100)}%)`]);
  });
  fillStats($("stats"), rows);
}

function showChart(series) {
  const hourly = series.interval === "hour";
  // Bucket starts are in the chosen zone already ("2026-11-20T14:00:00+01:00").
  const labels = series.buckets.map((bucket) => (hourly ? bucket.start.slice(5, 16).replace("T", " ") : bucket.start.slice(0, 10)));
  const lines = [
    { name: "Impressions", className: "impressions", values: series.buckets.map((bucket) => bucket.impressions) },
    { name: "Clicks", className: "clicks",
      values: series.buckets.map((bucket) => bucket.buttonOneClicks + bucket.buttonTwoClicks + bucket.contentClicks) },
    { name: "Conversions", className: "conversions", values: series.buckets.map((bucket) => bucket.conversions) },
  ];
  const title = `Impressions, clicks and conversions per ${series.interval} (${series.timeZone})`;
  $("figures-chart").replaceChildren(lineChart({ labels, series: lines, title }), legend(lines),
    element("p", `Times in ${series.timeZone}.`, "muted"));
}

// One row per arm: its users and conversions, a variant's comparison with the control group, then
// impressions (the control group's are held back) and click-through.
function showArms(stats) {
  const table = $("variant-table");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  table.hidden = !stats.variants.length;
  $("experiment-method").textContent = stats.experiment && stats.experiment.comparisons.length
    ? `Lift: ${stats.experiment.method}.` : stats.experiment ? "Add a control group and a conversion goal to compare the variants." : "";
  const comparisons = new Map(((stats.experiment || {}).comparisons || []).map((comparison) => [comparison.variant, comparison]));
  for (const arm of stats.variants) {
    const comparison = comparisons.get(arm.variant);
    const row = element("tr");
    row.dataset.variant = arm.variant;
    const label = arm.isControl ? "Control" : arm.name ? `${arm.name} (${arm.variant})` : arm.variant;
    for (const value of [label, arm.uniqueUsers, arm.conversions, percent(arm.conversionRate)]) row.append(element("td", String(value)));
    if (comparison) {
      const difference = element("td", points(comparison.difference));
      difference.append(element("span", ` (${signed(comparison.differenceLow)} to ${signed(comparison.differenceHigh)})`, "interval"));
      row.append(difference,
        element("td", comparison.relativeLift === undefined ? "—" : `${signed(comparison.relativeLift)} %`),
        element("td", verdicts[comparison.verdict] || comparison.verdict));
    } else {
      row.append(element("td", "—"), element("td", "—"), element("td", arm.isControl ? "Baseline" : "—"));
    }
    row.append(element("td", String(arm.isControl ? arm.controlImpressions : arm.impressions)),
      element("td", arm.isControl ? "—" : percent(arm.clickThroughRate)));
    if (comparison) row.classList.add(comparison.verdict);
    body.append(row);
  }
}

export function wireCampaignFigures() {
  const reload = () => { if (shown) showCampaignFigures(shown.appID, shown.campaignID, shown.kind); };
  $("figures-range").addEventListener("change", reload);
  $("figures-retry").addEventListener("click", reload);
}
