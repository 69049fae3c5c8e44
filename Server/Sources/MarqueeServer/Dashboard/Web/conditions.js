// Attribute conditions, as triggers and conversion goals both use them: only the operators the
// server accepts for the attribute's type are offered.
import { element } from "./api.js";
import { getPath, setPath } from "./form.js";
import { choices, model, takesValue } from "./model.js";

// The conditions at `path` (an array in `draft`), one row each, and a button (`addID`) that adds one.
export function conditionList(form, draft, path, addID) {
  const conditions = getPath(draft, path) || [];
  const rows = conditions.map((condition, index) => {
    const at = `${path}.${index}`;
    const type = model.attributeTypes.find((entry) => entry.id === (condition.type || "string")) || model.attributeTypes[0];
    if (!type.operators.includes(condition.operator)) setPath(draft, `${at}.operator`, type.operators[0]);
    const row = element("div", undefined, "condition");
    row.append(form.text(`${at}.name`, "Attribute"),
      form.select(`${at}.type`, "Type", choices(model.attributeTypes), { rerender: true }),
      form.select(`${at}.operator`, "Operator", choices(model.conditionOperators, type.operators), { rerender: true }));
    if (takesValue(model.conditionOperators, getPath(draft, `${at}.operator`))) row.append(form.text(`${at}.value`, "Value"));
    row.append(form.button("Remove condition", () => { conditions.splice(index, 1); form.commit(path, conditions, true); }));
    return row;
  });
  const add = form.button("Add condition", () => form.commit(path,
    [...conditions, { name: "", type: "string", operator: "equals", value: "" }], true), addID);
  return [...rows, add];
}
