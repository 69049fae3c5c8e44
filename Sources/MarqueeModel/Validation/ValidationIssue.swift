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
enum URLRule {
    /// An absolute http or https URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let rest = text.drop(while: { $0 != ":" }).dropFirst(3)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains(" ")
    }

    /// Any URI with a scheme (`myapp://cart`, `https://…`).
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isLetter
            && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !text.contains(" ")
    }
}
