import { RegexNode } from "./regexNode.js";
import { ScalarItem, ScalarSet } from "./scalarSet.js";

/** The rule a refused pattern breaks: the device names it; the dashboard explains it in words. */
export type RegexProblem =
  | "too-long" | "too-large" | "too-deep" | "unmatched-paren" | "ends-early" | "nothing-to-repeat" | "lookahead" | "lookbehind"
  | "group-kind" | "unclosed-group" | "group-name" | "repeated-anchor" | "possessive" | "repeated-repetition" | "repetition-syntax"
  | "repetition-bounds" | "repetition-too-large" | "unclosed-class" | "nested-class" | "class-item" | "range-end"
  | "backwards-range" | "trailing-backslash" | "backreference" | "property-class" | "unsupported-escape" | "unclosed-hex" | "hex-escape";

/**
 * Why a pattern is refused: outside the supported subset, malformed, or over a limit. The
 * server refuses such patterns when a campaign is saved, with the reason in words, so a device
 * meets one only from a server older than its rules: a short code keeps the SDK small.
 */
export class RegexSyntaxError extends Error {
  /** Where in the pattern, counted in characters (code points) from 0. */
  constructor(readonly problem: RegexProblem, readonly offset: number) {
    super(`${problem} at character ${offset + 1}`);
    this.name = "RegexSyntaxError";
  }
}

/** The longest pattern accepted, in characters. */
export const maxPatternLength = 500;
/** The largest count in `{n}`, `{n,}` and `{n,m}`. */
export const maxRepetition = 100;
/** The deepest nesting of groups. */
export const maxDepth = 32;

const alphabetic = /^\p{Alphabetic}$/u;
const decimalDigit = /^\p{Nd}$/u;
const numeric = /^\p{N}$/u;
const hexDigit = /^[0-9a-fA-F]$/;

const code = (character: string): number => character.codePointAt(0)!;

/**
 * Parses the supported subset of regular expressions, refusing everything else with the rule it
 * breaks (the Swift SDK's `RegexParser`, rule for rule): literals, `.`, classes, `\d \w \s` and their negations,
 * anchors and word boundaries, groups, alternation and quantifiers. Backreferences and
 * lookaround are refused: no matcher runs them in linear time. Nesting is bounded, so a hostile
 * pattern cannot exhaust the stack.
 */
export function parseRegex(pattern: string): RegexNode {
  const scalars = Array.from(pattern, code);
  if (scalars.length > maxPatternLength) {
    throw new RegexSyntaxError("too-long", maxPatternLength);
  }
  const parser = new Parser(scalars);
  const node = parser.alternation();
  if (!parser.atEnd) throw parser.error("unmatched-paren");
  return node;
}

class Parser {
  #position = 0;
  #depth = 0;
  readonly #scalars: readonly number[];

  constructor(scalars: readonly number[]) {
    this.#scalars = scalars;
  }

  get atEnd(): boolean {
    return this.#position >= this.#scalars.length;
  }

