import Foundation
import MarqueeModel
@testable import MarqueeRender
import MarqueeTesting
import Testing

@Suite("HTML safety: escaping, URLs, sandbox and Content-Security-Policy")
struct HTMLSafetyTests {
    private let attack = "<script>alert(\"x\")</script>'&"

    private func render(_ message: Message, values: [String: String] = [:]) -> String {
        HTMLRenderer(options: RenderOptions(theme: .light, personalization: values)).render(message)
    }

    /// Every `<script>` element's content, in document order.
    private func scripts(in html: String) -> [String] {
        html.components(separatedBy: "<script>").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
    }

    private func policy(in html: String) throws -> String {
        let marker = "http-equiv=\"Content-Security-Policy\" content=\""
        let start = try #require(html.range(of: marker))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        return String(html[start.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
    }

    @Test("campaign text never appears unescaped, in content or attributes", arguments: MessageKind.allCases)
    func escapesCampaignText(kind: MessageKind) {
        let message = Message(kind: kind, header: attack, title: attack, body: attack,
                              image: MessageImage(url: "https://cdn.example.com/a.png", altText: attack),
                              buttons: [MessageButton(id: "\"><img src=x onerror=alert(1)>", text: attack)],
                              tooltip: TooltipSettings(targetElementID: "\"><script>alert(2)</script>"))
        let html = render(message)

        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\"><img"))
        #expect(!html.contains("\"><script"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;"))
        // Marquee's bridge is the only script element in the document.
        #expect(scripts(in: html).count == 1)
        #expect(scripts(in: html).first == MarqueeBridge.script)
    }

    @Test("placeholder values are escaped like any campaign text")
    func escapesPlaceholderValues() {
        let message = Message(kind: .modal, title: "Hi %%first_name|there%%", body: "%%missing|<b>fallback</b>%%")
        let html = render(message, values: ["first_name": "<img src=x onerror=alert(1)>"])

        #expect(!html.contains("<img src=x"))
        #expect(html.contains("Hi &lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&lt;b&gt;fallback&lt;/b&gt;"))
    }

    @Test("placeholder values inside campaign HTML are escaped before the frame sees them")
    func escapesPlaceholdersInCampaignHTML() {
        let message = Message(kind: .html, title: "T", html: "<p>Hi %%name%%</p>")
        let text = MessageText(message, values: ["name": "<script>alert(1)</script>"])

        #expect(text.html == "<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p>")
        let html = render(message, values: ["name": "<script>alert(1)</script>"])
        #expect(html.contains("Hi &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;"))
    }

    @Test("font names cannot break out of the stylesheet")
    func escapesFontNames() {
        var message = Message(kind: .modal, title: "T")
        message.appearance.titleFont = "Evil\"; } </style><script>alert(1)</script>"
        let html = render(message)

        #expect(!html.contains("</style><script>"))
        #expect(html.contains(#""Evil\"; } \3C /style\3E \3C script\3E alert(1)\3C /script\3E ""#))
    }

    @Test("only http and https media URLs are emitted", arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:image/png;base64,AAAA",
        "/relative.png", "https://user:pass@cdn.example.com/a.png", "https://cdn.example.com/a b.png",
        "https://cdn.example.com/\"onerror=\"alert(1)", "ftp://cdn.example.com/a.png", "",
    ])
    func refusesUnsafeMediaURLs(url: String) {
        let image = render(Message(kind: .modal, title: "T", image: MessageImage(url: url)))
        let video = render(Message(kind: .video, title: "T", media: MediaSettings(videoURL: url)))
        let banner = render(Message(kind: .banner, title: "T", banner: BannerSettings(backgroundImageURL: url)))

        #expect(!image.contains("<img"))
        #expect(!video.contains("<video"))
        #expect(!banner.contains("background-image"))
        for html in [image, video, banner] {
            #expect(!html.lowercased().contains("javascript:"))
            #expect(!html.contains("data:image"))
        }
    }

    @Test("http and https media URLs are emitted and allowed by the policy")
    func acceptsWebMediaURLs() throws {
        let message = Message(kind: .video, title: "T", image: MessageImage(url: "http://img.example.com:8080/p.jpg"),
                              media: MediaSettings(videoURL: "https://video.example.com/v.mp4?x=1&y=2"))
        let html = render(message)
        let csp = try policy(in: html)

        #expect(html.contains("src=\"https://video.example.com/v.mp4?x=1&amp;y=2\""))
        #expect(html.contains("poster=\"http://img.example.com:8080/p.jpg\""))
        #expect(csp.contains("media-src https://video.example.com;"))
        #expect(csp.contains("img-src http://img.example.com:8080;"))
    }

    @Test("the policy allows exactly the bridge script and the stylesheet, by hash", arguments: MessageKind.allCases.filter { $0 != .html })
    func policyPinsBridgeAndStyle(kind: MessageKind) throws {
        let html = render(SampleMessages.message(kind))
        let csp = try policy(in: html)
        let style = try #require(html.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)

        #expect(csp.hasPrefix("default-src 'none'; "))
        #expect(csp.contains("script-src 'sha256-\(SHA256.base64Digest(of: MarqueeBridge.script))';"))
        #expect(csp.contains("style-src 'sha256-\(SHA256.base64Digest(of: style))';"))
        #expect(!csp.contains("unsafe"))
        #expect(csp.contains("base-uri 'none'"))
    }

    @Test("the document's policy is the one its meta tag carries, for a server to send as a header", arguments: MessageKind.allCases)
    func documentCarriesItsPolicy(kind: MessageKind) throws {
        let document = HTMLRenderer(options: RenderOptions(theme: .light)).document(SampleMessages.message(kind))

        #expect(document.html == render(SampleMessages.message(kind)))
        #expect(try policy(in: document.html) == document.contentSecurityPolicy)
    }

    @Test("an html message's frame is sandboxed and may run only hashed scripts")
    func htmlFrameIsSandboxed() throws {
        let campaignScript = "document.body.dataset.ready = \"yes\";"
        let message = Message(kind: .html, title: "Quiz", html: """
            <p onclick="alert(1)">Hi</p><script>\(campaignScript)</script><script src="https://evil.example.com/x.js"></script>
            """)
        let html = render(message)
        let csp = try policy(in: html)

        #expect(html.contains("sandbox=\"allow-scripts\""))
        #expect(!html.contains("allow-same-origin"))
        #expect(!html.contains("allow-top-navigation"))
        #expect(csp.contains("'sha256-\(SHA256.base64Digest(of: campaignScript))'"))
        #expect(csp.contains("'sha256-\(SHA256.base64Digest(of: MarqueeBridge.frameScript))'"))
        #expect(!csp.contains("unsafe-hashes"))
        #expect(!csp.contains("script-src 'unsafe-inline'"))
        #expect(!csp.contains("script-src https:"))
        // Campaign markup exists only inside the escaped srcdoc attribute.
        #expect(!html.contains("<p onclick"))
        #expect(html.contains("srcdoc=\"&lt;script&gt;"))
    }

    @Test("the frame bridge comes right after the doctype, so the page keeps standards mode")
    func frameBridgePlacement() {
        let withDoctype = FrameDocument("<!doctype html><p>x</p>")
        let withoutDoctype = FrameDocument("<p>x</p>")

        #expect(withDoctype.html.hasPrefix("<!doctype html>\n<script>(function"))
        #expect(withoutDoctype.html.hasPrefix("<script>(function"))
        #expect(withoutDoctype.html.hasSuffix("</script>\n<p>x</p>"))
    }

    @Test("right-to-left messages set dir and use logical alignment")
    func rightToLeft() {
        var message = Message(kind: .tooltip, title: "مرحبا", textAlignment: .leading,
                              tooltip: TooltipSettings(targetElementID: "cart"))
        message.appearance.layoutDirection = .rightToLeft
        let html = render(message)

        #expect(html.contains("<html dir=\"rtl\""))
        #expect(html.contains(".mq-text { text-align: start; }"))
        // The tooltip stage is physical; the bubble keeps the text direction.
        #expect(html.contains("dir=\"rtl\" class=\"mq-card\"") || html.contains("id=\"marquee-message\" dir=\"rtl\""))
        #expect(render(Message(kind: .modal, title: "Hi")).contains("<html dir=\"ltr\""))
    }

    @Test("controls carry ids, data-marquee-ids and labels")
    func accessibility() {
        let html = render(SampleMessages.message(.modal), values: SampleMessages.personalization)

        #expect(html.contains("role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"marquee-title\""))
        for id in ["marquee-close", "marquee-button-1", "marquee-button-2", "marquee-opt-out"] {
            #expect(html.contains("id=\"\(id)\""))
            #expect(html.contains("data-marquee-id=\"\(id)\""))
        }
        #expect(html.contains("aria-label=\"Close\""))
        #expect(html.contains("aria-label=\"Shop now\""))
        #expect(html.contains("aria-label=\"Don&#39;t show this again\""))
        #expect(html.contains("alt=\"Tulips in a field\""))
    }

    @Test("close and opt-out appear only when the message asks for them")
    func optionalControls() {
        let bare = render(Message(kind: .modal, title: "T", showsOptOut: false, isDismissable: false))
        let full = render(Message(kind: .modal, title: "T", showsOptOut: true, isDismissable: true))

        #expect(!bare.contains("id=\"marquee-close\""))
        #expect(!bare.contains("id=\"marquee-opt-out\""))
        #expect(bare.contains("data-dismissable=\"false\""))
        #expect(full.contains("id=\"marquee-close\""))
        #expect(full.contains("id=\"marquee-opt-out\""))
    }

    @Test("themes: explicit light and dark, automatic via media query; brand colours survive dark mode")
    func themes() {
        let plain = Message(kind: .modal, title: "T")
        let brand = Message(kind: .modal, title: "T", colors: MessageColors(title: .white, background: HexColor("#B91C1C")!))
        let renderer = { (theme: Theme?, message: Message) in
            HTMLRenderer(options: RenderOptions(theme: theme)).render(message)
        }

        #expect(renderer(.light, plain).contains("--mq-background: #FFFFFF;"))
        #expect(renderer(.dark, plain).contains("--mq-background: #1C1C1E;"))
        #expect(renderer(.dark, plain).contains("--mq-title: #F2F2F7;"))
        #expect(renderer(.dark, brand).contains("--mq-background: #B91C1C;"))
        #expect(renderer(nil, plain).contains("@media (prefers-color-scheme: dark)"))
        #expect(!renderer(.light, plain).contains("prefers-color-scheme"))
    }

    @Test("image crop maps to object-fit; auto-close becomes a data attribute")
    func cropAndAutoClose() {
        let fill = render(Message(kind: .image, title: "T", image: MessageImage(url: "https://a.example/i.png", crop: .fill),
                                  media: MediaSettings(autoCloseSeconds: 2.5)))
        let center = render(Message(kind: .image, title: "T", image: MessageImage(url: "https://a.example/i.png", crop: .center)))

        #expect(fill.contains("object-fit: cover;"))
        #expect(fill.contains("data-auto-close=\"2.5\""))
        #expect(center.contains("object-fit: contain;"))
        #expect(!center.contains("data-auto-close="))
    }
}
