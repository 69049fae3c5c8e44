/// A pattern of the regular-expression subset Marquee supports, parsed (``RegexParser``).
///
/// The subset is what a linear-time matcher can run: literals, `.`, classes, the shorthands
/// `\d \w \s` and their negations, anchors and word boundaries, groups, alternation and
/// quantifiers. Backreferences and lookaround are refused at parse time, since no matcher can
/// run them in linear time.
indirect enum RegexNode: Equatable, Sendable {
    case empty
    /// One character from the set.
    case scalar(ScalarSet)
    case assertion(RegexAssertion)
    case concatenation([RegexNode])
    case alternation([RegexNode])
    /// `node` at least `min` times and at most `max` (`nil`: no upper bound).
    case repetition(RegexNode, min: Int, max: Int?)
}

/// A zero-width condition on the position between two characters.
enum RegexAssertion: Equatable, Sendable {
    /// `^`, `\A`: the start of the text.
    case start
    /// `$`, `\Z`: the end of the text, or just before a line break that ends it.
    case end
    /// `\z`: the very end of the text.
    case absoluteEnd
    /// `\b`: between a word character and a non-word one.
    case wordBoundary
    /// `\B`: anywhere `\b` is not.
    case notWordBoundary

    /// Whether the assertion holds at `position` of `scalars`.
    func holds(at position: Int, in scalars: [Unicode.Scalar]) -> Bool {
        switch self {
        case .start:
            return position == 0
        case .end:
            return position == scalars.count || (position == scalars.count - 1 && scalars[position] == "\n")
        case .absoluteEnd:
            return position == scalars.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && ScalarSet.isWord(scalars[position - 1])
            let after = position < scalars.count && ScalarSet.isWord(scalars[position])
            return (before != after) == (self == .wordBoundary)
        }
    }
}

/// The characters one position of a pattern accepts: a class such as `[a-z_]`, a shorthand such
/// as `\d`, `.`, or a single literal.
struct ScalarSet: Equatable, Sendable {
    enum Item: Equatable, Sendable {
        case range(UInt32, UInt32)
        /// `\d`: a decimal digit, in any script.
        case digit
        /// `\w`: a letter, a mark, a decimal digit or `_`.
        case word
        /// `\s`: white space, line breaks included.
        case space
        /// One of the shorthands, negated (`\D`, `\W`, `\S`), inside a class.
        indirect case not(Item)
    }

    var items: [Item]
    var negated: Bool

    static func literal(_ scalar: Unicode.Scalar) -> ScalarSet {
        ScalarSet(items: [.range(scalar.value, scalar.value)], negated: false)
    }

    /// `.`: every character but a line break.
    static let any = ScalarSet(items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D), .range(0x2028, 0x2029), .range(0x85, 0x85)],
                               negated: true)

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        items.contains { Self.matches($0, scalar) } != negated
    }

    private static func matches(_ item: Item, _ scalar: Unicode.Scalar) -> Bool {
        switch item {
        case .range(let low, let high): low <= scalar.value && scalar.value <= high
        case .digit: scalar.properties.numericType == .decimal
        case .word: isWord(scalar)
        case .space: scalar.properties.isWhitespace
        case .not(let inner): !matches(inner, scalar)
        }
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
            || scalar.properties.generalCategory == .nonspacingMark
    }
}
