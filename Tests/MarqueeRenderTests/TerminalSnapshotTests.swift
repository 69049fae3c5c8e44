import MarqueeModel
import MarqueeRender
import MarqueeTesting
import Testing

@Suite("Terminal snapshots")
struct TerminalSnapshotTests {
    private func render(_ message: Message, width: Int = 60, color: Bool, theme: Theme = .light) -> String {
        TerminalRenderer(width: width, useColor: color,
                         options: RenderOptions(theme: theme, personalization: SampleMessages.personalization))
            .render(message) + "\n"
    }

    @Test("every kind, plain", arguments: MessageKind.allCases)
    func plain(kind: MessageKind) {
        Snapshot.assertMatches(render(SampleMessages.message(kind), color: false), named: "terminal-\(kind.rawValue).txt")
    }

    @Test("every kind in colour, light and dark", arguments: MessageKind.allCases, [Theme.light, .dark])
    func colored(kind: MessageKind, theme: Theme) {
        let text = render(SampleMessages.message(kind), color: true, theme: theme)
        Snapshot.assertMatches(text, named: "terminal-\(kind.rawValue)-\(theme.rawValue).ansi.txt")
    }

    @Test("every kind at 20 columns", arguments: MessageKind.allCases)
    func narrow(kind: MessageKind) {
        Snapshot.assertMatches(render(SampleMessages.message(kind), width: 20, color: false),
                               named: "terminal-\(kind.rawValue)-20.txt")
    }

    @Test("slide-up from each edge", arguments: SlideEdge.allCases)
    func slideEdges(edge: SlideEdge) {
        var message = SampleMessages.message(.slideUp)
        message.slideFrom = edge
        Snapshot.assertMatches(render(message, color: false), named: "terminal-slideUp-\(edge.rawValue).txt")
    }

    @Test("banner at the bottom")
    func bannerBottom() {
        var message = SampleMessages.message(.banner)
        message.banner?.placement = .bottom
        Snapshot.assertMatches(render(message, color: false), named: "terminal-banner-bottom.txt")
    }

    @Test("tooltip at each position", arguments: TooltipPosition.allCases)
    func tooltipPositions(position: TooltipPosition) {
        var message = SampleMessages.message(.tooltip)
        message.tooltip?.position = position
        Snapshot.assertMatches(render(message, color: false), named: "terminal-tooltip-\(position.rawValue).txt")
    }

    @Test("right to left with CJK and emoji")
    func rightToLeft() {
        let message = Message(kind: .slideUp, title: "限时优惠 🎉 今天所有商品八折",
                              body: "مرحبا بكم في متجرنا الجديد — عروض رائعة", textAlignment: .leading,
                              buttons: [MessageButton(id: "buy", text: "立即购买")],
                              appearance: Appearance(layoutDirection: .rightToLeft))
        Snapshot.assertMatches(render(message, width: 40, color: false), named: "terminal-rtl-cjk.txt")
    }

    @Test("a modal in German")
    func german() {
        let text = TerminalRenderer(width: 60, options: RenderOptions(personalization: SampleMessages.personalization,
                                                                       strings: .german))
            .render(SampleMessages.message(.modal)) + "\n"
        Snapshot.assertMatches(text, named: "terminal-modal-german.txt")
    }
}
