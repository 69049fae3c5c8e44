/** The type of an event attribute or of a condition's value. */
export type AttributeType = "string" | "integer" | "double" | "boolean" | "timeMillis";

/**
 * A typed attribute value, as Marquee's JSON writes it: `{"type": "integer", "value": 3}`, so
 * the type is never guessed. Types never convert into each other: an integer does not match a
 * double condition. Integers and times are JavaScript numbers, exact within ±(2^53 − 1).
 */
export type AttributeValue =
  | { type: "string"; value: string }
  | { type: "integer"; value: number }
  | { type: "double"; value: number }
  | { type: "boolean"; value: boolean }
  | { type: "timeMillis"; value: number };

export const attributeTypes: readonly AttributeType[] = ["string", "integer", "double", "boolean", "timeMillis"];

const integerText = /^[+-]?[0-9]+$/;
const doubleText = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** Parses a condition's text as a value of `type`; `undefined` when it is not one. */
export function parseAttributeValue(text: string, type: AttributeType): AttributeValue | undefined {
  switch (type) {
    case "string":
      return { type, value: text };
    case "integer":
    case "timeMillis": {
      // Digits only (no spaces, no fraction), within the range every SDK reads exactly.
      if (text.length > 20 || !integerText.test(text)) return undefined;
      const value = Number(text);
      return Number.isSafeInteger(value) ? { type, value } : undefined;
    }
    case "double": {
      if (text.length > 400 || !doubleText.test(text)) return undefined;
      const value = Number(text);
      return Number.isFinite(value) ? { type, value } : undefined;
    }
    case "boolean": {
      const lowered = text.toLowerCase();
      return lowered === "true" ? { type, value: true } : lowered === "false" ? { type, value: false } : undefined;
    }
  }
}
