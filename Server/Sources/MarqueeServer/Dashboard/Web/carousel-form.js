// A carousel's pages in the composer: each page's id, image, text and buttons, added and removed
// in order. The preview shows the carousel itself, with its arrows and dots to page through.
import { element } from "./api.js";
import { fieldset, getPath } from "./form.js";
import { model } from "./model.js";


// `pageButtons(form, path, key)` edits the buttons at `path.buttons`, its controls' ids told apart by `key`.
export function pagesSection(form, draft, at, pageButtons) {
  const pages = getPath(draft, `${at}.pages`) || [];
  const set = fieldset("Pages", ...pages.flatMap((_, index) => {
    const path = `${at}.pages.${index}`;
    const remove = form.button(`Remove page ${index + 1}`, () => {
      pages.splice(index, 1);
      form.commit(`${at}.pages`, pages, true);
    }, `remove-page-${index}`);
    return [element("h4", `Page ${index + 1}`),
      form.text(`${path}.id`, "ID (page views are reported by it)"),
      form.text(`${path}.title`, "Title", { hint: "Personalize with %%first_name|fallback%%" }),
      form.textarea(`${path}.body`, "Body", { rows: 3 }),
      form.text(`${path}.image.url`, "Image URL", { type: "url", placeholder: "https://…" }),
      form.text(`${path}.image.altText`, "Image description (for screen readers)"),
      pageButtons(form, path, `page-${index}`), remove];
  }));
  if (pages.length < model.limits.carouselPages.max) {
    set.append(form.button("Add page", () => {
      const page = { id: `page-${pages.length + 1}`, title: `Page ${pages.length + 1}` };
      // A message turned into a carousel keeps its buttons, on its first page.
      const buttons = getPath(draft, `${at}.buttons`);
      if (pages.length === 0 && buttons && buttons.length) {
        page.buttons = buttons;
        form.commit(`${at}.buttons`, undefined);
      }
      pages.push(page);
      form.commit(`${at}.pages`, pages, true);
    }, "add-page"));
  }
  set.prepend(element("p", `A carousel has ${model.limits.carouselPages.min} to ${model.limits.carouselPages.max} pages; its buttons are on its pages.`, "muted"));
  return set;
}
