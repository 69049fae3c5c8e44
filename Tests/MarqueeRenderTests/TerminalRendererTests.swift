import MarqueeModel
import MarqueeRender
import MarqueeTesting
import Testing

@Suite("Terminal renderer")
struct TerminalRendererTests {
    /// Messages that stress wrapping: long words, CJK, emoji, RTL, many controls.
    static let stressMessages: [Message] = MessageKind.allCases.flatMap { kind -> [Message] in
        var wide = SampleMessages.message(kind)
        wide.title = "超级促销活动 🎉🎉 今天所有商品八折优惠 👍🏽🇯🇵 Supercalifragilisticexpialidocious"
        wide.body = "مرحبا بكم في متجرنا الجديد — https://very-long-domain-name.example.com/path/to/a/page"
        wide.buttons = [MessageButton(id: "a", text: "立即购买立即购买立即购买立即购买"), SampleMessages.later]
        wide.showsOptOut = true
        wide.appearance.layoutDirection = .rightToLeft
        wide.tooltip = TooltipSettings(targetElementID: String(repeating: "very-long-element-id-", count: 5),
                                       position: .right, redirectURL: "shop://x", autoDisappearSeconds: 3)
        var justified = SampleMessages.message(kind)
        justified.textAlignment = .justified
        return [SampleMessages.message(kind), wide, justified]
    }

    @Test("no line is wider than the terminal", arguments: [16, 20, 23, 31, 40, 57, 80, 132])
    func respectsWidth(width: Int) {
        for message in Self.stressMessages {
            for color in [false, true] {
                let lines = TerminalRenderer(width: width, useColor: color).lines(for: message)
                #expect(!lines.isEmpty)
                for line in lines {
                    let columns = DisplayWidth.of(DisplayWidth.strippingEscapes(line))
                    #expect(columns <= width, "\(message.kind) at \(width): \(columns) columns in \(line)")
                }
            }
        }
    }

    @Test("no escape sequences without colour, 24-bit colour with it")
    func colourSwitch() {
        for message in Self.stressMessages {
            let plain = TerminalRenderer(width: 60, useColor: false).render(message)
            let colored = TerminalRenderer(width: 60, useColor: true).render(message)
            #expect(!plain.contains("\u{1B}"))
            #expect(colored.contains("\u{1B}[") && colored.contains(";2;"))
            #expect(DisplayWidth.strippingEscapes(colored) == plain)
        }
    }

    @Test("campaign text cannot send escape sequences or bidi overrides to the terminal")
    func sanitizes() {
        let message = Message(kind: .modal, title: "Hi\u{1B}[2J\u{1B}]0;pwned\u{07} there\u{202E}",
                              body: "tab\there\r\nnext\u{9B}31m")
        let output = TerminalRenderer(width: 50, useColor: false).render(message)

        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("\u{07}"))
        #expect(!output.contains("\u{202E}"))
        #expect(!output.contains("\u{9B}"))
        #expect(output.contains("tab here"))
    }

    @Test("buttons, content click, opt-out and close are numbered choices")
    func choices() {
        let output = TerminalRenderer(width: 80).render(SampleMessages.message(.modal))

        #expect(output.contains("[1] Shop now  [2] Later"))
        #expect(output.contains("[c] tap message"))
        #expect(output.contains("[o] Don't show this again"))
        #expect(output.contains("[x] Close"))
        let bare = TerminalRenderer(width: 80).render(Message(kind: .modal, title: "T", isDismissable: false))
        #expect(!bare.contains("[x]"))
        #expect(!bare.contains("[o]"))
    }

    @Test("the message's own controls speak the language of the render strings")
    func localizedControls() {
        let french = TerminalRenderer(width: 80, options: RenderOptions(strings: .french)).render(SampleMessages.message(.modal))
        let japanese = TerminalRenderer(width: 80, options: RenderOptions(strings: .japanese)).render(SampleMessages.message(.modal))

        #expect(french.contains("[o] Ne plus afficher"))
        #expect(french.contains("[x] Fermer"))
        #expect(japanese.contains("[o] 今後表示しない"))
        #expect(japanese.contains("[x] 閉じる"))
    }

    @Test("the app's text colours reach the terminal where the campaign kept the default")
    func styleColours() {
        var options = RenderOptions(theme: .light)
        options.styleDefaults.all.title.color = HexColor("#0F766E")!
        let message = Message(kind: .modal, title: "Teal title", body: "Body")

        let output = TerminalRenderer(width: 40, useColor: true, options: options).render(message)

        #expect(output.contains("38;2;15;118;110"), "the title is drawn in the app's teal")
    }

    @Test("personalization is shared with the HTML renderer")
    func personalization() {
        let message = Message(kind: .slideUp, title: "Hi %%first_name|there%%")
        let named = TerminalRenderer(width: 60, options: RenderOptions(personalization: ["first_name": "Ada"])).render(message)
        let anonymous = TerminalRenderer(width: 60).render(message)

        #expect(named.contains("Hi Ada"))
        #expect(anonymous.contains("Hi there"))
    }

    @Test("html messages show their text and links, never their tags or scripts")
    func htmlText() {
        let output = TerminalRenderer(width: 70).render(SampleMessages.message(.html))

        #expect(output.contains("Hello friend!"))
        #expect(output.contains("[1] Option A (browser)"))
        #expect(output.contains("[2] Option B (deep-link)"))
        #expect(output.contains("[3] No thanks (close)"))
        #expect(!output.contains("<"))
        #expect(!output.contains("dataset"))
        #expect(!output.contains("font-family"))
    }

    @Test("positions are spelled out")
    func positions() {
        var tooltip = SampleMessages.message(.tooltip)
        tooltip.tooltip?.position = .topRight
        var banner = SampleMessages.message(.banner)
        banner.banner?.placement = .bottom

        #expect(TerminalRenderer(width: 60).render(SampleMessages.message(.tooltip)).contains("▲ points at cart-button"))
        #expect(TerminalRenderer(width: 60).render(tooltip).contains("▼ points at cart-button"))
        #expect(TerminalRenderer(width: 60).render(SampleMessages.message(.slideUp)).contains("↑ slides in from the bottom"))
        #expect(TerminalRenderer(width: 60).lines(for: banner).last?.contains("pinned to bottom · closes after 5 s") == true)
    }

    @Test("right-to-left text is aligned to the right edge")
    func rightToLeft() {
        var message = Message(kind: .fullScreen, title: "مرحبا", textAlignment: .leading, isDismissable: false)
        message.appearance.layoutDirection = .rightToLeft
        let titleLine = TerminalRenderer(width: 30).lines(for: message)[1]

        #expect(titleLine.hasSuffix("مرحبا ║"))
    }
}
