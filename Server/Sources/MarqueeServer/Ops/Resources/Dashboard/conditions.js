// Attribute conditions, as triggers and conversion goals both use them: only the operators the
// server accepts for the attribute's type are offered.
import { element } from "./api.js";
import { getPath, setPath } from "./form.js";

const attributeTypes = [["string", "Text"], ["integer", "Integer"], ["double", "Decimal"], ["boolean", "Yes/no"],
  ["timeMillis", "Time (ms)"]];
const operatorsByType = {
  string: ["equals", "isNotEqual", "isBlank", "isNotBlank", "matchesRegex", "doesNotMatchRegex", "containsItem"],
  integer: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  double: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  timeMillis: ["equals", "isNotEqual", "greaterThan", "lessThan"],
  boolean: ["equals", "isNotEqual"],
};
const operatorNames = {
  equals: "equals", isNotEqual: "is not", greaterThan: "is greater than", lessThan: "is less than", isBlank: "is blank",
  isNotBlank: "is not blank", matchesRegex: "matches pattern", doesNotMatchRegex: "does not match pattern",
  containsItem: "contains item",
};
const valueless = ["isBlank", "isNotBlank"];

// The conditions at `path` (an array in `draft`), one row each, and a button (`addID`) that adds one.
export function conditionList(form, draft, path, addID) {
  const conditions = getPath(draft, path) || [];
  const rows = conditions.map((condition, index) => {
    const at = `${path}.${index}`;
    const operators = operatorsByType[condition.type || "string"];
    if (!operators.includes(condition.operator)) setPath(draft, `${at}.operator`, operators[0]);
    const row = element("div", undefined, "condition");
    row.append(form.text(`${at}.name`, "Attribute"),
      form.select(`${at}.type`, "Type", attributeTypes, { rerender: true, fallback: "string" }),
      form.select(`${at}.operator`, "Operator", operators.map((name) => [name, operatorNames[name]]), { rerender: true }));
    if (!valueless.includes(getPath(draft, `${at}.operator`))) row.append(form.text(`${at}.value`, "Value"));
    row.append(form.button("Remove condition", () => { conditions.splice(index, 1); form.commit(path, conditions, true); }));
    return row;
  });
  const add = form.button("Add condition", () => form.commit(path,
    [...conditions, { name: "", type: "string", operator: "equals", value: "" }], true), addID);
  return [...rows, add];
}
