/// Why a pattern is refused: outside the supported subset, malformed, or over a limit.
public struct RegexSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// Where in the pattern, counted in characters (Unicode scalars) from 0.
    public let offset: Int

    public var description: String { "\(message) (at character \(offset + 1))" }
}

/// Parses the supported subset of regular expressions into a ``RegexNode``, refusing everything
/// else with a message that says what is not supported. Recursive descent over the pattern's
/// Unicode scalars; nesting is bounded, so a hostile pattern cannot exhaust the stack.
struct RegexParser {
    /// The longest pattern accepted, in characters.
    static let maxLength = 500
    /// The largest count in `{n}`, `{n,}` and `{n,m}`.
    static let maxRepetition = 100
    /// The deepest nesting of groups.
    static let maxDepth = 32

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    static func parse(_ pattern: String) throws(RegexSyntaxError) -> RegexNode {
        var parser = RegexParser(scalars: Array(pattern.unicodeScalars))
        guard parser.scalars.count <= maxLength else {
            throw RegexSyntaxError(message: "the pattern is longer than \(maxLength) characters", offset: maxLength)
        }
        let node = try parser.alternation()
        if parser.position < parser.scalars.count {
            throw parser.error("')' has no matching '('")
        }
        return node
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func error(_ message: String, at offset: Int? = nil) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset ?? position)
    }

    private mutating func take() -> Unicode.Scalar? {
        defer { position += 1 }
        return peek
    }

    private mutating func alternation() throws(RegexSyntaxError) -> RegexNode {
        var branches = [try concatenation()]
        while peek == "|" {
            position += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek, next != "|", next != ")" {
            let start = position
            let atom = try self.atom()
            items.append(try quantified(atom, startingAt: start))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    private mutating func atom() throws(RegexSyntaxError) -> RegexNode {
        let start = position
        guard let scalar = take() else { throw error("the pattern ends early") }
        switch scalar {
        case "(": return try group(openedAt: start)
        case "[": return .scalar(try characterClass(openedAt: start))
        case ".": return .scalar(.any)
        case "^": return .assertion(.start)
        case "$": return .assertion(.end)
        case "\\": return try escape(inClass: false)
        case "*", "+", "?": throw error("'\(scalar)' has nothing to repeat", at: start)
        case "{": throw error("'{' has nothing to repeat; write \\{ for the character", at: start)
        default: return .scalar(.literal(scalar))
        }
    }

    private mutating func group(openedAt start: Int) throws(RegexSyntaxError) -> RegexNode {
        if peek == "?" {
            position += 1
            switch take() {
            case ":":
                break
            case "=", "!":
                throw error("lookahead ((?=…), (?!…)) is not supported", at: start)
            case "<" where peek == "=" || peek == "!":
                throw error("lookbehind ((?<=…), (?<!…)) is not supported", at: start)
            case "P":
                guard take() == "<" else { throw error("inline options and other (?…) groups are not supported", at: start) }
                try skipGroupName()
            case "<":
                try skipGroupName()
            default:
                throw error("inline options and other (?…) groups are not supported", at: start)
            }
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw error("groups are nested deeper than \(Self.maxDepth)", at: start) }
        let inner = try alternation()
        guard take() == ")" else { throw error("'(' is not closed", at: start) }
        return inner
    }

    /// A named group matches as a plain one: its name, up to `>`, is skipped.
    private mutating func skipGroupName() throws(RegexSyntaxError) {
        while let next = take(), next != ">" {
            guard next.properties.isAlphabetic || next.properties.numericType == .decimal || next == "_" else {
                throw error("a group name may hold only letters, digits and '_'", at: position - 1)
            }
        }
    }

    private mutating func quantified(_ atom: RegexNode, startingAt start: Int) throws(RegexSyntaxError) -> RegexNode {
        guard let next = peek, "*+?{".unicodeScalars.contains(next) else { return atom }
        if case .assertion = atom { throw error("an anchor or boundary cannot be repeated", at: position) }
        let quantifierStart = position
        position += 1
        let bounds: (Int, Int?)
        switch next {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        default: bounds = try countedBounds(openedAt: quantifierStart)
        }
        if peek == "?" {
            position += 1  // lazy: the same strings match, only which match is reported differs
        } else if peek == "+" {
            throw error("possessive quantifiers (*+, ++, ?+) are not supported", at: position)
        }
        if let after = peek, "*+?{".unicodeScalars.contains(after) {
            throw error("'\(after)' repeats a repetition; put the repeated part in a group", at: position)
        }
        return .repetition(atom, min: bounds.0, max: bounds.1)
    }

    private mutating func countedBounds(openedAt start: Int) throws(RegexSyntaxError) -> (Int, Int?) {
        let low = try number(openedAt: start)
        var high: Int? = low
        if peek == "," {
            position += 1
            high = peek == "}" ? nil : try number(openedAt: start)
        }
        guard take() == "}" else { throw error("a repetition is written {n}, {n,} or {n,m}", at: start) }
        if let high, high < low { throw error("{\(low),\(high)}: the maximum is below the minimum", at: start) }
        guard max(low, high ?? low) <= Self.maxRepetition else {
            throw error("repetition counts are limited to \(Self.maxRepetition)", at: start)
        }
        return (low, high)
    }

    private mutating func number(openedAt start: Int) throws(RegexSyntaxError) -> Int {
        var value = 0, digits = 0
        while let next = peek, let digit = next.properties.numericType == .decimal && next.isASCII ? Int(next.value - 48) : nil {
            position += 1
            digits += 1
            value = min(value * 10 + digit, 1_000_000)
        }
        guard digits > 0 else { throw error("a repetition is written {n}, {n,} or {n,m}", at: start) }
        return value
    }

    private mutating func characterClass(openedAt start: Int) throws(RegexSyntaxError) -> ScalarSet {
        var set = ScalarSet(items: [], negated: false)
        if peek == "^" {
            set.negated = true
            position += 1
        }
        var first = true
        while true {
            guard let scalar = take() else { throw error("'[' is not closed", at: start) }
            if scalar == "]" && !first { break }
            first = false
            if scalar == "[" { throw error("classes inside classes are not supported; write \\[ for the character", at: position - 1) }
            let item: ScalarSet.Item
            if scalar == "\\" {
                guard case .scalar(let escaped) = try escape(inClass: true) else {
                    throw error("only characters and \\d \\w \\s may appear in a class", at: position - 1)
                }
                guard escaped.items.count == 1 else {
                    throw error("only characters and \\d \\w \\s may appear in a class", at: position - 1)
                }
                item = escaped.negated ? .not(escaped.items[0]) : escaped.items[0]
            } else {
                item = .range(scalar.value, scalar.value)
            }
            if case .range(let low, _) = item, peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                let rangeStart = position
                guard var highScalar = take() else { throw error("'[' is not closed", at: start) }
                if highScalar == "\\" {
                    guard case .scalar(let escaped) = try escape(inClass: true), escaped.items.count == 1, !escaped.negated,
                          case .range(let high, let same) = escaped.items[0], high == same, let scalar = Unicode.Scalar(high) else {
                        throw error("a range ends with a character", at: rangeStart)
                    }
                    highScalar = scalar
                }
                guard low <= highScalar.value else { throw error("the range is backwards", at: rangeStart) }
                set.items.append(.range(low, highScalar.value))
            } else {
                set.items.append(item)
            }
        }
        return set
    }

    private mutating func escape(inClass: Bool) throws(RegexSyntaxError) -> RegexNode {
        let start = position - 1
        guard let scalar = take() else { throw error("'\\' ends the pattern", at: start) }
        switch scalar {
        case "d": return .scalar(ScalarSet(items: [.digit], negated: false))
        case "D": return .scalar(ScalarSet(items: [.digit], negated: true))
        case "w": return .scalar(ScalarSet(items: [.word], negated: false))
        case "W": return .scalar(ScalarSet(items: [.word], negated: true))
        case "s": return .scalar(ScalarSet(items: [.space], negated: false))
        case "S": return .scalar(ScalarSet(items: [.space], negated: true))
        case "n": return .scalar(.literal("\n"))
        case "r": return .scalar(.literal("\r"))
        case "t": return .scalar(.literal("\t"))
        case "f": return .scalar(.literal("\u{0C}"))
        case "v": return .scalar(.literal("\u{0B}"))
        case "0": return .scalar(.literal("\0"))
        case "x", "u": return .scalar(.literal(try hexScalar(after: scalar, escapeAt: start)))
        case "b" where !inClass: return .assertion(.wordBoundary)
        case "B" where !inClass: return .assertion(.notWordBoundary)
        case "A" where !inClass: return .assertion(.start)
        case "Z" where !inClass: return .assertion(.end)
        case "z" where !inClass: return .assertion(.absoluteEnd)
        case "1"..."9", "k": throw error("backreferences (\\1, \\k<name>) are not supported", at: start)
        case "p", "P": throw error("Unicode property classes (\\p{…}) are not supported", at: start)
        default:
            guard !scalar.properties.isAlphabetic, scalar.properties.numericType == nil else {
                throw error("\\\(scalar) is not supported", at: start)
            }
            return .scalar(.literal(scalar))
        }
    }

    /// `\xHH`, `\x{H…}` or `\uHHHH`.
    private mutating func hexScalar(after kind: Unicode.Scalar, escapeAt start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
        let braced = kind == "x" && peek == "{"
        if braced { position += 1 }
        var value: UInt32 = 0, digits = 0
        let wanted = braced ? 8 : (kind == "x" ? 2 : 4)
        while digits < wanted, let next = peek, let digit = next.isASCII ? Int(String(next), radix: 16) : nil {
            position += 1
            digits += 1
            value = value * 16 + UInt32(digit)
        }
        if braced { guard take() == "}" else { throw error("\\x{…} is not closed", at: start) } }
        guard digits > 0, braced || digits == wanted, let scalar = Unicode.Scalar(value) else {
            throw error("\\\(kind) needs hexadecimal digits naming a character", at: start)
        }
        return scalar
    }
}
