// A survey's results under its figures: each question's answers as bars, choice by choice or
// score by score, with the average and the Net Promoter Score; a text question's answers a page
// at a time; every response as CSV. Answers are users' own text: they reach the page only as
// textContent, so markup in them is shown, never run.
import { $, api, element } from "./api.js";

let shown = null;

// Shows the results of survey `campaignID`; `null` hides them (a new draft, or not a survey).
export async function showSurveyResults(appID, campaignID) {
  shown = campaignID ? { appID, campaignID } : null;
  const section = $("survey-results");
  section.hidden = !shown;
  if (!shown) return;
  const current = shown;
  const base = `/api/v1/apps/${appID}/campaigns/${campaignID}/survey`;
  const results = await api("GET", base);
  if (shown !== current) return;
  $("survey-responses").textContent = results.responses === 1 ? "1 response" : `${results.responses} responses`;
  $("survey-csv").href = `${base}/export`;
  $("survey-questions").replaceChildren(...results.questions.map((question) => questionResults(base, question)));
}

function questionResults(base, question) {
  const box = element("section", undefined, "survey-question");
  box.dataset.question = question.id;
  const summary = [`${question.answered} answered`];
  if (question.average !== undefined) summary.push(`average ${question.average}`);
  if (question.netPromoterScore !== undefined) summary.push(`NPS ${question.netPromoterScore > 0 ? "+" : ""}${question.netPromoterScore}`);
  box.append(element("h4", question.prompt), element("p", summary.join(" · "), "muted"));
  if (question.kind === "text") {
    box.append(textAnswers(base, question.id));
    return box;
  }
  const most = Math.max(1, ...question.values.map((value) => value.count));
  const bars = element("div", undefined, "bars");
  for (const value of question.values) {
    const bar = element("div", undefined, "answer-bar");
    bar.style.width = `${(value.count / most) * 100}%`;
    const track = element("div", undefined, "answer-track");
    track.append(bar);
    const row = element("div", undefined, "bar-row");
    row.dataset.value = value.value;
    row.append(element("span", value.label, "bar-label"), track, element("span", String(value.count), "bar-count"));
    bars.append(row);
  }
  box.append(bars);
  return box;
}

// The answers to text question `id`, newest first; "Show more" reads the next page.
function textAnswers(base, id) {
  const list = element("ol", undefined, "text-answers");
  list.id = `survey-answers-${id}`;
  const more = element("button", "Show more");
  more.type = "button";
  more.id = `survey-more-${id}`;
  let after = null;
  async function load() {
    const query = new URLSearchParams({ question: id, limit: "20" });
    if (after) query.set("after", after);
    const page = await api("GET", `${base}/answers?${query}`);
    for (const answer of page.answers) {
      const item = element("li");
      item.append(element("time", new Date(answer.answeredAt).toLocaleString(), "muted"), element("p", answer.text));
      list.append(item);
    }
    after = page.next || null;
    more.hidden = !after;
    if (!list.children.length) list.append(element("li", "No answers yet.", "muted"));
  }
  more.addEventListener("click", () => { more.disabled = true; load().finally(() => { more.disabled = false; }); });
  load();
  const box = element("div");
  box.append(list, more);
  return box;
}
