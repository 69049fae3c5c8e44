/** One item of a class: a range of code points, or a shorthand (`\d`, `\w`, `\s`), perhaps negated. */
export type ScalarItem =
  | { kind: "range"; low: number; high: number }
  | { kind: "digit" }
  | { kind: "word" }
  | { kind: "space" }
  | { kind: "not"; item: ScalarItem };

const decimalDigit = /^\p{Nd}$/u;
const alphabetic = /^\p{Alphabetic}$/u;
const nonspacingMark = /^\p{Mn}$/u;
const whiteSpace = /^\p{White_Space}$/u;

/**
 * The characters one position of a pattern accepts: a class such as `[a-z_]`, a shorthand such
 * as `\d`, `.`, or a single literal. Characters are Unicode code points.
 */
export class ScalarSet {
  constructor(readonly items: ScalarItem[], readonly negated: boolean) {}

  static literal(codePoint: number): ScalarSet {
    return new ScalarSet([{ kind: "range", low: codePoint, high: codePoint }], false);
  }

  /** `.`: every character but a line break. */
  static readonly any = new ScalarSet(
    [0x0a, 0x0d, 0x85].map((c) => ({ kind: "range" as const, low: c, high: c })).concat([{ kind: "range", low: 0x2028, high: 0x2029 }]),
    true,
  );

  contains(codePoint: number): boolean {
    return this.items.some((item) => matches(item, codePoint)) !== this.negated;
  }

  /** `\w`: a letter, a mark, a decimal digit or `_`. */
  static isWord(codePoint: number): boolean {
    const character = String.fromCodePoint(codePoint);
    return codePoint === 0x5f || alphabetic.test(character) || decimalDigit.test(character) || nonspacingMark.test(character);
  }
}

function matches(item: ScalarItem, codePoint: number): boolean {
  switch (item.kind) {
    case "range": return item.low <= codePoint && codePoint <= item.high;
    case "digit": return decimalDigit.test(String.fromCodePoint(codePoint));
    case "word": return ScalarSet.isWord(codePoint);
    case "space": return whiteSpace.test(String.fromCodePoint(codePoint));
    case "not": return !matches(item.item, codePoint);
  }
}
