import Foundation
import MarqueeModel
import MarqueeRender
import Testing

/// The app's bundled fonts travel inside the page a message is drawn in, only those it uses, and
/// the Content-Security-Policy lets exactly them load.
struct EmbeddedFontTests {
    /// The first bytes of a TrueType file, enough to be recognised.
    static let trueType = Data([0x00, 0x01, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x80])

    static func modal(titleFont: String?) -> Message {
        var message = Message(kind: .modal, title: "Sale")
        message.appearance.titleFont = titleFont
        return message
    }

    static func render(_ message: Message, fonts: [EmbeddedFont]) -> String {
        var options = RenderOptions(theme: .light)
        options.embeddedFonts = fonts
        return HTMLRenderer(options: options).render(message)
    }

    @Test func onlyFontFilesAreAccepted() {
        #expect(EmbeddedFont(family: "Brand", data: Self.trueType)?.mimeType == "font/ttf")
        #expect(EmbeddedFont(family: "Brand", data: Data("OTTO....".utf8))?.mimeType == "font/otf")
        #expect(EmbeddedFont(family: "Brand", data: Data("wOF2....".utf8))?.mimeType == "font/woff2")
        #expect(EmbeddedFont(family: "Brand", data: Data("<svg>".utf8)) == nil, "not a font")
        #expect(EmbeddedFont(family: "  ", data: Self.trueType) == nil, "no name to use it by")
        #expect(EmbeddedFont(family: "Brand", data: Self.trueType + Data(count: EmbeddedFont.maxBytes)) == nil, "too large to carry")
    }

    /// Japanese and Chinese families are 5 to 20 MB: a 20 MB font is carried, not left to the system.
    @Test func aCJKSizedFontIsCarried() throws {
        let cjkSized = Data("OTTO".utf8) + Data(count: 20_000_000 - 4)
        let font = try #require(EmbeddedFont(family: "Noto Sans JP", data: cjkSized))
        #expect(font.mimeType == "font/otf" && font.data.count == 20_000_000)
    }

    @Test func aFontTheMessageUsesIsInThePageAndThePolicyLetsItLoad() throws {
        let font = try #require(EmbeddedFont(family: "Brand Sans", data: Self.trueType))
        let other = try #require(EmbeddedFont(family: "Other", data: Self.trueType))
        let html = Self.render(Self.modal(titleFont: "brand sans"), fonts: [font, other])
        #expect(html.contains(#"@font-face { font-family: "Brand Sans"; src: url("data:font/ttf;base64,\#(Self.trueType.base64EncodedString())"); }"#),
                "CSS matches family names without regard to case")
        #expect(!html.contains(#"font-family: "Other""#), "a font the message does not use stays out")
        #expect(html.contains("font-src data:"))
    }

    @Test func withoutABundledFontThePolicyLoadsNoFont() throws {
        let font = try #require(EmbeddedFont(family: "Brand Sans", data: Self.trueType))
        let html = Self.render(Self.modal(titleFont: "Serif Display"), fonts: [font])
        #expect(!html.contains("@font-face") && !html.contains("font-src"))
    }

    @Test func aFamilyNameCannotBreakOutOfTheStylesheet() throws {
        let name = #"x"; } body { display: none } </style><script>"#
        let font = try #require(EmbeddedFont(family: name, data: Self.trueType))
        let html = Self.render(Self.modal(titleFont: name), fonts: [font])
        #expect(!html.contains("</style><script>") && !html.contains(#"x"; }"#))
    }
}
