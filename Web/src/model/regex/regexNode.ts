import { ScalarSet } from "./scalarSet.js";

/** A zero-width condition on the position between two characters. */
export type RegexAssertion = "start" | "end" | "absoluteEnd" | "wordBoundary" | "notWordBoundary";

/** A parsed pattern of the supported subset (`RegexParser`). */
export type RegexNode =
  | { kind: "empty" }
  | { kind: "scalar"; set: ScalarSet }
  | { kind: "assertion"; assertion: RegexAssertion }
  | { kind: "concatenation"; items: RegexNode[] }
  | { kind: "alternation"; branches: RegexNode[] }
  /** `node` at least `min` times and at most `max` (`undefined`: no upper bound). */
  | { kind: "repetition"; node: RegexNode; min: number; max: number | undefined };

/** Whether `assertion` holds at `position` of `codePoints`. */
export function assertionHolds(assertion: RegexAssertion, position: number, codePoints: readonly number[]): boolean {
  switch (assertion) {
    case "start":
      return position === 0;
    case "end":
      // The end of the text, or just before a line break that ends it.
      return position === codePoints.length || (position === codePoints.length - 1 && codePoints[position] === 0x0a);
    case "absoluteEnd":
      return position === codePoints.length;
    case "wordBoundary":
    case "notWordBoundary": {
      const before = position > 0 && ScalarSet.isWord(codePoints[position - 1]!);
      const after = position < codePoints.length && ScalarSet.isWord(codePoints[position]!);
      return (before !== after) === (assertion === "wordBoundary");
    }
  }
}
