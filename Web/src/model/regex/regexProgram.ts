import { RegexAssertion, RegexNode, assertionHolds } from "./regexNode.js";
import { RegexSyntaxError } from "./regexParser.js";
import { ScalarSet } from "./scalarSet.js";

/** The most instructions a pattern may compile to (counted repetitions copy their body). */
export const maxInstructions = 20_000;

type Instruction =
  | { op: "scalar"; set: ScalarSet }
  | { op: "assertion"; assertion: RegexAssertion }
  /** Continue at both: the first, then the second. */
  | { op: "split"; first: number; second: number }
  | { op: "jump"; target: number }
  | { op: "match" };

/**
 * A parsed pattern compiled for a Pike virtual machine: the matcher follows every way the
 * pattern could match at once, one text position at a time, keeping at most one thread per
 * instruction. A match costs at most the text's length times the program's size, whatever the
 * pattern and the text: no pattern can make it backtrack.
 */
export class RegexProgram {
  readonly instructions: Instruction[] = [];

  constructor(node: RegexNode) {
    this.#emit(node);
    this.instructions.push({ op: "match" });
  }

  #append(instruction: Instruction): void {
    if (this.instructions.length >= maxInstructions) {
      throw new RegexSyntaxError("too-large", 0);
    }
    this.instructions.push(instruction);
  }

  /** Appends a placeholder to patch once its targets are known. */
  #placeholder(): number {
    this.#append({ op: "jump", target: -1 });
    return this.instructions.length - 1;
  }

  #emit(node: RegexNode): void {
    switch (node.kind) {
      case "empty":
        return;
      case "scalar":
        return this.#append({ op: "scalar", set: node.set });
      case "assertion":
        return this.#append({ op: "assertion", assertion: node.assertion });
      case "concatenation":
        for (const item of node.items) this.#emit(item);
        return;
      case "alternation": {
        const exits: number[] = [];
        node.branches.slice(0, -1).forEach((branch) => {
          const split = this.#placeholder();
          this.#emit(branch);
          exits.push(this.#placeholder());
          this.instructions[split] = { op: "split", first: split + 1, second: this.instructions.length };
        });
        this.#emit(node.branches[node.branches.length - 1]!);
        for (const exit of exits) this.instructions[exit] = { op: "jump", target: this.instructions.length };
        return;
      }
      case "repetition": {
        for (let i = 0; i < node.min; i += 1) this.#emit(node.node);
        if (node.max !== undefined) {
          // Each optional copy may be skipped, and skipping one skips those after it.
          const skips: number[] = [];
          for (let i = node.min; i < node.max; i += 1) {
            skips.push(this.#placeholder());
            this.#emit(node.node);
          }
          for (const skip of skips) this.instructions[skip] = { op: "split", first: skip + 1, second: this.instructions.length };
        } else {
          const loop = this.#placeholder();
          this.#emit(node.node);
          this.#append({ op: "jump", target: loop });
          this.instructions[loop] = { op: "split", first: loop + 1, second: this.instructions.length };
        }
        return;
      }
    }
  }

  /** Whether the pattern matches anywhere in `text`, and the instruction visits it took. */
  run(text: string): { matched: boolean; steps: number } {
    const codePoints = Array.from(text, (character) => character.codePointAt(0)!);
    const { instructions } = this;
    let steps = 0;
    // `marks[pc] === position + 1`: the instruction is already on the list for `position`.
    const marks = new Int32Array(instructions.length);
    let current: number[] = [];
    let next: number[] = [];
    const pending: number[] = [];

    /** Adds the threads `start` leads to at `position` without reading; true once one matches. */
    const follow = (start: number, position: number, list: number[]): boolean => {
      pending.push(start);
      while (pending.length > 0) {
        const pc = pending.pop()!;
        steps += 1;
        if (marks[pc] === position + 1) continue;
        marks[pc] = position + 1;
        const instruction = instructions[pc]!;
        switch (instruction.op) {
          case "scalar": list.push(pc); break;
          case "match": pending.length = 0; return true;
          case "jump": pending.push(instruction.target); break;
          case "split": pending.push(instruction.second, instruction.first); break;
          case "assertion":
            if (assertionHolds(instruction.assertion, position, codePoints)) pending.push(pc + 1);
            break;
        }
      }
      return false;
    };

    if (follow(0, 0, current)) return { matched: true, steps };
    for (let position = 0; position < codePoints.length; position += 1) {
      const codePoint = codePoints[position]!;
      for (const pc of current) {
        const instruction = instructions[pc]!;
        if (instruction.op !== "scalar" || !instruction.set.contains(codePoint)) continue;
        if (follow(pc + 1, position + 1, next)) return { matched: true, steps };
      }
      // A match may also start at the next position (the search is not anchored).
      if (follow(0, position + 1, next)) return { matched: true, steps };
      [current, next] = [next, current];
      next.length = 0;
    }
    return { matched: false, steps };
  }
}
