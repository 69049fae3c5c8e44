import Foundation
import MarqueeModel
@testable import MarqueeRender
import Testing

/// The App Inbox as HTML: escaped text, safe links and images, every state, light and dark.
/// `InboxHTMLBrowserTests` (server package) loads the pages in a real browser.
@Suite struct InboxHTMLRendererTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let attack = #"<script>document.title='pwned'</script><img src=x onerror="document.title='pwned'">'&"#

    private func message(_ id: String, title: String = attack, body: String = attack, format: InboxBodyFormat = .plain,
                         image: String? = nil, read: Bool = false, buttons: [InboxButton] = []) -> InboxMessage {
        InboxMessage(id: id, content: InboxContent(title: title, body: body, bodyFormat: format, imageURL: image, buttons: buttons),
                     deliveredAt: now.addingTimeInterval(-7_200), isRead: read)
    }

    private func policy(in html: String) throws -> String {
        let marker = #"http-equiv="Content-Security-Policy" content=""#
        let start = try #require(html.range(of: marker))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        return String(html[start.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test func messageTextIsEscapedAndThePagesRunNoScript() throws {
        let renderer = InboxHTMLRenderer(theme: .light)
        let list = renderer.list(.loaded([message("a"), message("b", read: true)]), now: now)
        let detail = renderer.detail(message("a"), now: now)
        for html in [list, detail] {
            #expect(!html.contains("<script"), "no script element, not even an escaped one turned real")
            #expect(!html.contains("<img src=x"))
            #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
            let policy = try policy(in: html)
            #expect(policy.contains("script-src 'none'"))
            #expect(policy.contains("style-src 'sha256-\(SHA256.base64Digest(of: InboxStylesheet.css))'"))
        }
        #expect(list.contains(#"<span class="count">1 unread</span>"#))
        #expect(list.contains(#"<li class="item unread" data-index="1">"#))
        #expect(list.contains(#"<li class="item" data-index="2">"#))
        #expect(list.contains("<time>2 h ago</time>"))
    }

    @Test func imagesLoadOnlyFromTheirOwnHTTPSOrigins() throws {
        let renderer = InboxHTMLRenderer()
        let html = renderer.list(.loaded([
            message("a", title: "Good", body: "b", image: "https://cdn.example.com/a.png"),
            message("b", title: "Bad", body: "b", image: "javascript:alert(1)"),
            message("c", title: "Credentials", body: "b", image: "https://user:pass@evil.example.com/a.png"),
        ]), now: now)
        #expect(html.components(separatedBy: #"<img class="thumb""#).count == 2, "one image, the safe one")
        #expect(html.components(separatedBy: #"<span class="thumb placeholder">"#).count == 3)
        #expect(try policy(in: html).contains("img-src https://cdn.example.com;"))
        let placeholder = renderer.detail(message("b", title: "Bad", body: "b", image: "data:image/png;base64,AAAA"), now: now)
        #expect(placeholder.contains(#"<div class="hero placeholder"></div>"#))
        #expect(try policy(in: placeholder).contains("img-src 'none'"))
    }

    @Test func theDetailShowsOnlyButtonsThatGoSomewhereSafe() {
        let html = InboxHTMLRenderer().detail(message("a", title: "Shipped", body: "<p>It left <b>today</b>.</p><p>Track it.</p>",
                                                      format: .html, buttons: [
            InboxButton(title: "Track", action: InboxAction(.browser, url: "https://ship.example.com/1?a=1&b=2")),
            InboxButton(title: "Open the app", action: InboxAction(.openApp)),
            InboxButton(title: "Order", action: InboxAction(.deepLink, url: "shop://orders/1")),
            InboxButton(title: "Evil", action: InboxAction(.deepLink, url: "javascript:alert(1)")),
        ]), now: now)
        #expect(html.contains(#"<div class="body"><p>It left today.</p><p>Track it.</p></div>"#), "an HTML body shows as its text")
        #expect(html.contains(#"<nav class="actions"><a class="button" href="https://ship.example.com/1?a=1&amp;b=2">Track</a>"#
            + #"<a class="button" href="shop://orders/1">Order</a></nav>"#))
        #expect(!html.contains("Open the app") && !html.contains("javascript:"))
    }

    @Test func everyStateThemeAndDirectionHasItsMarkup() {
        var labels = InboxLabels()
        labels.empty = "Aucun message."
        let renderer = InboxHTMLRenderer(theme: .dark, direction: .rightToLeft, labels: labels)
        #expect(renderer.list(.loading, now: now).contains(#"<p class="state loading">Loading…</p>"#))
        #expect(renderer.list(.failed, now: now).contains(#"role="alert">Your messages could not be loaded.</p>"#))
        let empty = renderer.list(.loaded([]), now: now)
        #expect(empty.contains(#"<p class="state empty">Aucun message.</p>"#))
        #expect(empty.hasPrefix(#"<!doctype html><html dir="rtl" data-theme="dark">"#))
        #expect(InboxHTMLRenderer().list(.loading, now: now).hasPrefix(#"<!doctype html><html dir="ltr"><head>"#))
    }
}
