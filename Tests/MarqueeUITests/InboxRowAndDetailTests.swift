import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeUI
import Testing

/// What the list's rows and the detail show of a message, worded with the labels and dated by the
/// `now` they are given.
@Suite struct InboxRowAndDetailTests {
    static let delivered = Date(timeIntervalSince1970: 1_800_000_000)

    static func message(title: String = "Sale", body: String = "Ten percent off", format: InboxBodyFormat = .plain,
                        image: String? = nil, buttons: [InboxButton] = [], read: Bool = false) -> InboxMessage {
        InboxMessage(id: "m1", content: InboxContent(title: title, body: body, bodyFormat: format, imageURL: image, buttons: buttons),
                     deliveredAt: delivered, isRead: read)
    }

    @Test func aRowIsFlaggedDatedAndKeepsItsTitleOnOneLine() {
        let message = Self.message(title: "Big\nsale", body: "<p>First block</p><p>Second block</p>", format: .html,
                                   image: "https://cdn.example.com/sale.png")
        let row = InboxRow(message, labels: InboxLabels(), now: Self.delivered.addingTimeInterval(2 * 3_600 + 59))
        #expect(row.id == "m1")
        #expect(row.isUnread)
        #expect(row.time == "2 h ago")
        #expect(row.title == "Big sale")
        #expect(row.preview == "First block Second block", "an HTML body as its text, in one paragraph")
        #expect(row.imageURL == URL(string: "https://cdn.example.com/sale.png"))
        #expect(InboxRow.titleLineLimit == 1 && InboxRow.previewLineLimit == 2)
    }

    @Test func aRowUsesTheAppsWords() {
        var labels = InboxLabels()
        labels.minutesAgo = "il y a %d min"
        let row = InboxRow(Self.message(read: true), labels: labels, now: Self.delivered.addingTimeInterval(5 * 60))
        #expect(row.time == "il y a 5 min")
        #expect(row.isUnread == false)
    }

    @Test func anImageThatIsNotAWebURLIsLeftOut() {
        let row = InboxRow(Self.message(image: "javascript:alert(1)"), labels: InboxLabels(), now: Self.delivered)
        #expect(row.imageURL == nil)
        #expect(InboxDetail(Self.message(), labels: InboxLabels(), now: Self.delivered).imageURL == nil, "the placeholder shows")
    }

    @Test func theDetailHasAButtonPerLinkActionAndNoneForOpeningTheApp() {
        let web = InboxAction(.browser, url: "https://example.com/sale")
        let deep = InboxAction(.deepLink, url: "shop://sale")
        let message = Self.message(body: "Line one\nLine two", buttons: [
            InboxButton(title: "Web", action: web),
            InboxButton(title: "Back to the app", action: InboxAction(.openApp)),
            InboxButton(title: "Deep", action: deep),
        ])
        let detail = InboxDetail(message, labels: InboxLabels(), now: Self.delivered.addingTimeInterval(30))
        #expect(detail.buttons == [InboxDetailButton(id: 0, title: "Web", action: web), InboxDetailButton(id: 1, title: "Deep", action: deep)])
        #expect(detail.body == "Line one\nLine two", "the full body, lines kept")
        #expect(detail.title == "Sale")
        #expect(detail.time == "just now")
    }

    @Test func theDetailLeadsWithTheMainActionAndKeepsTheLinksOfAnHTMLBody() {
        let sale = InboxAction(.browser, url: "https://example.com/sale")
        let cart = InboxAction(.deepLink, url: "shop://cart")
        let content = InboxContent(title: "Sale", body: #"<p>See <a href="https://example.com/sale">the sale</a>.</p>"#,
                                   bodyFormat: .html, mainAction: cart, buttons: [InboxButton(title: "Web", action: sale)])
        let detail = InboxDetail(InboxMessage(id: "m1", content: content, deliveredAt: Self.delivered, isRead: false),
                                 labels: InboxLabels(), now: Self.delivered)
        #expect(detail.buttons == [InboxDetailButton(id: 0, title: "See more", action: cart, isMainAction: true),
                                   InboxDetailButton(id: 1, title: "Web", action: sale)])
        #expect(detail.body == "See the sale.")
        #expect(detail.richBody.links == [sale])
    }
}
