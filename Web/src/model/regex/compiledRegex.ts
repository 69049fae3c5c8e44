import { parseRegex } from "./regexParser.js";
import { RegexProgram } from "./regexProgram.js";

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
}
