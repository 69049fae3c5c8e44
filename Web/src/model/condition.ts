import { AttributeType, AttributeValue, parseAttributeValue } from "./attributes.js";

/** How a condition compares an event attribute with the condition's value. */
export type ConditionOperator =
  | "equals" | "isNotEqual" | "greaterThan" | "lessThan" | "isBlank" | "isNotBlank"
  | "matchesRegex" | "doesNotMatchRegex" | "containsItem";

/** A condition on one attribute of an event: `level greaterThan 3`. */
export interface AttributeCondition {
  /** The attribute's name, compared case-sensitively. */
  name: string;
  type: AttributeType;
  operator: ConditionOperator;
  /** The value as text, parsed per `type`; a pattern for the regex operators. */
  value?: string;
}

/** What separates the items of a list attribute (a purchase's `itemIdList`). */
export const itemSeparator = "|";

/** Times are equal when they are at most this far apart. */
export const timeToleranceMillis = 1000;

/** Whether `operator` applies to attributes of `type`; validation refuses other pairs. */
export function operatorSupports(operator: ConditionOperator, type: AttributeType): boolean {
  switch (operator) {
    case "equals":
    case "isNotEqual":
      return true;
    case "greaterThan":
    case "lessThan":
      return type === "integer" || type === "double" || type === "timeMillis";
    case "isBlank":
    case "isNotBlank":
    case "matchesRegex":
    case "doesNotMatchRegex":
    case "containsItem":
      return type === "string";
  }
}

/** A compiled pattern of Marquee's subset: whether it matches anywhere in a text. */
export interface PatternMatcher {
  matches(text: string): boolean;
}

/** Compiles a pattern (already lowercased outside its escapes), or `undefined` when it is not in the subset. */
export type PatternCompiler = (pattern: string) => PatternMatcher | undefined;

let compilePattern: PatternCompiler | undefined;

/**
 * Installs the regular-expression matcher (`model/regex`). It is a module of its own so that a
 * page whose campaigns have no pattern never loads it; the SDK installs it before it loads
 * campaigns that have one (`usesPatterns`).
 */
export function usePatternCompiler(compiler: PatternCompiler): void {
  compilePattern = compiler;
}

/** White space as the Swift SDK trims it (Unicode White_Space). */
const blank = /^\p{White_Space}*$/u;

/** A condition prepared for matching: its value parsed and its pattern compiled once. */
export class CompiledCondition {
  readonly #expected: AttributeValue | undefined;
  readonly #regex: PatternMatcher | undefined;

  constructor(readonly condition: AttributeCondition) {
    const text = condition.value ?? "";
    this.#expected = parseAttributeValue(text, condition.type);
    const pattern = usesPattern(condition);
    if (pattern && compilePattern === undefined) throw new Error("a pattern condition needs the regular-expression matcher installed first");
    this.#regex = pattern ? compilePattern!(lowercasingLiterals(text)) : undefined;
  }

  /**
   * Whether an event's attributes satisfy the condition. Names compare exactly; text without
   * regard to case, as both RInAppMessaging clients compare it. A missing attribute, or one of
   * another type, never matches, whatever the operator.
   */
  matches(attributes: Readonly<Record<string, AttributeValue>>): boolean {
    const { condition } = this;
    const actual = Object.prototype.hasOwnProperty.call(attributes, condition.name) ? attributes[condition.name] : undefined;
    if (actual === undefined || actual.type !== condition.type || !operatorSupports(condition.operator, condition.type)) return false;
    const text = actual.type === "string" ? actual.value : undefined;
    switch (condition.operator) {
      case "isBlank":
        return text !== undefined && blank.test(text);
      case "isNotBlank":
        return text !== undefined && !blank.test(text);
      case "matchesRegex":
        return text !== undefined && this.#regex !== undefined && this.#regex.matches(text.toLowerCase());
      case "doesNotMatchRegex":
        return text !== undefined && this.#regex !== undefined && !this.#regex.matches(text.toLowerCase());
      case "containsItem": {
        const item = (condition.value ?? "").toLowerCase();
        return text !== undefined && text.toLowerCase().split(itemSeparator).includes(item);
      }
      case "equals":
      case "isNotEqual":
      case "greaterThan":
      case "lessThan":
        return this.#expected !== undefined && compare(actual, this.#expected, condition.operator);
    }
  }
}

type Comparison = "equals" | "isNotEqual" | "greaterThan" | "lessThan";

/** The comparison operators on two values of one type. */
function compare(actual: AttributeValue, expected: AttributeValue, operator: Comparison): boolean {
  switch (actual.type) {
    case "string":
      return expected.type === "string" && equality(actual.value.toLowerCase(), expected.value.toLowerCase(), operator);
    case "boolean":
      return expected.type === "boolean" && equality(actual.value, expected.value, operator);
    case "integer":
    case "double":
      return expected.type === actual.type && order(actual.value, expected.value, operator);
    case "timeMillis": {
      if (expected.type !== "timeMillis") return false;
      // Times within the tolerance are equal; beyond it, ordered.
      const difference = actual.value - expected.value;
      return order(Math.abs(difference) <= timeToleranceMillis ? 0 : difference, 0, operator);
    }
  }
}

function equality<T>(a: T, b: T, operator: Comparison): boolean {
  switch (operator) {
    case "equals": return a === b;
    case "isNotEqual": return a !== b;
    case "greaterThan":
    case "lessThan": return false;
  }
}

function order(a: number, b: number, operator: Comparison): boolean {
  switch (operator) {
    case "equals": return a === b;
    case "isNotEqual": return a !== b;
    case "greaterThan": return a > b;
    case "lessThan": return a < b;
  }
}

/**
 * `pattern` with every character lowercased except the one after each backslash, so that
 * matching it against lowercased text ignores case and escapes keep their meaning (`\D` stays
 * "not a digit"). This is how conditions match.
 */
export function lowercasingLiterals(pattern: string): string {
  let result = "";
  let escaped = false;
  for (const character of pattern) {
    result += escaped ? character : character.toLowerCase();
    escaped = !escaped && character === "\\";
  }
  return result;
}

/** Whether `condition` compares with a pattern. */
export function usesPattern(condition: AttributeCondition): boolean {
  return condition.operator === "matchesRegex" || condition.operator === "doesNotMatchRegex";
}
