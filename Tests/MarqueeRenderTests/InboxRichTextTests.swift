import MarqueeModel
import MarqueeRender
import Testing

/// Inbox bodies as native views show them: paragraphs, and links that follow the detail's action rules.
@Suite struct InboxRichTextTests {
    typealias Run = InboxRichText.Run

    private func rich(_ html: String) -> InboxRichText {
        InboxRichText(InboxContent(title: "t", body: html, bodyFormat: .html))
    }

    @Test func aPlainBodyIsItsLines() {
        let text = InboxRichText(InboxContent(title: "t", body: "First line\n\nSecond <a href=\"https://x.example\">line</a>"))
        #expect(text.paragraphs == [[Run("First line")], [Run("Second <a href=\"https://x.example\">line</a>")]])
        #expect(text.links.isEmpty, "a plain body has no links, whatever it says")
    }

    @Test func htmlLinksBecomeLinkRunsTypedAsCampaignHTMLTypesThem() {
        let text = rich("""
            <h1>Spring   sale</h1>
            <p>See <a href="https://shop.example.com/sale">the <b>offers</b></a> or
            <span data-link="shop://cart" data-actiontype="deep-link">your cart</span>.</p>
            <ul><li>Free returns</li></ul>
            """)
        #expect(text.paragraphs == [
            [Run("Spring sale")],
            [Run("See "), Run("the offers", link: InboxAction(.browser, url: "https://shop.example.com/sale")), Run(" or "),
             Run("your cart", link: InboxAction(.deepLink, url: "shop://cart")), Run(".")],
            [Run("• Free returns")],
        ])
        #expect(text.links == [InboxAction(.browser, url: "https://shop.example.com/sale"), InboxAction(.deepLink, url: "shop://cart")])
    }

    @Test func linksThatLeadNowhereSafeStayText() {
        let text = rich("""
            <p><a href="javascript:alert(1)">Run</a> <a href="#top">Top</a> <a data-actiontype="close">Close</a>
            <a href="data:text/html,x">Data</a> <a href="https://">Empty host</a></p>
            <script>document.title = "x"</script><style>p { color: red }</style>
            """)
        #expect(text.links.isEmpty)
        #expect(text.paragraphs == [[Run("Run Top Close Data Empty host")]])
    }

    @Test func hostileNestingStaysLinear() {
        // Ten thousand unclosed links: each start tag is pushed once and each end tag looks at the top only.
        let html = String(repeating: #"<a href="https://x.example/a">a"#, count: 10_000) + String(repeating: "</a>", count: 10_000)
        let text = rich(html)
        #expect(text.paragraphs.count == 1)
        #expect(text.paragraphs[0].count == 1, "adjacent runs with the same link merge")
        #expect(text.paragraphs[0][0].text.count == 10_000)
    }

    @Test func theDetailsButtonsStartWithTheMainActionWhenItLeadsSomewhere() {
        var labels = InboxLabels()
        labels.mainAction = "Mehr"
        let web = InboxAction(.browser, url: "https://example.com/sale")
        var content = InboxContent(title: "t", body: "", mainAction: web,
                                   buttons: [InboxButton(title: "App", action: InboxAction(.openApp)),
                                             InboxButton(title: "Deep", action: InboxAction(.deepLink, url: "shop://x"))])
        #expect(content.detailButtons(labels: labels) == [InboxButton(title: "Mehr", action: web),
                                                          InboxButton(title: "Deep", action: InboxAction(.deepLink, url: "shop://x"))])
        content.mainAction = InboxAction(.openApp)
        #expect(content.detailButtons(labels: labels).map(\.title) == ["Deep"], "opening the app gets no button")
        content.mainAction = InboxAction(.browser, url: "javascript:alert(1)")
        #expect(content.detailButtons(labels: labels).map(\.title) == ["Deep"])
    }
}
