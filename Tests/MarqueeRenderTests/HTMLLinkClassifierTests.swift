import MarqueeModel
import MarqueeRender
import Testing

@Suite("HTML link classification")
struct HTMLLinkClassifierTests {
    @Test("http and https open the browser; anything else is a deep link")
    func defaultRules() {
        #expect(HTMLLinkClassifier.classify(url: "https://example.com", actionType: nil) == .browser)
        #expect(HTMLLinkClassifier.classify(url: "HTTP://example.com", actionType: nil) == .browser)
        #expect(HTMLLinkClassifier.classify(url: "shop://cart", actionType: nil) == .deepLink)
        #expect(HTMLLinkClassifier.classify(url: "mailto:a@example.com", actionType: nil) == .deepLink)
        #expect(HTMLLinkClassifier.classify(url: "/relative/path", actionType: nil) == .deepLink)
    }

    @Test("data-actiontype forces the type")
    func forcedTypes() {
        #expect(HTMLLinkClassifier.classify(url: "shop://x", actionType: "browser") == .browser)
        #expect(HTMLLinkClassifier.classify(url: "https://x.example", actionType: "deep-link") == .deepLink)
        #expect(HTMLLinkClassifier.classify(url: "https://x.example", actionType: " Deep-Link ") == .deepLink)
        #expect(HTMLLinkClassifier.classify(url: "", actionType: "close") == .close)
        #expect(HTMLLinkClassifier.classify(url: "https://x.example", actionType: "nonsense") == .browser)
    }

    @Test("scripts, data, empty URLs and in-page anchors are not actions", arguments: [
        "javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\nscript:alert(1)", "vbscript:x", "data:text/html,x",
        "", "   ", "#top",
    ])
    func blocked(url: String) {
        #expect(HTMLLinkClassifier.classify(url: url, actionType: nil) == nil)
        #expect(HTMLLinkClassifier.classify(url: url, actionType: "browser") == nil)
    }

    @Test("finds data-link elements and a[href], with their text, in document order")
    func extractsLinks() {
        let html = """
            <!-- <a href="https://commented.example">no</a> -->
            <A HREF=https://shop.example.com/a?x=1&amp;y=2>Option <b>A</b></A>
            <div class="card" data-link='shop://b' data-actiontype="deep-link">
              Option   B <span>now</span>
            </div>
            <a href="https://ignored.example" data-link="shop://wins">Both</a>
            <button data-actiontype="close">No thanks</button>
            <img data-link="https://img.example" src="x.png">
            <a>No href</a>
            <a href="#top">Top</a>
            <a href="javascript:alert(1)">Bad</a>
            <script>var s = '<a href="https://in-script.example">x</a>';</script>
            <div data-link="shop://outer"><div>inner <div>deep</div></div> tail</div>
            """
        let links = HTMLLinkClassifier.links(in: html)

        #expect(links == [
            HTMLLink(url: "https://shop.example.com/a?x=1&y=2", type: .browser, text: "Option A"),
            HTMLLink(url: "shop://b", type: .deepLink, text: "Option B now"),
            HTMLLink(url: "shop://wins", type: .deepLink, text: "Both"),
            HTMLLink(url: "", type: .close, text: "No thanks"),
            HTMLLink(url: "https://img.example", type: .browser, text: ""),
            HTMLLink(url: "shop://outer", type: .deepLink, text: "inner deep tail"),
        ])
    }

    @Test("links map to message actions")
    func actions() {
        #expect(HTMLLink(url: "https://x.example", type: .browser, text: "").action == MessageAction(.openURL, uri: "https://x.example"))
        #expect(HTMLLink(url: "shop://x", type: .deepLink, text: "").action == MessageAction(.deepLink, uri: "shop://x"))
        #expect(HTMLLink(url: "https://x.example", type: .close, text: "").action == MessageAction(.close))
    }

    @Test("unclosed and malformed markup does not lose links")
    func forgiving() {
        let links = HTMLLinkClassifier.links(in: "<p><a href=shop://one>One<p><a href='https://two.example'>Two")
        #expect(links.map(\.url) == ["shop://one", "https://two.example"])
        #expect(HTMLLinkClassifier.links(in: "<a href=\"https://cut.example").isEmpty)
    }
}
