// A survey's questions in the composer: each question's kind, prompt, id and whether it is
// required; a choice question's choices; a text question's length limit; then the submit
// button's label and the thank-you page. The preview shows the survey as devices do.
import { element } from "./api.js";
import { fieldset, getPath, setPath } from "./form.js";
import { model } from "./model.js";

const hasChoices = (kind) => model.surveyQuestionKinds.some((entry) => entry.id === kind && entry.hasChoices);

export function surveySection(form, draft, at) {
  // A message that becomes a survey starts with one question; its buttons give way to the submit button.
  if (!getPath(draft, `${at}.survey`)) {
    setPath(draft, `${at}.survey`, { questions: [{ id: "recommend", kind: "nps", isRequired: true,
      prompt: "How likely are you to recommend us to a friend?" }] });
    setPath(draft, `${at}.buttons`, undefined);
  }
  const questions = getPath(draft, `${at}.survey.questions`) || [];
  const set = fieldset("Questions", ...questions.flatMap((question, index) => {
    const path = `${at}.survey.questions.${index}`;
    const parts = [element("h4", `Question ${index + 1}`),
      form.select(`${path}.kind`, "Answer", model.surveyQuestionKinds.map(({ id, title }) => [id, title]), { rerender: true }),
      form.text(`${path}.prompt`, "Question", { hint: "Personalize with %%first_name|fallback%%" }),
      form.text(`${path}.id`, "ID (answers, goals and the export name it)"),
      form.checkbox(`${path}.isRequired`, "Required")];
    if (hasChoices(question.kind)) parts.push(...choices(form, question, path, index));
    if (question.kind === "text") {
      parts.push(form.number(`${path}.maxLength`, "Longest answer (characters)", { ...model.limits.surveyTextLength }));
    }
    parts.push(form.button(`Remove question ${index + 1}`, () => {
      questions.splice(index, 1);
      form.commit(`${at}.survey.questions`, questions, true);
    }, `remove-question-${index}`));
    return parts;
  }));
  if (questions.length < model.limits.surveyQuestions.max) {
    set.append(form.button("Add question", () => {
      questions.push({ id: `q${questions.length + 1}`, kind: "rating", prompt: `Question ${questions.length + 1}` });
      form.commit(`${at}.survey.questions`, questions, true);
    }, "add-question"));
  }
  const { min, max } = model.limits.surveyQuestions;
  set.prepend(element("p", `A survey has ${min} to ${max} questions. Answers are stored once per display; ` +
    "only the Marquee SDK shows surveys.", "muted"));
  set.append(element("h4", "After the answers are sent"),
    form.text(`${at}.survey.submitLabel`, "Submit button", { placeholder: "Submit" }),
    form.text(`${at}.survey.thankYou.title`, "Thank-you title", { placeholder: "Thank you!" }),
    form.textarea(`${at}.survey.thankYou.body`, "Thank-you text", { rows: 2 }));
  return set;
}

// A choice question's choices: two to start with, then added and removed.
function choices(form, question, path, index) {
  if (!Array.isArray(question.choices) || question.choices.length === 0) {
    question.choices = [{ id: "a", label: "Option A" }, { id: "b", label: "Option B" }];
  }
  const list = question.choices;
  const parts = list.flatMap((_, choice) => [
    form.text(`${path}.choices.${choice}.label`, `Choice ${choice + 1}`),
    form.text(`${path}.choices.${choice}.id`, `Choice ${choice + 1} ID`),
    list.length > 2 ? form.button(`Remove choice ${choice + 1}`, () => {
      list.splice(choice, 1);
      form.commit(`${path}.choices`, list, true);
    }, `remove-choice-${index}-${choice}`) : null,
  ]).filter(Boolean);
  if (list.length < model.limits.surveyChoices.max) {
    parts.push(form.button("Add choice", () => {
      list.push({ id: `choice-${list.length + 1}`, label: `Option ${list.length + 1}` });
      form.commit(`${path}.choices`, list, true);
    }, `add-choice-${index}`));
  }
  return parts;
}

// Choices belong to choice questions only: a question whose kind changes drops what it cannot use.
export function normalizeSurvey(message) {
  for (const question of getPath(message || {}, "survey.questions") || []) {
    if (!hasChoices(question.kind)) delete question.choices;
    if (question.kind !== "text") delete question.maxLength;
  }
}
