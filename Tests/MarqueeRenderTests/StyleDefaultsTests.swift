import MarqueeModel
import MarqueeRender
import Testing

@Suite("Style defaults")
struct StyleDefaultsTests {
    @Test func aKindsOwnValuesWinOverTheFallbackValueByValue() {
        var defaults = StyleDefaults()
        defaults.all = MessageStyle(padding: .all(10), maxWidth: 400, title: TextStyle(fontName: "Avenir", fontSize: 20))
        defaults[.modal] = MessageStyle(padding: StylePadding(top: 30), title: TextStyle(fontSize: 24))

        let modal = defaults.style(for: .modal)
        let banner = defaults.style(for: .banner)

        #expect(modal.padding == StylePadding(top: 30, bottom: 10, leading: 10, trailing: 10))
        #expect(modal.maxWidth == 400)
        #expect(modal.title == TextStyle(fontName: "Avenir", fontSize: 24))
        #expect(banner.padding == .all(10))
        #expect(banner.title.fontSize == 20)
        #expect(defaults.problems.isEmpty)
    }

    @Test func outOfRangeValuesAreClampedAndEachIsNamed() {
        var defaults = StyleDefaults()
        defaults.all.padding = StylePadding(top: -8)
        defaults[.modal] = MessageStyle(maxWidth: 100_000, maxHeight: .nan,
                                        title: TextStyle(fontName: "  ", fontSize: 2),
                                        button: ButtonStyle(height: 1_000), dismissIcon: .image(url: "javascript:alert(1)"))

        let style = defaults.style(for: .modal)

        #expect(style.padding.top == 0)
        #expect(style.maxWidth == 4096)
        #expect(style.maxHeight == nil, "a value that is not a number keeps Marquee's default")
        #expect(style.title.fontName == nil)
        #expect(style.title.fontSize == 6)
        #expect(style.button.height == 200)
        #expect(style.dismissIcon == .cross)
        #expect(defaults.problems.map(\.description) == [
            "all.padding.top: -8 is below 0; 0 is used",
            "modal.maxWidth: 100000 is above 4096; 4096 is used",
            "modal.maxHeight: nan is not a number of points; Marquee's default is used",
            "modal.title.fontName: an empty font name; the system font is used",
            "modal.title.fontSize: 2 is below 6; 6 is used",
            "modal.button.height: 1000 is above 200; 200 is used",
            "modal.dismissIcon: \"javascript:alert(1)\" is not an absolute http or https URL; the cross is shown",
        ])
    }

    @Test func textColoursApplyOnlyWhereTheCampaignKeptTheDefault() {
        let navy = HexColor("#1E3A8A")!
        var options = RenderOptions()
        options.styleDefaults.all.title.color = navy
        options.styleDefaults.all.body.color = navy
        let red = HexColor("#DC2626")!
        let message = Message(kind: .modal, title: "Hi", colors: MessageColors(body: red))

        let colors = options.resolvedColors(for: message)

        #expect(colors.title == navy, "the campaign left the title black, the model's default")
        #expect(colors.body == red, "the campaign's own colour wins")
        #expect(colors.background == .white)
    }
}
