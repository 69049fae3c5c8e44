// A small form binder: each control edits one path of a draft object ("message.buttons.0.text")
// and reports the change. Empty controls remove their key, so the draft holds only what was set
// and the server's defaults apply to the rest. A control left empty shows that default, read from
// the server's model (`defaultOf`), so the form shows what the server stores. Text reaches the
// page only through textContent and value.
import { element } from "./api.js";
import { model } from "./model.js";

export function getPath(object, path) {
  return path.split(".").reduce((value, key) => (value === undefined || value === null ? undefined : value[key]), object);
}

// Sets `path` to `value`, creating objects (or arrays, for numeric keys) on the way; `undefined`
// removes the key.
export function setPath(object, path, value) {
  const keys = path.split(".");
  let target = object;
  keys.slice(0, -1).forEach((key, index) => {
    if (target[key] === undefined || target[key] === null) target[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
    target = target[key];
  });
  const last = keys[keys.length - 1];
  if (value === undefined) delete target[last]; else target[last] = value;
}

// What `defaults` (the model's, `GET /api/v1/model`, for a campaign) hold for `path`, which the
// server stores when the draft leaves it out; where a variant's message is a message, a nested trigger group a trigger
// set, and each item of a list is its first (`message.buttons.1.textColor` → `message.buttons.0.textColor`).
export function defaultOf(path, defaults = model.defaults) {
  const general = path.replace(/^experiment\.variants\.\d+\.message\./, "message.").replace(/\.groups\.\d+/g, "")
    .replace(/\.\d+(?=\.|$)/g, ".0");
  return getPath(defaults, general);
}

// The API names fields as `message.buttons[0].text`; controls as `message.buttons.0.text`.
export function pathOfField(field) {
  return field.replace(/\[(\d+)\]/g, ".$1");
}

// Builds controls bound to `draft()` (read at each event, so the draft may be replaced) that call
// `changed(rerender)` after each edit; `rerender` asks for the form to be rebuilt (the edit
// changes which fields exist). Every form of the dashboard is built with it. Controls are named
// `${idPrefix}-${path}` ("field-message-title", "webhook-url"); an empty control shows what
// `defaults` hold for its path (the composer passes the model's campaign defaults).
//
// With `inline`, a control comes without its wrapper: its label is its accessible name, for
// controls in a list's rows.
export class FormBuilder {
  constructor(draft, changed, readOnly, { idPrefix = "field", defaults = {}, inline = false } = {}) {
    this.draft = draft;
    this.changed = changed;
    this.readOnly = readOnly;
    this.idPrefix = idPrefix;
    this.defaults = defaults;
    this.inline = inline;
  }

  idOf(path) {
    return `${this.idPrefix}-${path.replace(/\./g, "-")}`;
  }

  defaultOf(path) {
    return defaultOf(path, this.defaults);
  }

  field(path, label, control, hint) {
    const wrapper = element("div", undefined, "field");
    wrapper.dataset.path = path;
    // Ids follow the path ("field-message-title"), so a label, a test or a link can name a field.
    control.id = control.id || this.idOf(path);
    control.dataset.path = path;
    if (this.readOnly) control.disabled = true;
    if (this.inline) {
      control.setAttribute("aria-label", label);
      return control;
    }
    const caption = element("label", label);
    caption.htmlFor = control.id;
    wrapper.append(caption, control);
    if (hint) wrapper.append(element("small", hint, "muted"));
    wrapper.append(element("span", "", "field-error"));
    return wrapper;
  }

  commit(path, value, rerender = false) {
    setPath(this.draft(), path, value);
    this.changed(rerender);
  }

  // `length` ({ min, max }, a model limit) bounds what the browser lets through.
  text(path, label, { placeholder, hint, type = "text", required = false, autocomplete, length } = {}) {
    const input = element("input");
    input.type = type;
    input.required = required;
    if (length) {
      input.minLength = length.min;
      input.maxLength = length.max;
    }
    if (autocomplete) input.autocomplete = autocomplete;
    if (placeholder) input.placeholder = placeholder;
    input.value = getPath(this.draft(), path) ?? "";
    input.addEventListener("input", () => this.commit(path, input.value === "" ? undefined : input.value));
    return this.field(path, label, input, hint);
  }

  textarea(path, label, { rows = 3, hint } = {}) {
    const area = element("textarea");
    area.rows = rows;
    area.className = "short";
    area.value = getPath(this.draft(), path) ?? "";
    area.addEventListener("input", () => this.commit(path, area.value === "" ? undefined : area.value));
    return this.field(path, label, area, hint);
  }

  // An empty number field shows the model's default as its placeholder.
  number(path, label, { min, max, step = 1, hint, scale = 1 } = {}) {
    const input = element("input");
    input.type = "number";
    const standard = this.defaultOf(path);
    if (typeof standard === "number") input.placeholder = String(standard / scale);
    if (min !== undefined) input.min = min;
    if (max !== undefined) input.max = max;
    input.step = step;
    if (scale !== 1) input.dataset.scale = String(scale);
    const current = getPath(this.draft(), path);
    input.value = current === undefined || current === null ? "" : String(current / scale);
    input.addEventListener("input", () => {
      // A scaled field (seconds shown, milliseconds stored) stores whole units.
      const value = input.value === "" ? undefined : scale === 1 ? Number(input.value) : Math.round(Number(input.value) * scale);
      this.commit(path, value === undefined || Number.isNaN(value) ? undefined : value);
    });
    return this.field(path, label, input, hint);
  }

  checkbox(path, label, { rerender = false } = {}) {
    const input = element("input");
    input.type = "checkbox";
    input.checked = getPath(this.draft(), path) ?? this.defaultOf(path) ?? false;
    input.addEventListener("change", () => this.commit(path, input.checked, rerender));
    const wrapper = this.field(path, label, input);
    wrapper.classList.add("check");
    return wrapper;
  }

  // `options` are [value, label] pairs; with `empty`, a first option that removes the key (and
  // that an absent key shows); without, an absent key shows the model's default.
  select(path, label, options, { empty, rerender = false } = {}) {
    const select = element("select");
    if (empty) select.append(new Option(empty, ""));
    for (const [value, text] of options) select.append(new Option(text, value));
    select.value = getPath(this.draft(), path) ?? (empty ? "" : this.defaultOf(path) ?? options[0][0]);
    select.addEventListener("change", () => this.commit(path, select.value === "" ? undefined : select.value, rerender));
    return this.field(path, label, select);
  }

  // A colour picker with its hex text beside it; both edit the same value.
  color(path, label) {
    const fallback = this.defaultOf(path);
    const picker = element("input");
    picker.type = "color";
    const text = element("input");
    text.className = "hex";
    text.id = `${this.idOf(path)}-hex`;
    text.setAttribute("aria-label", `${label} (hex)`);
    const current = getPath(this.draft(), path) ?? fallback;
    picker.value = current.length === 7 ? current.toLowerCase() : fallback.toLowerCase();
    text.value = current;
    picker.addEventListener("input", () => {
      text.value = picker.value.toUpperCase();
      this.commit(path, text.value);
    });
    text.addEventListener("input", () => {
      if (/^#[0-9a-fA-F]{6}$/.test(text.value)) picker.value = text.value.toLowerCase();
      this.commit(path, text.value === "" ? undefined : text.value);
    });
    const wrapper = this.field(path, label, picker);
    wrapper.insertBefore(text, wrapper.querySelector(".field-error"));
    if (this.readOnly) text.disabled = true;
    return wrapper;
  }

  // A list of words, separated by commas or new lines.
  list(path, label, { placeholder, hint } = {}) {
    const input = element("input");
    if (placeholder) input.placeholder = placeholder;
    input.value = (getPath(this.draft(), path) || []).join(", ");
    input.addEventListener("input", () => {
      const values = input.value.split(/[,\n]/).map((value) => value.trim()).filter((value) => value.length > 0);
      this.commit(path, values.length ? values : undefined);
    });
    return this.field(path, label, input, hint);
  }

  // A list of values, one per line. `count` and `length` ({ min, max }, model limits) bound how
  // many lines and how long each; one over is flagged as it is typed (the server refuses it too).
  lines(path, label, { rows = 3, placeholder, hint, count, length } = {}) {
    const area = element("textarea");
    area.rows = rows;
    area.className = "short";
    area.spellcheck = false;
    if (placeholder) area.placeholder = placeholder;
    area.value = (getPath(this.draft(), path) || []).join("\n");
    const wrapper = this.field(path, label, area, hint);
    area.addEventListener("input", () => {
      const values = area.value.split("\n").map((value) => value.trim()).filter((value) => value.length > 0);
      const error = wrapper.querySelector(".field-error");
      if (error) {
        const tooLong = length ? values.find((value) => value.length > length.max) : undefined;
        error.textContent = count && values.length > count.max ? `at most ${count.max} lines, not ${values.length}`
          : tooLong ? `at most ${length.max} characters a line` : "";
      }
      this.commit(path, values.length ? values : undefined);
    });
    return wrapper;
  }

  // Free-form JSON (custom JSON); invalid text is kept in the field and flagged, not sent.
  json(path, label, hint) {
    const area = element("textarea");
    area.rows = 3;
    area.className = "short code";
    const current = getPath(this.draft(), path);
    area.value = current === undefined ? "" : JSON.stringify(current, null, 2);
    const wrapper = this.field(path, label, area, hint);
    area.addEventListener("input", () => {
      const error = wrapper.querySelector(".field-error");
      if (area.value.trim() === "") { error.textContent = ""; return this.commit(path, undefined); }
      try {
        const parsed = JSON.parse(area.value);
        error.textContent = "";
        this.commit(path, parsed);
      } catch (_) {
        error.textContent = "not valid JSON yet";
      }
    });
    return wrapper;
  }

  // Tick boxes for a list of values (`options` as [value, label] pairs): the key holds those
  // ticked, and is removed when none is.
  choices(path, label, options) {
    const box = element("div", undefined, "choices");
    box.id = this.idOf(path);
    const chosen = new Set(getPath(this.draft(), path) || []);
    for (const [value, text] of options) {
      const input = element("input");
      input.type = "checkbox";
      input.value = value;
      input.checked = chosen.has(value);
      input.disabled = this.readOnly;
      input.addEventListener("change", () => {
        if (input.checked) chosen.add(value); else chosen.delete(value);
        this.commit(path, chosen.size ? [...chosen] : undefined);
      });
      const item = element("label");
      item.append(input, element("span", ` ${text}`));
      box.append(item);
    }
    const wrapper = element("div", undefined, "field");
    wrapper.dataset.path = path;
    wrapper.append(element("span", label, "label"), box, element("span", "", "field-error"));
    return wrapper;
  }

  // A button that changes the form's shape, or acts on the form; `id` lets tests and labels name it.
  button(text, action, id, className) {
    const button = element("button", text, className);
    if (id) button.id = id;
    button.type = "button";
    button.hidden = this.readOnly;
    button.addEventListener("click", action);
    return button;
  }
}

export function fieldset(legend, ...children) {
  const set = element("fieldset");
  set.append(element("legend", legend), ...children.filter(Boolean));
  return set;
}
