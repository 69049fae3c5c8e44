import Foundation
import MarqueeModel

/// The App Inbox as the terminal simulator draws it: a numbered list (unread mark, relative
/// delivery time, one-line title, two-line body ending in "…") and one message in full (time,
/// title, body, one numbered button per browser or deep-link action; "open app" has none).
///
/// HTML bodies are shown as their text. Every label is a parameter with the English default.
public struct InboxTerminalRenderer: Sendable {
    /// The narrowest layout; narrower widths are drawn at this one.
    public static let minimumWidth = 24

    public var width: Int
    public var labels: InboxLabels

    public init(width: Int = 60, labels: InboxLabels = InboxLabels()) {
        self.width = max(width, Self.minimumWidth)
        self.labels = labels
    }

    /// The list; messages are numbered from 1 in the order given.
    public func list(_ messages: [InboxMessage], now: Date) -> String {
        var lines = ["\(labels.title) (\(messages.filter { !$0.isRead }.count) unread)"]
        guard !messages.isEmpty else { return (lines + [labels.empty]).joined(separator: "\n") }
        for (index, message) in messages.enumerated() {
            let mark = message.isRead ? labels.read : labels.unread
            let prefix = "\(mark) \(index + 1). "
            let age = labels.relativeTime(of: message.deliveredAt, now: now)
            let titleWidth = width - DisplayWidth.of(prefix) - DisplayWidth.of(age) - 1
            lines.append(prefix + truncated(message.content.singleLineTitle, to: titleWidth, lines: 1).joined()
                         .padding(toDisplayWidth: titleWidth) + " " + age)
            let indent = String(repeating: " ", count: DisplayWidth.of(prefix))
            for line in truncated(message.content.bodyPreview, to: width - indent.count, lines: 2) { lines.append(indent + line) }
        }
        return lines.joined(separator: "\n")
    }

    /// One message in full; buttons are numbered from 1 in their order.
    public func detail(_ message: InboxMessage, now: Date) -> String {
        var lines = [labels.relativeTime(of: message.deliveredAt, now: now), ""]
        lines += TextWrapper.wrap(message.content.title, width: width).map(\.text)
        lines.append("")
        lines += TextWrapper.wrap(message.content.bodyText, width: width).map(\.text)
        let buttons = message.content.linkButtons
        if !buttons.isEmpty {
            lines.append("")
            for (index, button) in buttons.enumerated() {
                lines.append("[\(index + 1)] \(button.title) → \(button.action.url ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// At most `lines` wrapped lines of one-line `text`; the last ends in "…" when text was cut.
    private func truncated(_ text: String, to width: Int, lines count: Int) -> [String] {
        let wrapped = TextWrapper.wrap(text, width: max(width, 2)).map(\.text)
        guard wrapped.count > count else { return wrapped }
        var kept = Array(wrapped.prefix(count))
        var last = kept[count - 1]
        while DisplayWidth.of(last) + 1 > width, !last.isEmpty { last.removeLast() }
        kept[count - 1] = last + "…"
        return kept
    }
}

private extension String {
    /// Pads with spaces to `width` display columns.
    func padding(toDisplayWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
    }
}
