// A campaign written once in many languages: the composer's "Languages" section edits one
// translation at a time (each field shows the default language's text until translated), lists
// what each language is missing, and exports and imports every string as CSV for translators.
import { $, element, say } from "./api.js";
import { fieldset, getPath } from "./form.js";

const tagPattern = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/;
const maxCSVBytes = 1024 * 1024;

// The fields a translation may replace: [key, label], keys as `message.translations.<tag>` holds
// them (a carousel's page fields under `pages.<page id>`, a survey's under `survey`).
export function textFields(message) {
  const fields = [["header", "Header"], ["title", "Title"], ["body", "Body"], ["imageAltText", "Image description"]];
  const buttons = (message.buttons || []).map((button) => [`buttons.${button.id}`, `Button “${button.text || button.id}”`]);
  const pages = (message.kind === "carousel" ? message.pages || [] : []).flatMap((page, index) => [
    [`pages.${page.id}.title`, `Page ${index + 1} title`], [`pages.${page.id}.body`, `Page ${index + 1} body`],
    [`pages.${page.id}.imageAltText`, `Page ${index + 1} image description`],
    ...(page.buttons || []).map((button) => [`pages.${page.id}.buttons.${button.id}`, `Page ${index + 1} button “${button.text || button.id}”`]),
  ]);
  const survey = message.kind === "survey" && message.survey ? message.survey : null;
  const questions = survey ? (survey.questions || []).flatMap((question, index) => [
    [`survey.questions.${question.id}.prompt`, `Question ${index + 1}`],
    ...(question.choices || []).map((choice) => [`survey.questions.${question.id}.choices.${choice.id}`,
      `Question ${index + 1} choice “${choice.label || choice.id}”`]),
  ]) : [];
  const surveyTexts = survey ? [["survey.submitLabel", "Submit button"], ["survey.thankYou.title", "Thank-you title"],
    ["survey.thankYou.body", "Thank-you text"]] : [];
  return [...fields, ...buttons, ...pages, ...questions, ...surveyTexts];
}

// The default language's text of `key`: a field of the message, of a button, of a page, or of
// the survey (its questions and their choices found by id).
function defaultText(message, key) {
  const [first, id, ...rest] = key.split(".");
  if (first === "survey") return surveyText(message.survey || {}, key.split(".").slice(1));
  if (first === "pages") {
    const page = (message.pages || []).find((candidate) => candidate.id === id);
    return page && defaultText(page, rest.join("."));
  }
  if (key === "imageAltText") return message.image && message.image.altText;
  if (first === "buttons") {
    const button = (message.buttons || []).find((candidate) => candidate.id === id);
    return button && button.text;
  }
  return message[key];
}

function surveyText(survey, [first, id, field, choiceID]) {
  if (first !== "questions") return getPath(survey, [first, id].filter(Boolean).join("."));
  const question = (survey.questions || []).find((candidate) => candidate.id === id);
  if (!question) return undefined;
  if (field === "prompt") return question.prompt;
  const choice = (question.choices || []).find((candidate) => candidate.id === choiceID);
  return choice && choice.label;
}

// Sets a dotted key in `object`, making plain objects on the way (ids are never array indexes).
function setKey(object, key, value) {
  const parts = key.split(".");
  let target = object;
  for (const part of parts.slice(0, -1)) target = target[part] = target[part] || {};
  target[parts[parts.length - 1]] = value;
}

// Each language's missing fields: those with default text that its translation leaves out.
export function missingByLanguage(message) {
  const translations = message.translations || {};
  return Object.keys(translations).sort().map((language) => [language,
    textFields(message).filter(([key]) => defaultText(message, key) && !getPath(translations[language], key)).map(([, label]) => label)]);
}

// One line per language that lacks something, for the warning under the section.
export function describeMissing(message) {
  const lines = missingByLanguage(message).filter(([, labels]) => labels.length)
    .map(([language, labels]) => `${language} is missing: ${labels.join(", ")}`);
  return lines.length ? `${lines.join(". ")}. Devices in those languages see the default text there.` : "";
}

