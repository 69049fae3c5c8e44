import MarqueeModel
import MarqueeRender
import Testing

@Suite("HTML snapshots")
struct HTMLSnapshotTests {
    private func render(_ message: Message, theme: Theme? = .light, viewport: ViewportSize? = nil,
                        strings: RenderStrings = .english) -> String {
        HTMLRenderer(options: RenderOptions(theme: theme, viewport: viewport, personalization: SampleMessages.personalization,
                                            strings: strings))
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
}
