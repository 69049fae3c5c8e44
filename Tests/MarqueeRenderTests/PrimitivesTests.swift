import MarqueeModel
@testable import MarqueeRender
import Testing

@Suite("Primitives: SHA-256, display width, entities")
struct PrimitivesTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        #expect(hex(SHA256.digest(Array("".utf8))) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.base64Digest(of: "abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test("display width counts wide characters and emoji as two columns")
    func displayWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("🎉") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("🇯🇵") == 2)
        #expect(DisplayWidth.of("🏷️") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.strippingEscapes("\u{1B}[1;38;2;1;2;3mhi\u{1B}[0m") == "hi")
    }

    @Test("character references decode as browsers decode them")
    func entities() {
        #expect(HTMLEntities.decode("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &nbsp;") == "a & b <c> \"d\" 'e' \u{A0}")
        #expect(HTMLEntities.decode("&unknown; & &#0; &#x110000;") == "&unknown; & \u{FFFD} \u{FFFD}")
    }

    @Test("word wrap keeps words whole, breaks only what cannot fit, and justifies")
    func wrap() {
        let lines = TextWrapper.wrap("the quick brown fox\njumps", width: 10).map(\.text)
        #expect(lines == ["the quick", "brown fox", "jumps"])
        #expect(TextWrapper.wrap("abcdefghijkl", width: 5).map(\.text) == ["abcde", "fghij", "kl"])
        #expect(TextWrapper.wrap("漢字漢字漢", width: 4).map(\.text) == ["漢字", "漢字", "漢"])
        let line = TextWrapper.Line(text: "a b c", endsParagraph: false)
        #expect(TextWrapper.align(line, width: 9, alignment: .justified, rightToLeft: false) == "a   b   c")
        #expect(TextWrapper.truncate("漢字漢字", width: 4) == "漢…")
    }

    @Test("the dark theme swaps neutrals, keeps readable brand colours and lightens unreadable ones")
    func darkPalette() throws {
        let navy = try #require(HexColor("#1E3A8A"))
        let amber = try #require(HexColor("#FBBF24"))
        let red = try #require(HexColor("#B91C1C"))
        let onWhite = ThemePalette(MessageColors(header: amber, title: navy), dark: true)
        #expect(onWhite.background.hex == "#1C1C1E")
        #expect(onWhite.title.hex == "#F2F2F7")
        #expect(onWhite.header == amber)
        #expect(onWhite.body.hex == "#E5E5EA")
        // On a brand surface the campaign's own contrast stands.
        let onRed = ThemePalette(MessageColors(title: navy, background: red), dark: true)
        #expect(onRed.background == red)
        #expect(onRed.title == navy)
        #expect(navy.contrastRatio(with: .white) > 10)
        #expect(abs(HexColor.black.contrastRatio(with: .white) - 21) < 0.001)
    }
}
