import { parseRegex } from "./regexParser.js";
import { RegexProgram } from "./regexProgram.js";

const uppercase = /^\p{Uppercase}$/u;

/**
 * A regular expression of the subset Marquee supports, matched in linear time, the same here as
 * in the Swift SDK, on the server and in the trigger tester. It matches anywhere in the text;
 * anchor with `^…$` for a whole match.
 */
export class CompiledRegex {
  readonly #program: RegexProgram;

  private constructor(program: RegexProgram) {
    this.#program = program;
  }

  /** Compiles `pattern`, or throws a `RegexSyntaxError` saying what in it is not supported. */
  static validating(pattern: string): CompiledRegex {
    return new CompiledRegex(new RegexProgram(parseRegex(pattern)));
  }

  /** `undefined` when the pattern is not in the supported subset. */
  static compile(pattern: string): CompiledRegex | undefined {
    try {
      return CompiledRegex.validating(pattern);
    } catch {
      return undefined;
    }
  }

  matches(text: string): boolean {
    return this.#program.run(text).matched;
  }

  /** The program's size, and the work a match took (bounded by the text's length times the size). */
  get size(): number {
    return this.#program.instructions.length;
  }

  steps(text: string): number {
    return this.#program.run(text).steps;
  }

  /**
   * `pattern` with every character lowercased except the one after each backslash, so that
   * matching it against lowercased text ignores case and escapes keep their meaning (`\D` stays
   * "not a digit"). This is how conditions match.
   */
  static lowercasingLiterals(pattern: string): string {
    let result = "";
    let escaped = false;
    for (const character of pattern) {
      result += escaped ? character : character.toLowerCase();
      escaped = !escaped && character === "\\";
    }
    return result;
  }

  /** Whether base RInAppMessaging clients, which lowercase the whole pattern, would run another one. */
  static changesWhenLowercased(pattern: string): boolean {
    let escaped = false;
    for (const character of pattern) {
      if (escaped && uppercase.test(character)) return true;
      escaped = !escaped && character === "\\";
    }
    return false;
  }
}
