/// One line of terminal output as styled runs; colour is applied (or not) only when written.
struct TerminalLine: Sendable, Hashable {
    /// A run of text in one style.
    struct Span: Sendable, Hashable {
        var text: String
        var style: TerminalStyle
    }

    var spans: [Span]

    init(_ spans: [Span] = []) {
        self.spans = spans
    }

    init(_ text: String, _ style: TerminalStyle = .plain) {
        spans = [Span(text: text, style: style)]
    }

    /// Columns the line occupies.
    var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Appends a run.
    mutating func append(_ text: String, _ style: TerminalStyle = .plain) {
        spans.append(Span(text: text, style: style))
    }

    /// Appends another line's runs.
    mutating func append(_ line: TerminalLine) {
        spans += line.spans
    }

    /// The line as text, with SGR sequences around styled runs when `color` is on; trailing
    /// unstyled spaces are dropped.
    func rendered(color: Bool) -> String {
        var output = ""
        var merged: [Span] = []
        for span in spans where !span.text.isEmpty {
            if color, let last = merged.last, last.style == span.style {
                merged[merged.count - 1].text += span.text
            } else {
                merged.append(span)
            }
        }
        for span in merged {
            let escape = color ? span.style.escape : ""
            output += escape.isEmpty ? span.text : escape + span.text + TerminalStyle.reset
        }
        while output.hasSuffix(" ") { output.removeLast() }
        return output
    }
}
