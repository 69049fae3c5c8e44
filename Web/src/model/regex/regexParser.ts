import { RegexNode } from "./regexNode.js";
import { ScalarItem, ScalarSet } from "./scalarSet.js";

/** Why a pattern is refused: outside the supported subset, malformed, or over a limit. */
export class RegexSyntaxError extends Error {
  /** Where in the pattern, counted in characters (code points) from 0. */
  constructor(message: string, readonly offset: number) {
    super(`${message} (at character ${offset + 1})`);
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
 * Parses the supported subset of regular expressions, refusing everything else with a message
 * that says what is not supported: literals, `.`, classes, `\d \w \s` and their negations,
 * anchors and word boundaries, groups, alternation and quantifiers. Backreferences and
 * lookaround are refused: no matcher runs them in linear time. Nesting is bounded, so a hostile
 * pattern cannot exhaust the stack.
 */
export function parseRegex(pattern: string): RegexNode {
  const scalars = Array.from(pattern, code);
  if (scalars.length > maxPatternLength) {
    throw new RegexSyntaxError(`the pattern is longer than ${maxPatternLength} characters`, maxPatternLength);
  }
  const parser = new Parser(scalars);
  const node = parser.alternation();
  if (parser.position < scalars.length) throw parser.error("')' has no matching '('");
  return node;
}

class Parser {
  position = 0;
  private depth = 0;

  constructor(private readonly scalars: readonly number[]) {}

  private get peek(): number | undefined {
    return this.position < this.scalars.length ? this.scalars[this.position] : undefined;
  }

  error(message: string, offset: number = this.position): RegexSyntaxError {
    return new RegexSyntaxError(message, offset);
  }

  private take(): number | undefined {
    const scalar = this.peek;
    this.position += 1;
    return scalar;
  }

  alternation(): RegexNode {
    const branches = [this.concatenation()];
    while (this.peek === code("|")) {
      this.position += 1;
      branches.push(this.concatenation());
    }
    return branches.length === 1 ? branches[0]! : { kind: "alternation", branches };
  }

  private concatenation(): RegexNode {
    const items: RegexNode[] = [];
    for (let next = this.peek; next !== undefined && next !== code("|") && next !== code(")"); next = this.peek) {
      const start = this.position;
      items.push(this.quantified(this.atom(), start));
    }
    if (items.length === 0) return { kind: "empty" };
    return items.length === 1 ? items[0]! : { kind: "concatenation", items };
  }

  private atom(): RegexNode {
    const start = this.position;
    const scalar = this.take();
    if (scalar === undefined) throw this.error("the pattern ends early");
    switch (String.fromCodePoint(scalar)) {
      case "(": return this.group(start);
      case "[": return { kind: "scalar", set: this.characterClass(start) };
      case ".": return { kind: "scalar", set: ScalarSet.any };
      case "^": return { kind: "assertion", assertion: "start" };
      case "$": return { kind: "assertion", assertion: "end" };
      case "\\": return this.escape(false);
      case "*":
      case "+":
      case "?": throw this.error(`'${String.fromCodePoint(scalar)}' has nothing to repeat`, start);
      case "{": throw this.error("'{' has nothing to repeat; write \\{ for the character", start);
      default: return { kind: "scalar", set: ScalarSet.literal(scalar) };
    }
  }

  private group(start: number): RegexNode {
    if (this.peek === code("?")) {
      this.position += 1;
      const kind = this.take();
      if (kind === code(":")) {
        // a plain group that does not capture
      } else if (kind === code("=") || kind === code("!")) {
        throw this.error("lookahead ((?=…), (?!…)) is not supported", start);
      } else if (kind === code("<") && (this.peek === code("=") || this.peek === code("!"))) {
        throw this.error("lookbehind ((?<=…), (?<!…)) is not supported", start);
      } else if (kind === code("P")) {
        if (this.take() !== code("<")) throw this.error("inline options and other (?…) groups are not supported", start);
        this.skipGroupName();
      } else if (kind === code("<")) {
        this.skipGroupName();
      } else {
        throw this.error("inline options and other (?…) groups are not supported", start);
      }
    }
    this.depth += 1;
    try {
      if (this.depth > maxDepth) throw this.error(`groups are nested deeper than ${maxDepth}`, start);
      const inner = this.alternation();
      if (this.take() !== code(")")) throw this.error("'(' is not closed", start);
      return inner;
    } finally {
      this.depth -= 1;
    }
  }

  /** A named group matches as a plain one: its name, up to `>`, is skipped. */
  private skipGroupName(): void {
    for (let next = this.take(); next !== undefined && next !== code(">"); next = this.take()) {
      const character = String.fromCodePoint(next);
      if (!(alphabetic.test(character) || decimalDigit.test(character) || character === "_")) {
        throw this.error("a group name may hold only letters, digits and '_'", this.position - 1);
      }
    }
  }

  private quantified(atom: RegexNode, _start: number): RegexNode {
    const next = this.peek;
    if (next === undefined || !isQuantifier(next)) return atom;
    if (atom.kind === "assertion") throw this.error("an anchor or boundary cannot be repeated", this.position);
    const quantifierStart = this.position;
    this.position += 1;
    let bounds: [number, number | undefined];
    switch (String.fromCodePoint(next)) {
      case "*": bounds = [0, undefined]; break;
      case "+": bounds = [1, undefined]; break;
      case "?": bounds = [0, 1]; break;
      default: bounds = this.countedBounds(quantifierStart);
    }
    if (this.peek === code("?")) {
      this.position += 1; // lazy: the same strings match, only which match is reported differs
    } else if (this.peek === code("+")) {
      throw this.error("possessive quantifiers (*+, ++, ?+) are not supported", this.position);
    }
    const after = this.peek;
    if (after !== undefined && isQuantifier(after)) {
      throw this.error(`'${String.fromCodePoint(after)}' repeats a repetition; put the repeated part in a group`, this.position);
    }
    return { kind: "repetition", node: atom, min: bounds[0], max: bounds[1] };
  }

  private countedBounds(start: number): [number, number | undefined] {
    const low = this.number(start);
    let high: number | undefined = low;
    if (this.peek === code(",")) {
      this.position += 1;
      high = this.peek === code("}") ? undefined : this.number(start);
    }
    if (this.take() !== code("}")) throw this.error("a repetition is written {n}, {n,} or {n,m}", start);
    if (high !== undefined && high < low) throw this.error(`{${low},${high}}: the maximum is below the minimum`, start);
    if (Math.max(low, high ?? low) > maxRepetition) throw this.error(`repetition counts are limited to ${maxRepetition}`, start);
    return [low, high];
  }

  private number(start: number): number {
    let value = 0;
    let digits = 0;
    for (let next = this.peek; next !== undefined && next >= 0x30 && next <= 0x39; next = this.peek) {
      this.position += 1;
      digits += 1;
      value = Math.min(value * 10 + (next - 0x30), 1_000_000);
    }
    if (digits === 0) throw this.error("a repetition is written {n}, {n,} or {n,m}", start);
    return value;
  }

  private characterClass(start: number): ScalarSet {
    const items: ScalarItem[] = [];
    let negated = false;
    if (this.peek === code("^")) {
      negated = true;
      this.position += 1;
    }
    let first = true;
    for (;;) {
      const scalar = this.take();
      if (scalar === undefined) throw this.error("'[' is not closed", start);
      if (scalar === code("]") && !first) break;
      first = false;
      if (scalar === code("[")) throw this.error("classes inside classes are not supported; write \\[ for the character", this.position - 1);
      let item: ScalarItem;
      if (scalar === code("\\")) {
        const escaped = this.escape(true);
        if (escaped.kind !== "scalar" || escaped.set.items.length !== 1) {
          throw this.error("only characters and \\d \\w \\s may appear in a class", this.position - 1);
        }
        const only = escaped.set.items[0]!;
        item = escaped.set.negated ? { kind: "not", item: only } : only;
      } else {
        item = { kind: "range", low: scalar, high: scalar };
      }
      if (item.kind === "range" && this.peek === code("-") && this.position + 1 < this.scalars.length
          && this.scalars[this.position + 1] !== code("]")) {
        this.position += 1;
        const rangeStart = this.position;
        let high = this.take();
        if (high === undefined) throw this.error("'[' is not closed", start);
        if (high === code("\\")) {
          const escaped = this.escape(true);
          const only = escaped.kind === "scalar" && escaped.set.items.length === 1 && !escaped.set.negated ? escaped.set.items[0] : undefined;
          if (only === undefined || only.kind !== "range" || only.low !== only.high) throw this.error("a range ends with a character", rangeStart);
          high = only.low;
        }
        if (item.low > high) throw this.error("the range is backwards", rangeStart);
        items.push({ kind: "range", low: item.low, high });
      } else {
        items.push(item);
      }
    }
    return new ScalarSet(items, negated);
  }

  private escape(inClass: boolean): RegexNode {
    const start = this.position - 1;
    const scalar = this.take();
    if (scalar === undefined) throw this.error("'\\' ends the pattern", start);
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
      case "u": return literal(this.hexScalar(character, start));
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
      throw this.error("backreferences (\\1, \\k<name>) are not supported", start);
    }
    if (character === "p" || character === "P") throw this.error("Unicode property classes (\\p{…}) are not supported", start);
    if (alphabetic.test(character) || numeric.test(character)) throw this.error(`\\${character} is not supported`, start);
    return literal(scalar);
  }

  /** `\xHH`, `\x{H…}` or `\uHHHH`. */
  private hexScalar(kind: string, start: number): number {
    const braced = kind === "x" && this.peek === code("{");
    if (braced) this.position += 1;
    let value = 0;
    let digits = 0;
    const wanted = braced ? 8 : kind === "x" ? 2 : 4;
    for (let next = this.peek; digits < wanted && next !== undefined && hexDigit.test(String.fromCodePoint(next)); next = this.peek) {
      this.position += 1;
      digits += 1;
      value = value * 16 + parseInt(String.fromCodePoint(next), 16);
    }
    if (braced && this.take() !== code("}")) throw this.error("\\x{…} is not closed", start);
    // A code point names a character unless it is past U+10FFFF or a surrogate.
    const isScalar = value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
    if (digits === 0 || (!braced && digits !== wanted) || !isScalar) {
      throw this.error(`\\${kind} needs hexadecimal digits naming a character`, start);
    }
    return value;
  }
}

function isQuantifier(scalar: number): boolean {
  return scalar === code("*") || scalar === code("+") || scalar === code("?") || scalar === code("{");
}