// The composer's section for the message at `at`; `state.language` is the translation being edited.
export function languagesSection(form, draft, at, state, rerender) {
  const message = getPath(draft, at) || {};
  const languages = Object.keys(message.translations || {}).sort();
  if (!languages.includes(state.language)) state.language = languages[0] || null;

  const choose = element("select");
  choose.id = "translation-language";
  for (const language of languages) choose.append(new Option(language, language));
  choose.value = state.language || "";
  choose.disabled = !languages.length;
  choose.addEventListener("change", () => { state.language = choose.value; rerender(); });
  const chooser = form.field("translation-language", "Translation", choose);

  const added = element("input");
  added.id = "new-language";
  added.placeholder = "fr, de, pt-br…";
  added.setAttribute("aria-label", "Language to add");
  added.disabled = form.readOnly;
  const add = form.button("Add language", () => {
    const language = added.value.trim().toLowerCase().replace(/_/g, "-");
    if (!tagPattern.test(language)) return say(`“${added.value}” is not a language tag such as fr, de or pt-br`, true);
    if (language === draft.defaultLanguage) return say(`${language} is the default language: its text is the message's own`, true);
    state.language = language;
    if (!getPath(draft, `${at}.translations.${language}`)) form.commit(`${at}.translations.${language}`, {}, false);
    rerender();
  }, "add-language");
  const remove = form.button("Remove this language", () => {
    delete message.translations[state.language];
    state.language = null;
    form.commit(`${at}.translations`, Object.keys(message.translations).length ? message.translations : undefined, true);
  }, "remove-language");
  remove.disabled = remove.disabled || !state.language;
  const adding = element("div", undefined, "row");
  adding.append(added, add, remove);

  const fields = state.language
    ? textFields(message).map(([key, label]) => {
      const path = `${at}.translations.${state.language}.${key}`;
      const placeholder = defaultText(message, key) || "";
      return key === "body" || key.endsWith(".body") ? form.textarea(path, `${label} (${state.language})`, { rows: 3, hint: placeholder && `Default: ${placeholder}` })
        : form.text(path, `${label} (${state.language})`, { placeholder });
    })
    : [element("p", "No translations: every device sees the message's own text.", "muted")];

  const missing = element("p", describeMissing(message), "warning");
  missing.id = "translation-missing";

  const exportButton = form.button("Export strings (CSV)", () => download(toCSV(message, draft.defaultLanguage)), "export-strings");
  const file = element("input");
  file.type = "file";
  file.accept = ".csv,text/csv";
  file.id = "import-strings";
  file.disabled = form.readOnly;
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    file.value = "";
    if (!chosen) return;
    if (chosen.size > maxCSVBytes) return say("The CSV is larger than 1 MB", true);
    try {
      form.commit(`${at}.translations`, translationsFromCSV(message, await chosen.text()), true);
      say("Strings imported");
    } catch (error) {
      say(error.message, true);
    }
  });
  const csv = element("div", undefined, "row");
  const importLabel = element("label", "Import strings (CSV)");
  importLabel.htmlFor = file.id;
  csv.append(exportButton, importLabel, file);

  const section = fieldset("Languages",
    form.text("defaultLanguage", "Default language (of the text above)", { placeholder: "en" }),
    chooser, adding, ...fields, missing, csv);
  section.id = "languages";
  return section;
}

// Every string in one table: a row per field, a column per language (the default first).
export function toCSV(message, defaultLanguage) {
  const languages = Object.keys(message.translations || {}).sort();
  const rows = [["field", defaultLanguage || "default", ...languages]];
  for (const [key] of textFields(message)) {
    rows.push([key, defaultText(message, key) || "", ...languages.map((language) => getPath(message.translations[language], key) || "")]);
  }
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function csvCell(text) {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The translations a CSV of ``toCSV``'s shape holds: its language columns after the default's,
// an empty cell leaving the field to the default. Unknown fields and bad language tags are errors.
export function translationsFromCSV(message, text) {
  const [header, ...rows] = parseCSV(text);
  if (!header || header[0] !== "field" || header.length < 2) throw new Error("The CSV's first row must be: field, the default language, then one column per language");
  const languages = header.slice(2).map((language) => language.trim().toLowerCase());
  const bad = languages.find((language) => !tagPattern.test(language));
  if (bad !== undefined) throw new Error(`The column “${bad}” is not a language tag such as fr, de or pt-br`);
  const known = new Set(textFields(message).map(([key]) => key));
  const translations = Object.fromEntries(languages.map((language) => [language, {}]));
  rows.forEach((row, index) => {
    if (row.length === 1 && row[0] === "") return;
    if (!known.has(row[0])) throw new Error(`Row ${index + 2}: “${row[0]}” is no field of this message`);
    languages.forEach((language, column) => {
      const value = row[column + 2] || "";
      if (value) setKey(translations[language], row[0], value);
    });
  });
  return Object.keys(translations).length ? translations : undefined;
}

// RFC 4180: fields separated by commas, rows by CRLF or LF; a quoted field may hold commas,
// line breaks and doubled quotes. One pass over the text, so any input costs linear time.
export function parseCSV(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') { field += '"'; index += 1; }
      else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === "") quoted = true;
    else if (character === ",") { row.push(field); field = ""; }
    else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index += 1;
      row.push(field); rows.push(row); row = []; field = "";
    } else field += character;
  }
  if (quoted) throw new Error("The CSV ends inside a quoted field");
  if (field !== "" || row.length) { row.push(field); rows.push(row); }
  return rows;
}

function download(csv) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  link.download = "strings.csv";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// The preview's language choice: the default, then each translation of `message`.
export function fillPreviewLanguages(message, defaultLanguage) {
  const select = $("preview-language");
  const chosen = select.value;
  const languages = Object.keys((message && message.translations) || {}).sort();
  select.replaceChildren(new Option(`Default${defaultLanguage ? ` (${defaultLanguage})` : ""}`, ""),
    ...languages.map((language) => new Option(language, language)));
  select.value = languages.includes(chosen) ? chosen : "";
  return select.value;
}
