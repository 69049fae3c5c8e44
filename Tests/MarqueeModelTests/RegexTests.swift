import Foundation
@testable import MarqueeModel
import Testing

/// Marquee's regular expressions: the supported subset matches as Foundation's engine does, what
/// is outside it is refused with a reason, and matching takes linear time whatever the pattern.
@Suite struct RegexTests {
    static let patterns = [
        "abc", "^abc$", "a.c", "a*b", "a+b", "a?b", "colou?r", "^(foo|bar)+$", "^[a-z]{2,4}$", "[^0-9]",
        "\\d{3}-\\d{4}", "^\\w+@\\w+\\.com$", "\\s", "\\bcat\\b", "\\Bcat", "^(?:ab){2}$", "x{2,}", "^$", "(a|ab)(c|bcd)(d*)",
        "[\\]\\-]", "[a\\-z]", "^\\x41\\u00e9", "^gold|^platinum", "(?<tier>gold)", "^a{0,3}$", "[.]", "\\.", "^\\W+$",
        "[\\d\\s]+", "[\\D]", "(a*)*b", "(a|b)*c", "\\Aab\\z", "ab\\Z", "^.+$", "é+", "[à-ÿ]+",
    ]
    static let texts = [
        "", "abc", "xabcx", "ac", "aXc", "aaab", "b", "color", "colour", "foobar", "foofoo", "abcd", "a1", "123-4567",
        "ann@shop.com", " ", "the cat sat", "concat", "abab", "xx", "xxx", "]", "-", "Aé", "gold", "platinum", "goldish",
        "aaaa", "a.b", "!!", "a b", "aaab", "abababc", "ab\n", "line\nbreak", "été", "çà",
    ]

    @Test(arguments: patterns)
    func matchesAsFoundationDoes(_ pattern: String) throws {
        let ours = try CompiledRegex(validating: pattern)
        let foundation = try NSRegularExpression(pattern: pattern)
        for text in Self.texts {
            let expected = foundation.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(ours.matches(text) == expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("(a)\\1", "backreferences"), ("\\k<x>", "backreferences"), ("a(?=b)", "lookahead"), ("a(?!b)", "lookahead"),
        ("(?<=a)b", "lookbehind"), ("(?<!a)b", "lookbehind"), ("a++", "possessive"), ("\\p{L}", "Unicode property"),
        ("(?i)abc", "inline options"), ("a{101}", "limited to 100"), ("[[a]]", "classes inside classes"), ("(ab", "not closed"),
        ("ab)", "no matching '('"), ("*a", "nothing to repeat"), ("a**", "repeats a repetition"), ("[z-a]", "backwards"),
        ("\\q", "not supported"), ("^*", "cannot be repeated"), ("a{3,1}", "below the minimum"),
        (String(repeating: "a", count: 501), "longer than 500"),
    ])
    func refusesWhatItCannotRunWithAReason(_ pattern: String, _ reason: String) {
        do {
            _ = try CompiledRegex(validating: pattern)
            Issue.record("\(pattern) was accepted")
        } catch {
            #expect(error.message.contains(reason), "\(pattern): \(error.message)")
        }
    }

    @Test func countedRepetitionsCannotBlowUpTheProgram() {
        #expect(throws: RegexSyntaxError.self) { try CompiledRegex(validating: "((((a{100}){100}){100}){100})") }
    }

    /// The probe that froze a server for 33 seconds with a backtracking engine: here the work is
    /// bounded by the text's length times the program's size, and grows linearly with the text.
    @Test func thePathologicalPatternTakesLinearWork() throws {
        let regex = try CompiledRegex(validating: "(.*a){12}$")
        var previous = 0
        for length in [1_000, 10_000] {
            let text = String(repeating: "a", count: length) + "!"
            #expect(!regex.matches(text))
            let steps = regex.steps(matching: text)
            #expect(steps <= (text.unicodeScalars.count + 1) * (3 * regex.size + 1))
            if previous > 0 { #expect(steps <= previous * 11, "ten times the text costs about ten times the work") }
            previous = steps
        }
        #expect(regex.matches(String(repeating: "a", count: 12)))
    }

    @Test func uppercaseEscapesAreWhatBaseClientsWouldChange() {
        #expect(CompiledRegex.changesWhenLowercased("^\\D+$"))
        #expect(CompiledRegex.changesWhenLowercased("\\bGold\\B"))
        #expect(!CompiledRegex.changesWhenLowercased("^[A-Z]+\\d$"))
        #expect(!CompiledRegex.changesWhenLowercased("\\\\D"), "an escaped backslash before D")
    }

    @Test func validationNamesTheConditionValueAndTheReason() {
        let condition = AttributeCondition(name: "plan", type: .string, operator: .matchesRegex, value: "(a)\\1")
        var report = ValidationReport()
        condition.validate(into: &report)
        #expect(report.issues.contains { $0.field == "value" && $0.message.contains("backreferences") }, "\(report.issues)")
    }
}
