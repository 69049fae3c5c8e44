import MarqueeModel
import MarqueeRender
import MarqueeTesting
import Testing

@Suite("HTML snapshots")
struct HTMLSnapshotTests {
    private func render(_ message: Message, theme: Theme? = .light, viewport: ViewportSize? = nil,
                        strings: RenderStrings = .english, styleDefaults: StyleDefaults = StyleDefaults()) -> String {
        HTMLRenderer(options: RenderOptions(theme: theme, viewport: viewport, personalization: SampleMessages.personalization,
                                            strings: strings, styleDefaults: styleDefaults))
            .render(message)
    }

    @Test("every kind in light and dark", arguments: MessageKind.allCases, [Theme.light, .dark])
    func everyKind(kind: MessageKind, theme: Theme) {
        let html = render(SampleMessages.message(kind), theme: theme)
        Snapshot.assertMatches(html, named: "html-\(kind.rawValue)-\(theme.rawValue).html")
    }

    @Test("automatic theme follows prefers-color-scheme")
    func automaticTheme() {
        let html = render(SampleMessages.message(.modal), theme: nil)
        Snapshot.assertMatches(html, named: "html-modal-automatic.html")
    }

    @Test("slide-up from each edge", arguments: [SlideEdge?.none] + SlideEdge.allCases.map(Optional.some))
    func slideEdges(edge: SlideEdge?) {
        var message = SampleMessages.message(.slideUp)
        message.slideFrom = edge
        Snapshot.assertMatches(render(message), named: "html-slideUp-\(edge?.rawValue ?? "default").html")
    }

    @Test("banner at the bottom without auto-close")
    func bannerBottom() {
        var message = SampleMessages.message(.banner)
        message.banner = BannerSettings(placement: .bottom, icon: .comment, autoCloseSeconds: nil)
        Snapshot.assertMatches(render(message), named: "html-banner-bottom.html")
    }

    @Test("tooltip at each position", arguments: TooltipPosition.allCases)
    func tooltipPositions(position: TooltipPosition) {
        var message = SampleMessages.message(.tooltip)
        message.tooltip?.position = position
        Snapshot.assertMatches(render(message), named: "html-tooltip-\(position.rawValue).html")
    }

    @Test("right-to-left modal on a landscape viewport")
    func rightToLeftLandscape() {
        var message = SampleMessages.message(.modal)
        message.title = "مرحبا %%first_name%%"
        message.body = "خصم عشرين بالمئة على كل شيء"
        message.textAlignment = .justified
        message.appearance.layoutDirection = .rightToLeft
        Snapshot.assertMatches(render(message, viewport: .phoneLandscape), named: "html-modal-rtl-landscape.html")
    }

    @Test("app style defaults on a modal, under the campaign's own fonts and colours")
    func styleDefaults() throws {
        var message = SampleMessages.message(.modal)
        message.colors.body = HexColor("#7C2D12")!
        let html = render(message, styleDefaults: SampleMessages.appStyle)

        Snapshot.assertMatches(html, named: "html-modal-styled.html")
        #expect(html.contains("#marquee-root { padding-top: 32px; padding-bottom: 32px; padding-inline-start: 16px; padding-inline-end: 16px; }"))
        #expect(html.contains("#marquee-message { max-width: min(100%, 340px); max-height: min(100%, 600px); overflow: auto; border-radius: 4px; }"))
        #expect(html.contains("#marquee-root .mq-button { font-size: 15px; border-radius: 22px; min-height: 48px; }"))
        // The sample names its own fonts; the campaign's win over the app's Georgia.
        #expect(html.contains(#"--mq-title-font: "Avenir Next", "#))
        #expect(!html.contains("Georgia"))
        // The title kept the model's black, so the app's colour applies; the body's own colour wins.
        #expect(html.contains("--mq-title: #0F766E;"))
        #expect(html.contains("--mq-body: #7C2D12;"))
    }

    @Test("app fonts apply where the campaign names none, and a label close control")
    func styleDefaultsWithoutCampaignFonts() {
        var defaults = SampleMessages.appStyle
        defaults[.slideUp].dismissIcon = .label
        let html = render(SampleMessages.message(.slideUp), strings: .german, styleDefaults: defaults)

        Snapshot.assertMatches(html, named: "html-slideUp-styled-german.html")
        #expect(html.contains(#"--mq-title-font: "Georgia", "#))
        #expect(html.contains(#"--mq-button-font: "Futura", "#))
        #expect(html.contains(#">Schließen</button>"#))
    }

    @Test("an image as the close control is allowed by the Content-Security-Policy")
    func dismissImage() {
        var defaults = StyleDefaults()
        defaults.all.dismissIcon = .image(url: "https://assets.example.com/close.png")
        let html = render(SampleMessages.message(.modal), styleDefaults: defaults)

        #expect(html.contains(#"<img src="https://assets.example.com/close.png" alt="" referrerpolicy="no-referrer">"#))
        #expect(html.contains("img-src https://cdn.example.com https://assets.example.com;"))
        #expect(html.contains(#"aria-label="Close""#), "the control keeps its spoken name")
    }

    @Test("Marquee's own words in German and Japanese")
    func localizedStrings() {
        let german = render(SampleMessages.message(.modal), strings: .german)
        let japanese = render(SampleMessages.message(.video), strings: .japanese)

        Snapshot.assertMatches(german, named: "html-modal-german.html")
        #expect(german.contains(#"aria-label="Schließen""#))
        #expect(german.contains("<span>Nicht mehr anzeigen</span>"))
        #expect(!german.contains("Don't show"))
        #expect(japanese.contains("この動画はここでは再生できません。"))
        #expect(japanese.contains(#"aria-label="閉じる""#))
    }

    @Test("no style defaults leave the document as it was")
    func emptyDefaultsChangeNothing() {
        let message = SampleMessages.message(.banner)
        #expect(render(message, styleDefaults: StyleDefaults(all: MessageStyle(), kinds: [.banner: MessageStyle()])) == render(message))
    }
}
