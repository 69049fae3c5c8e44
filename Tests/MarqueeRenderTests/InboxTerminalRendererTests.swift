import Foundation
import MarqueeModel
import MarqueeRender
import Testing

/// The App Inbox in the terminal: the list and one message in full.
@Suite struct InboxTerminalRendererTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func message(_ id: String, title: String, body: String = "Body", format: InboxBodyFormat = .plain,
                         ageSeconds: TimeInterval, read: Bool = false, buttons: [InboxButton] = []) -> InboxMessage {
        var content = InboxContent(title: title, body: body)
        content.bodyFormat = format
        content.buttons = buttons
        return InboxMessage(id: id, content: content, deliveredAt: now.addingTimeInterval(-ageSeconds), isRead: read)
    }

    @Test func theListMarksUnreadShowsAgesAndCutsLongTextToItsLines() {
        let renderer = InboxTerminalRenderer(width: 40)
        let long = String(repeating: "word ", count: 40)
        let text = renderer.list([
            message("a", title: "Spring sale", body: long, ageSeconds: 2 * 3_600),
            message("b", title: "A title far too long to fit on one line of forty columns", ageSeconds: 30, read: true),
        ], now: now)
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0] == "Inbox (1 unread)")
        #expect(lines[1].hasPrefix("● 1. Spring sale"))
        #expect(lines[1].hasSuffix("2 h ago"))
        #expect(lines[2].hasPrefix("     word"), "the body is indented under the title")
        #expect(lines[3].hasSuffix("…"), "the second body line ends the cut")
        #expect(lines[4].hasPrefix("  2. A title far"))
        #expect(lines[4].contains("…") && lines[4].hasSuffix("just now"))
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    }

    @Test func anEmptyInboxSaysSoInWordsThatCanBeReplaced() {
        var labels = InboxLabels()
        labels.title = "Boîte"
        labels.empty = "Aucun message."
        #expect(InboxTerminalRenderer(labels: labels).list([], now: now) == "Boîte (0 unread)\nAucun message.")
    }

    @Test func theDetailShowsTheWholeMessageAndOnlyButtonsThatGoSomewhere() {
        let text = InboxTerminalRenderer(width: 50).detail(message(
            "a", title: "Your order shipped", body: "<p>It left <b>today</b>.</p><script>alert(1)</script>", format: .html,
            ageSeconds: 3 * 86_400, buttons: [
                InboxButton(title: "Track", action: InboxAction(.browser, url: "https://ship.example.com/1")),
                InboxButton(title: "Open app", action: InboxAction(.openApp)),
                InboxButton(title: "Order", action: InboxAction(.deepLink, url: "shop://orders/1")),
            ]), now: now)
        #expect(text.hasPrefix("3 d ago\n\nYour order shipped\n\nIt left today."))
        #expect(!text.contains("alert"), "scripts are not text")
        #expect(text.hasSuffix("[1] Track → https://ship.example.com/1\n[2] Order → shop://orders/1"))
    }
}
