/// A regular expression of the subset Marquee supports, ready to match in linear time, the same
/// on the server, in the SDK and in the trigger tester. It matches anywhere in the text; anchor
/// with `^…$` for a whole match. The syntax is described in the SDK's DocC article *Triggers*.
public struct CompiledRegex: Sendable {
    private let program: RegexProgram

    /// Compiles `pattern`, or says what in it is not supported.
    public init(validating pattern: String) throws(RegexSyntaxError) {
        program = try RegexProgram(RegexParser.parse(pattern))
    }

    /// `nil` when the pattern is not in the supported subset.
    public init?(_ pattern: String) {
        guard let compiled = try? CompiledRegex(validating: pattern) else { return nil }
        self = compiled
    }

    public func matches(_ text: String) -> Bool {
        program.matches(text)
    }

    /// The program's size, and the work a match took (tests and benchmarks: the work is bounded
    /// by the text's length times the size).
    var size: Int { program.instructions.count }
    func steps(matching text: String) -> Int { program.run(text).steps }

    /// `pattern` with every character lowercased except the one after each backslash, so that
    /// matching it against lowercased text ignores case and escapes keep their meaning (`\\D` stays
    /// "not a digit"). This is how conditions match: RInAppMessaging's iOS client lowercases
    /// both sides before matching (and escapes too, which ``changesWhenLowercased(_:)`` catches).
    public static func lowercasingLiterals(_ pattern: String) -> String {
        var result = ""
        var escaped = false
        for character in pattern {
            result += escaped ? String(character) : character.lowercased()
            escaped = !escaped && character == "\\"
        }
        return result
    }

    /// Whether base RInAppMessaging clients would run another pattern: they lowercase the pattern
    /// before matching, which turns `\D`, `\W`, `\S`, `\B`, `\A` and `\Z` into different escapes.
    public static func changesWhenLowercased(_ pattern: String) -> Bool {
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped, scalar.properties.isUppercase { return true }
            escaped = !escaped && scalar == "\\"
        }
        return false
    }
}
