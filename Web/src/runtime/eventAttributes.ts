import { AttributeValue } from "../model/attributes.js";

/** The values an app may give an event attribute. */
export type AttributeInput = string | number | boolean | Date;

/** The most attributes one event carries, and the longest name and text value. */
export const maxAttributes = 50;
export const maxAttributeNameLength = 255;
export const maxAttributeTextLength = 1024;

/**
 * Types an app's attributes as conditions read them: a whole number is an integer, any other
 * number a double, a `Date` a time in milliseconds. What cannot be typed (a non-finite number,
 * an integer beyond ±(2^53 − 1), a name or text over its limit) is left out and reported.
 */
export function typedAttributes(input: Readonly<Record<string, AttributeInput>> | undefined): { attributes: Record<string, AttributeValue>; problems: string[] } {
  const attributes: Record<string, AttributeValue> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(input ?? {})) {
    if (Object.keys(attributes).length >= maxAttributes) {
      problems.push(`only the first ${maxAttributes} attributes are kept`);
      break;
    }
    if (name.length === 0 || name.length > maxAttributeNameLength) {
      problems.push(`an attribute name must have 1 to ${maxAttributeNameLength} characters`);
      continue;
    }
    const typed = typedValue(value);
    if (typeof typed === "string") problems.push(`${name}: ${typed}`);
    else attributes[name] = typed;
  }
  return { attributes, problems };
}

function typedValue(value: AttributeInput): AttributeValue | string {
  if (typeof value === "string") {
    return value.length <= maxAttributeTextLength ? { type: "string", value } : `a text is at most ${maxAttributeTextLength} characters`;
  }
  if (typeof value === "boolean") return { type: "boolean", value };
  if (value instanceof Date) {
    const millis = value.getTime();
    return Number.isSafeInteger(millis) ? { type: "timeMillis", value: millis } : "the date is not a valid time";
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "a number must be finite";
    if (Number.isInteger(value)) return Number.isSafeInteger(value) ? { type: "integer", value } : "an integer must be within ±(2^53 − 1)";
    return { type: "double", value };
  }
  return "a value is a text, a number, a boolean or a Date";
}
