import Foundation
import MarqueeModel

/// A survey's responses as CSV: one row per display, oldest first, with its time, arm and user,
/// then a column per question (choice labels joined by `; `, a score, or the text).
///
/// Answers are what users typed: every cell is quoted as RFC 4180 asks, and one that a
/// spreadsheet would run as a formula (`=`, `+`, `-`, `@`, also after white space or control
/// characters; tab, return) starts with `'` (``cell(_:)``).
struct SurveyExport {
    let survey: Survey

    var header: String {
        (["response", "answeredAt", "variant", "user"] + survey.questions.map(\.id)).map(Self.cell).joined(separator: ",") + "\r\n"
    }

    func row(_ response: SurveyResponses.ExportedResponse) -> String {
        let date = Date(timeIntervalSince1970: Double(response.answeredAt) / 1000)
        let answers = survey.questions.map { question -> String in
            let values = response.values[question.id] ?? []
            guard question.kind.hasChoices else { return values.joined(separator: "; ") }
            let labels = Dictionary(question.choices.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
            // In the survey's order, whatever order the rows came in.
            return question.choices.map(\.id).filter(values.contains).map { labels[$0] ?? $0 }.joined(separator: "; ")
        }
        let fields = [response.id.uuidString.lowercased(), date.formatted(.iso8601), response.variant,
                      Self.user(fromKey: response.userKey)] + answers
        return fields.map(Self.cell).joined(separator: ",") + "\r\n"
    }

    /// The user ID a stored identity key names, else its tracking identifier; empty for no one.
    static func user(fromKey key: String) -> String {
        guard key.hasPrefix("u:"), let separator = key.range(of: "|t:") else { return "" }
        let userID = String(key[key.index(key.startIndex, offsetBy: 2)..<separator.lowerBound])
        return userID.isEmpty ? String(key[separator.upperBound...]) : userID
    }

    /// `text` quoted, with `'` in front when a spreadsheet could read it as a formula: when it starts
    /// with tab or return, or its first character after white space and control characters (which
    /// spreadsheets skip: `"\n=1+1"`) is `=`, `+`, `-` or `@`.
    static func cell(_ text: String) -> String {
        var value = text
        let scalars = value.unicodeScalars
        let lead = scalars.first { !($0.properties.isWhitespace || $0.properties.generalCategory == .control
                                     || $0.properties.generalCategory == .format) }
        if let first = scalars.first, "\t\r".unicodeScalars.contains(first) || lead.map({ "=+-@".unicodeScalars.contains($0) }) == true {
            value = "'" + value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
