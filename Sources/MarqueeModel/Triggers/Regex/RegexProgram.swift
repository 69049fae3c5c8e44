/// A parsed pattern compiled for a Pike virtual machine: the matcher follows every way the
/// pattern could match at once, one text position at a time, and keeps at most one thread per
/// instruction. The time to match is at most the text's length times the program's size, whatever
/// the pattern and the text: no pattern can make it backtrack.
struct RegexProgram: Sendable {
    /// The most instructions a pattern may compile to (counted repetitions copy their body).
    static let maxInstructions = 20_000

    enum Instruction: Sendable {
        case scalar(ScalarSet)
        case assertion(RegexAssertion)
        /// Continue at both: the first, then the second.
        case split(Int, Int)
        case jump(Int)
        case match
    }

    private(set) var instructions: [Instruction] = []

    init(_ node: RegexNode) throws(RegexSyntaxError) {
        try emit(node)
        instructions.append(.match)
    }

    private mutating func append(_ instruction: Instruction) throws(RegexSyntaxError) {
        guard instructions.count < Self.maxInstructions else {
            throw RegexSyntaxError(message: "the pattern is too large once its repetitions are counted out", offset: 0)
        }
        instructions.append(instruction)
    }

    /// Appends a placeholder to patch once its targets are known.
    private mutating func placeholder() throws(RegexSyntaxError) -> Int {
        try append(.jump(-1))
        return instructions.count - 1
    }

    private mutating func emit(_ node: RegexNode) throws(RegexSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let set):
            try append(.scalar(set))
        case .assertion(let assertion):
            try append(.assertion(assertion))
        case .concatenation(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            var exits: [Int] = []
            for branch in branches.dropLast() {
                let split = try placeholder()
                try emit(branch)
                exits.append(try placeholder())
                instructions[split] = .split(split + 1, instructions.count)
            }
            if let last = branches.last { try emit(last) }
            for exit in exits { instructions[exit] = .jump(instructions.count) }
        case .repetition(let body, let min, let max):
            for _ in 0..<min { try emit(body) }
            if let max {
                // Each optional copy may be skipped, and skipping one skips those after it.
                var skips: [Int] = []
                for _ in min..<max {
                    skips.append(try placeholder())
                    try emit(body)
                }
                for skip in skips { instructions[skip] = .split(skip + 1, instructions.count) }
            } else {
                let loop = try placeholder()
                try emit(body)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        run(text).matched
    }

    /// Whether the pattern matches, and how many instruction visits it took: never more than
    /// `(text length + 1) × 2 × instructions`, which tests check instead of timing.
    func run(_ text: String) -> (matched: Bool, steps: Int) {
        let scalars = Array(text.unicodeScalars)
        var steps = 0
        // `marks[pc] == position + 1`: the instruction is already on the list for `position`.
        var marks = [Int](repeating: 0, count: instructions.count)
        var current: [Int] = [], next: [Int] = []
        var pending: [Int] = []
        current.reserveCapacity(instructions.count)
        next.reserveCapacity(instructions.count)

        /// Adds the threads `pc` leads to at `position` without reading a character; true once
        /// one of them matches.
        func follow(_ pc: Int, at position: Int, into list: inout [Int]) -> Bool {
            pending.append(pc)
            while let pc = pending.popLast() {
                steps += 1
                guard marks[pc] != position + 1 else { continue }
                marks[pc] = position + 1
                switch instructions[pc] {
                case .scalar: list.append(pc)
                case .match:
                    pending.removeAll()
                    return true
                case .jump(let target): pending.append(target)
                case .split(let first, let second):
                    pending.append(second)
                    pending.append(first)
                case .assertion(let assertion):
                    if assertion.holds(at: position, in: scalars) { pending.append(pc + 1) }
                }
            }
            return false
        }

        if follow(0, at: 0, into: &current) { return (true, steps) }
        for position in scalars.indices {
            let scalar = scalars[position]
            for pc in current {
                guard case .scalar(let set) = instructions[pc], set.contains(scalar) else { continue }
                if follow(pc + 1, at: position + 1, into: &next) { return (true, steps) }
            }
            // A match may also start at the next position (the search is not anchored).
            if follow(0, at: position + 1, into: &next) { return (true, steps) }
            swap(&current, &next)
            next.removeAll(keepingCapacity: true)
        }
        return (false, steps)
    }
}
