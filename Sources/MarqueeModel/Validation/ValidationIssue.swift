import Foundation

/// One problem with a value, named by its JSON path (`message.buttons[1].action.uri`).
public struct ValidationIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Collects issues while walking a value, keeping track of the current JSON path.
struct ValidationReport {
    private(set) var issues: [ValidationIssue] = []
    private var path: [String] = []

    mutating func check(_ condition: Bool, _ field: String, _ message: @autoclosure () -> String) {
        if !condition { issues.append(ValidationIssue(field: joined(field), message: message())) }
    }

    mutating func nested(_ component: String, _ body: (inout ValidationReport) -> Void) {
        path.append(component)
        body(&self)
        path.removeLast()
    }

    private func joined(_ field: String) -> String {
        (path + [field]).filter { !$0.isEmpty }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
}

/// URL checks shared by every validated field.
public enum URLRule {
    /// The longest URL or deep link accepted.
    public static let maxLength = 2_048

    /// Schemes that run code or read local data when opened, never allowed as links.
    public static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "about"]

    /// An absolute http or https URL with a host.
    public static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), isPlain(text) else { return false }
        let rest = text.drop(while: { $0 != ":" }).dropFirst(3)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty
    }

    /// A link an app may open: a URI with a scheme (`myapp://cart`, `https://…`) that is not one
    /// of ``forbiddenSchemes``.
    public static func isLink(_ text: String) -> Bool {
        guard let scheme = scheme(of: text), isPlain(text) else { return false }
        return !forbiddenSchemes.contains(scheme)
    }

    /// The lower-cased scheme, when `text` starts with a valid one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// No spaces or control characters (which browsers strip, hiding a forbidden scheme), and not too long.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.count <= maxLength && !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}

/// Length checks that count what a person sees and what a renderer walks: grapheme clusters
/// (characters) and Unicode scalars. A letter followed by thousands of combining marks is one
/// character but draws over everything around it; the scalar limit stops it.
public enum TextRule {
    /// Scalars allowed per character: enough for flags, skin tones and family emoji.
    public static let scalarsPerCharacter = 4

    /// Whether `text` has at most `characters` characters and at most ``scalarsPerCharacter``
    /// times as many scalars.
    public static func fits(_ text: String, characters: Int) -> Bool {
        text.unicodeScalars.count <= characters * scalarsPerCharacter && text.count <= characters
    }
}

extension URLRule {
    static let linkProblem = "must be a link with a scheme, such as myapp://cart or https://…, and not "
        + URLRule.forbiddenSchemes.sorted().map { "\($0):" }.joined(separator: ", ")
}
