// A small form binder: each control edits one path of a draft object ("message.buttons.0.text")
// and reports the change. Empty controls remove their key, so the draft holds only what was set
// and the server's defaults apply to the rest. Text reaches the page only through textContent
// and value.
import { element } from "./api.js";

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

// The API names fields as `message.buttons[0].text`; controls as `message.buttons.0.text`.
export function pathOfField(field) {
  return field.replace(/\[(\d+)\]/g, ".$1");
}

// Builds controls bound to `draft()` (read at each event, so the draft may be replaced) that call
// `changed(rerender)` after each edit; `rerender` asks for the form to be rebuilt (the edit
// changes which fields exist).
export class FormBuilder {
  constructor(draft, changed, readOnly) {
    this.draft = draft;
    this.changed = changed;
    this.readOnly = readOnly;
  }

  field(path, label, control, hint) {
    const wrapper = element("div", undefined, "field");
    wrapper.dataset.path = path;
    // Ids follow the path ("field-message-title"), so a label, a test or a link can name a field.
    control.id = control.id || `field-${path.replace(/\./g, "-")}`;
    control.dataset.path = path;
    if (this.readOnly) control.disabled = true;
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

  text(path, label, { placeholder, hint, type = "text" } = {}) {
    const input = element("input");
    input.type = type;
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

  number(path, label, { min, max, step = 1, hint, scale = 1 } = {}) {
    const input = element("input");
    input.type = "number";
    if (min !== undefined) input.min = min;
    if (max !== undefined) input.max = max;
    input.step = step;
    const current = getPath(this.draft(), path);
    input.value = current === undefined || current === null ? "" : String(current / scale);
    input.addEventListener("input", () => {
      // A scaled field (seconds shown, milliseconds stored) stores whole units.
      const value = input.value === "" ? undefined : scale === 1 ? Number(input.value) : Math.round(Number(input.value) * scale);
      this.commit(path, value === undefined || Number.isNaN(value) ? undefined : value);
    });
    return this.field(path, label, input, hint);
  }

  checkbox(path, label, fallback = false, { rerender = false } = {}) {
    const input = element("input");
    input.type = "checkbox";
    input.checked = getPath(this.draft(), path) ?? fallback;
    input.addEventListener("change", () => this.commit(path, input.checked, rerender));
    const wrapper = this.field(path, label, input);
    wrapper.classList.add("check");
    return wrapper;
  }

  // `options` are [value, label] pairs; with `empty`, a first option that removes the key.
  select(path, label, options, { empty, rerender = false, fallback } = {}) {
    const select = element("select");
    if (empty) select.append(new Option(empty, ""));
    for (const [value, text] of options) select.append(new Option(text, value));
    select.value = getPath(this.draft(), path) ?? fallback ?? (empty ? "" : options[0][0]);
    select.addEventListener("change", () => this.commit(path, select.value === "" ? undefined : select.value, rerender));
    return this.field(path, label, select);
  }

  // A colour picker with its hex text beside it; both edit the same value.
  color(path, label, fallback) {
    const picker = element("input");
    picker.type = "color";
    const text = element("input");
    text.className = "hex";
    text.id = `field-${path.replace(/\./g, "-")}-hex`;
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

  // A button that changes the form's shape; `id` lets tests and labels name it.
  button(text, action, id) {
    const button = element("button", text);
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
