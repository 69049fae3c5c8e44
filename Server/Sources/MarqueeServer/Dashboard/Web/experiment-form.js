// The composer's A/B test and conversion goal: variants with weights, a control group that sees
// nothing, and the event that counts as a conversion. The server validates the same limits.
import { element } from "./api.js";
import { conditionList } from "./conditions.js";
import { fieldset, getPath } from "./form.js";
import { choices, model } from "./model.js";

// A new variant takes the first free letter.
const variantIDs = "abcdefghijklmnopqrstuvwxyz".split("");

// A new test: two variants of the campaign's own message and a tenth of users held back.
const newExperiment = () => ({ variants: [{ id: "a", name: "A", weight: 1 }, { id: "b", name: "B", weight: 1 }], controlPercent: 10 });

// Each arm's share of the campaign's audience, in percent, as devices split it.
export function trafficShares(experiment) {
  const variants = experiment.variants && experiment.variants.length ? experiment.variants : [{ id: "default", weight: 1 }];
  const control = Math.min(Math.max(Number(experiment.controlPercent) || 0, 0), 90);
  const total = variants.reduce((sum, variant) => sum + (Number(variant.weight) || 1), 0);
  const shares = variants.map((variant) => [variant.name || variant.id, ((100 - control) * (Number(variant.weight) || 1)) / total]);
  return control > 0 ? [...shares, ["control", control]] : shares;
}

export function describeShares(experiment) {
  return `Traffic: ${trafficShares(experiment).map(([name, share]) => `${name} ${share.toFixed(share % 1 ? 1 : 0)} %`).join(", ")}`;
}

// The A/B test section. `editMessage(index)` shows variant `index`'s message in the message fields.
export function experimentSection(form, draft, { editMessage, isRunning }) {
  const experiment = draft.experiment;
  if (!experiment) {
    return fieldset("A/B test",
      element("p", "Show different messages to shares of the audience, and hold back a control group to measure the lift.", "muted"),
      form.button("Set up an A/B test", () => form.commit("experiment", newExperiment(), true), "add-experiment"));
  }
  const variants = experiment.variants || [];
  const set = fieldset("A/B test");
  if (isRunning) {
    set.append(element("p", "This campaign is running: changing the weights or the control group moves some users to "
      + "another arm. To change the split, duplicate the campaign and start the copy.", "warning"));
  }
  variants.forEach((variant, index) => {
    const at = `experiment.variants.${index}`;
    const own = variant.message !== undefined;
    set.append(element("h4", `Variant ${variant.name || variant.id}`),
      form.text(`${at}.name`, "Name"),
      form.text(`${at}.id`, "ID (names the variant in analytics; keep it once the test runs)"),
      form.number(`${at}.weight`, "Weight", { ...model.limits.variantWeight, hint: "Relative to the other variants' weights" }),
      element("p", own ? "Shows its own message." : "Shows the campaign's message.", "muted"),
      form.button(own ? "Edit its message" : "Give it its own message", () => editMessage(index), `edit-variant-${index}`));
    if (variants.length > 2) {
      set.append(form.button(`Remove variant ${variant.name || variant.id}`, () => {
        variants.splice(index, 1);
        form.commit("experiment.variants", variants, true);
      }));
    }
  });
  if (variants.length < model.limits.variants.max) {
    set.append(form.button("Add variant", () => {
      const id = variantIDs.find((candidate) => !variants.some((variant) => variant.id === candidate)) || `v${variants.length + 1}`;
      form.commit("experiment.variants", [...variants, { id, name: id.toUpperCase(), weight: 1 }], true);
    }, "add-variant"));
  }
  const shares = element("p", describeShares(experiment), "muted shares");
  shares.id = "experiment-shares";
  set.append(form.number("experiment.controlPercent", "Control group (% of users who are eligible and see nothing)",
    { ...model.limits.controlPercent, step: "any" }), shares,
  form.button("Remove the A/B test", () => form.commit("experiment", undefined, true), "remove-experiment"));
  return set;
}

// The conversion goal section: an event, its conditions and the attribution window.
export function goalSection(form, draft) {
  const event = getPath(draft, "goal.event");
  const questions = getPath(draft, "message.kind") === "survey" ? getPath(draft, "message.survey.questions") || [] : [];
  // A survey's answers count only where there are questions to answer.
  const events = choices(model.lists.goalEvent).filter(([id]) => id !== "surveyAnswer" || questions.length || event === "surveyAnswer");
  const set = fieldset("Conversion goal", form.select("goal.event", "Counts as a conversion", events,
    { empty: "Nothing (no goal)", rerender: true }));
  if (!event) return set;
  if (event === "surveyAnswer") {
    // The server counts these as it stores the answers: no window, no conditions.
    set.append(form.select("goal.name", "Question", questions.map((question) => [question.id, question.prompt || question.id]),
      { empty: "Choose a question" }),
    form.list("goal.answers", "Answers that count", { placeholder: "9, 10", hint: "Choice IDs or scores; empty counts any answer" }));
    return set;
  }
  if (event === "custom") set.append(form.text("goal.name", "Event name", { placeholder: "checkout_completed" }));
  set.append(form.number("goal.windowHours", "Within (hours after seeing the message, or being held back)",
    { ...model.limits.goalWindowHours, step: "any", hint: `At most ${model.limits.goalWindowHours.max / 24} days` }),
  ...conditionList(form, draft, "goal.conditions", "add-condition-goal"));
  return set;
}

// Keeps what the server needs consistent: a variant's message has the campaign message's kind,
// and a goal without an event is no goal.
export function normalizeExperiment(draft) {
  const kind = getPath(draft, "message.kind");
  for (const variant of getPath(draft, "experiment.variants") || []) {
    if (variant.message && kind) variant.message.kind = kind;
  }
  if (draft.goal && !draft.goal.event) delete draft.goal;
}