  get #peek(): number | undefined {
    return this.#position < this.#scalars.length ? this.#scalars[this.#position] : undefined;
  }

  error(problem: RegexProblem, offset: number = this.#position): RegexSyntaxError {
    return new RegexSyntaxError(problem, offset);
  }

  #take(): number | undefined {
    const scalar = this.#peek;
    this.#position += 1;
    return scalar;
  }

  alternation(): RegexNode {
    const branches = [this.#concatenation()];
    while (this.#peek === code("|")) {
      this.#position += 1;
      branches.push(this.#concatenation());
    }
    return branches.length === 1 ? branches[0]! : { kind: "alternation", branches };
  }

  #concatenation(): RegexNode {
    const items: RegexNode[] = [];
    for (let next = this.#peek; next !== undefined && next !== code("|") && next !== code(")"); next = this.#peek) {
      const start = this.#position;
      items.push(this.#quantified(this.#atom(), start));
    }
    if (items.length === 0) return { kind: "empty" };
    return items.length === 1 ? items[0]! : { kind: "concatenation", items };
  }

  #atom(): RegexNode {
    const start = this.#position;
    const scalar = this.#take();
    if (scalar === undefined) throw this.error("ends-early");
    switch (String.fromCodePoint(scalar)) {
      case "(": return this.#group(start);
      case "[": return { kind: "scalar", set: this.#characterClass(start) };
      case ".": return { kind: "scalar", set: ScalarSet.any };
      case "^": return { kind: "assertion", assertion: "start" };
      case "$": return { kind: "assertion", assertion: "end" };
      case "\\": return this.#escape(false);
      case "*":
      case "+":
      case "?": throw this.error("nothing-to-repeat", start);
      case "{": throw this.error("nothing-to-repeat", start);
      default: return { kind: "scalar", set: ScalarSet.literal(scalar) };
    }
  }

  #group(start: number): RegexNode {
    if (this.#peek === code("?")) {
      this.#position += 1;
      const kind = this.#take();
      if (kind === code(":")) {
        // a plain group that does not capture
      } else if (kind === code("=") || kind === code("!")) {
        throw this.error("lookahead", start);
      } else if (kind === code("<") && (this.#peek === code("=") || this.#peek === code("!"))) {
        throw this.error("lookbehind", start);
      } else if (kind === code("P")) {
        if (this.#take() !== code("<")) throw this.error("group-kind", start);
        this.#skipGroupName();
      } else if (kind === code("<")) {
        this.#skipGroupName();
      } else {
        throw this.error("group-kind", start);
      }
    }
    this.#depth += 1;
    try {
      if (this.#depth > maxDepth) throw this.error("too-deep", start);
      const inner = this.alternation();
      if (this.#take() !== code(")")) throw this.error("unclosed-group", start);
      return inner;
    } finally {
      this.#depth -= 1;
    }
  }

  /** A named group matches as a plain one: its name, up to `>`, is skipped. */
  #skipGroupName(): void {
    for (let next = this.#take(); next !== undefined && next !== code(">"); next = this.#take()) {
      const character = String.fromCodePoint(next);
      if (!(alphabetic.test(character) || decimalDigit.test(character) || character === "_")) {
        throw this.error("group-name", this.#position - 1);
      }
    }
  }

  #quantified(atom: RegexNode, _start: number): RegexNode {
    const next = this.#peek;
    if (next === undefined || !isQuantifier(next)) return atom;
    if (atom.kind === "assertion") throw this.error("repeated-anchor", this.#position);
    const quantifierStart = this.#position;
    this.#position += 1;
    let bounds: [number, number | undefined];
    switch (String.fromCodePoint(next)) {
      case "*": bounds = [0, undefined]; break;
      case "+": bounds = [1, undefined]; break;
      case "?": bounds = [0, 1]; break;
      default: bounds = this.#countedBounds(quantifierStart);
    }
    if (this.#peek === code("?")) {
      this.#position += 1; // lazy: the same strings match, only which match is reported differs
    } else if (this.#peek === code("+")) {
      throw this.error("possessive", this.#position);
    }
    const after = this.#peek;
    if (after !== undefined && isQuantifier(after)) {
      throw this.error("repeated-repetition", this.#position);
    }
    return { kind: "repetition", node: atom, min: bounds[0], max: bounds[1] };
  }

  #countedBounds(start: number): [number, number | undefined] {
    const low = this.#number(start);
    let high: number | undefined = low;
    if (this.#peek === code(",")) {
      this.#position += 1;
      high = this.#peek === code("}") ? undefined : this.#number(start);
    }
    if (this.#take() !== code("}")) throw this.error("repetition-syntax", start);
    if (high !== undefined && high < low) throw this.error("repetition-bounds", start);
    if (Math.max(low, high ?? low) > maxRepetition) throw this.error("repetition-too-large", start);
    return [low, high];
  }

  #number(start: number): number {
    let value = 0;
    let digits = 0;
    for (let next = this.#peek; next !== undefined && next >= 0x30 && next <= 0x39; next = this.#peek) {
      this.#position += 1;
      digits += 1;
      value = Math.min(value * 10 + (next - 0x30), 1_000_000);
    }
    if (digits === 0) throw this.error("repetition-syntax", start);
    return value;
  }

  #characterClass(start: number): ScalarSet {
    const items: ScalarItem[] = [];
    let negated = false;
    if (this.#peek === code("^")) {
      negated = true;
      this.#position += 1;
    }
    let first = true;
    for (;;) {
      const scalar = this.#take();
      if (scalar === undefined) throw this.error("unclosed-class", start);
      if (scalar === code("]") && !first) break;
      first = false;
      if (scalar === code("[")) throw this.error("nested-class", this.#position - 1);
      let item: ScalarItem;
      if (scalar === code("\\")) {
        const escaped = this.#escape(true);
        if (escaped.kind !== "scalar" || escaped.set.items.length !== 1) {
          throw this.error("class-item", this.#position - 1);
        }
        const only = escaped.set.items[0]!;
        item = escaped.set.negated ? { kind: "not", item: only } : only;
      } else {
        item = { kind: "range", low: scalar, high: scalar };
      }
      if (item.kind === "range" && this.#peek === code("-") && this.#position + 1 < this.#scalars.length
          && this.#scalars[this.#position + 1] !== code("]")) {
        this.#position += 1;
        const rangeStart = this.#position;
        let high = this.#take();
        if (high === undefined) throw this.error("unclosed-class", start);
        if (high === code("\\")) {
          const escaped = this.#escape(true);
          const only = escaped.kind === "scalar" && escaped.set.items.length === 1 && !escaped.set.negated ? escaped.set.items[0] : undefined;
          if (only === undefined || only.kind !== "range" || only.low !== only.high) throw this.error("range-end", rangeStart);
          high = only.low;
        }
        if (item.low > high) throw this.error("backwards-range", rangeStart);
        items.push({ kind: "range", low: item.low, high });
      } else {
        items.push(item);
      }
    }
    return new ScalarSet(items, negated);
  }

  #escape(inClass: boolean): RegexNode {
    const start = this.#position - 1;
    const scalar = this.#take();
    if (scalar === undefined) throw this.error("trailing-backslash", start);
    const set = (items: ScalarItem[], negated: boolean): RegexNode => ({ kind: "scalar", set: new ScalarSet(items, negated) });
    const literal = (codePoint: number): RegexNode => ({ kind: "scalar", set: ScalarSet.literal(codePoint) });
    const character = String.fromCodePoint(scalar);
    switch (character) {
      case "d": return set([{ kind: "digit" }], false);
      case "D": return set([{ kind: "digit" }], true);
      case "w": return set([{ kind: "word" }], false);
      case "W": return set([{ kind: "word" }], true);
      case "s": return set([{ kind: "space" }], false);
      case "S": return set([{ kind: "space" }], true);
      case "n": return literal(0x0a);
      case "r": return literal(0x0d);
      case "t": return literal(0x09);
      case "f": return literal(0x0c);
      case "v": return literal(0x0b);
      case "0": return literal(0);
      case "x":
      case "u": return literal(this.#hexScalar(character, start));
    }
    if (!inClass) {
      switch (character) {
        case "b": return { kind: "assertion", assertion: "wordBoundary" };
        case "B": return { kind: "assertion", assertion: "notWordBoundary" };
        case "A": return { kind: "assertion", assertion: "start" };
        case "Z": return { kind: "assertion", assertion: "end" };
        case "z": return { kind: "assertion", assertion: "absoluteEnd" };
      }
    }
    if ((character >= "1" && character <= "9") || character === "k") {
      throw this.error("backreference", start);
    }
    if (character === "p" || character === "P") throw this.error("property-class", start);
    if (alphabetic.test(character) || numeric.test(character)) throw this.error("unsupported-escape", start);
    return literal(scalar);
  }

  /** `\xHH`, `\x{H…}` or `\uHHHH`. */
  #hexScalar(kind: string, start: number): number {
    const braced = kind === "x" && this.#peek === code("{");
    if (braced) this.#position += 1;
    let value = 0;
    let digits = 0;
    const wanted = braced ? 8 : kind === "x" ? 2 : 4;
    for (let next = this.#peek; digits < wanted && next !== undefined && hexDigit.test(String.fromCodePoint(next)); next = this.#peek) {
      this.#position += 1;
      digits += 1;
      value = value * 16 + parseInt(String.fromCodePoint(next), 16);
    }
    if (braced && this.#take() !== code("}")) throw this.error("unclosed-hex", start);
    // A code point names a character unless it is past U+10FFFF or a surrogate.
    const isScalar = value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
    if (digits === 0 || (!braced && digits !== wanted) || !isScalar) {
      throw this.error("hex-escape", start);
    }
    return value;
  }
}

function isQuantifier(scalar: number): boolean {
  return scalar === code("*") || scalar === code("+") || scalar === code("?") || scalar === code("{");
}
