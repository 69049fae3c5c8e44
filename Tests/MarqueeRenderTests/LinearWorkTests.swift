import MarqueeModel
@testable import MarqueeRender
import Testing

/// Hostile input stays linear: huge inputs render correctly, and the wrapper and tokenizer report
/// how much work they did, which must stay within a constant per character or byte at size n and
/// at 2n. Nothing here reads a clock; a quadratic regression shows up as a broken bound (and as a
/// suite that suddenly takes minutes).
@Suite("Linear work on hostile input")
struct LinearWorkTests {
    /// Bytes the tokenizer may read per input byte: a byte is looked at by the scan that finds a
    /// token and again by the one that reads it, plus lookahead at `<`, `</` and `--`.
    static let tokenizerStepsPerByte = 8

    @Test("a 40,000-character unbreakable word wraps at width 16, each character measured at most twice",
          arguments: ["z", "漢", "👨‍👩‍👧", "e\u{301}"])
    func unbreakableWord(piece: String) {
        for count in [40_000, 80_000] {
            let word = String(repeating: piece, count: count)
            var work = 0
            let lines = TextWrapper.wrap(word, width: 16, work: &work)
            let perLine = 16 / DisplayWidth.of(piece)
            #expect(lines.count == (count + perLine - 1) / perLine)
            #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= 16 })
            #expect(lines.map(\.text).joined() == word)
            #expect(work <= 2 * count)
        }
    }

    @Test("the terminal renderer draws a 40,000-character title inside 16 columns")
    func terminalTitle() {
        let title = String(repeating: "z", count: 40_000)
        let lines = TerminalRenderer(width: 16).lines(for: Message(kind: .modal, title: title))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 16 })
        // The modal's 12-column content area holds 12 characters a line; no character is lost.
        let titleLines = lines.filter { $0.contains("z") }
        #expect(titleLines.count == 40_000 / 12 + 1)
        #expect(titleLines.reduce(0) { $0 + $1.filter { $0 == "z" }.count } == 40_000)
    }

    @Test("900 KB of < is one text token per byte, read in linear work")
    func runOfLessThan() {
        let html = String(repeating: "<", count: 900_000)
        var work = 0
        let tokens = HTMLTokenizer.tokens(in: html, work: &work)
        #expect(tokens.count == 900_000)
        #expect(tokens.allSatisfy { $0 == .text("<") })
        #expect(work <= Self.tokenizerStepsPerByte * html.utf8.count)
    }

    /// Shapes that make naive tokenizers rescan: unterminated tags, quotes, comments and raw
    /// text, and one tag with thousands of distinct attributes.
    static let hostileShapes: [(name: String, unit: @Sendable (Int) -> String)] = [
        ("open tags", { _ in "<a" }),
        ("end-tag openers", { _ in "</" }),
        ("comment openers", { _ in "<!--" }),
        ("bogus comments", { _ in "<!x" }),
        ("unclosed quotes", { _ in "<a b=\"" }),
        ("unclosed script end tags", { index in index == 0 ? "<script>" : "</scrip" }),
        ("attributes", { index in index == 0 ? "<a" : " a\(index)=1" }),
        ("character references", { _ in "&#x" }),
    ]

    @Test("hostile shapes tokenize in work linear in their size", arguments: hostileShapes.indices)
    func hostileShape(index: Int) {
        let shape = Self.hostileShapes[index]
        for size in [50_000, 100_000] {
            var html = ""
            var unit = 0
            while html.utf8.count < size {
                html += shape.unit(unit)
                unit += 1
            }
            var work = 0
            _ = HTMLTokenizer.tokens(in: html, work: &work)
            #expect(work <= Self.tokenizerStepsPerByte * html.utf8.count, "\(shape.name) at \(size) bytes")
        }
    }

    @Test("a tag with 20,000 attributes keeps each, first occurrence winning")
    func manyAttributes() {
        let html = "<a" + (0..<20_000).map { " a\($0)=\($0) a\($0)=x" }.joined() + ">"
        guard case .startTag(let tag) = HTMLTokenizer.tokens(in: html).first else {
            Issue.record("no start tag")
            return
        }
        #expect(tag.attributes.count == 20_000)
        #expect(tag.attribute("a19999") == "19999")
    }

    @Test("the HTML renderer puts 900 KB of < into the frame intact")
    func htmlMessageOfLessThan() {
        let html = String(repeating: "<", count: 900_000)
        let document = Array(HTMLRenderer().render(Message(kind: .html, title: "x", html: html)).utf8)
        // The srcdoc attribute ends with the campaign HTML, each `<` escaped once.
        guard let valueStart = document.index(after: Array("srcdoc=\"".utf8)) else {
            Issue.record("no srcdoc")
            return
        }
        let valueEnd = document[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? document.endIndex
        #expect(valueEnd - 4 * html.utf8.count > valueStart)
        let tail = String(decoding: document[max(valueStart, valueEnd - 4 * html.utf8.count)..<valueEnd], as: UTF8.self)
        #expect(tail == String(repeating: "&lt;", count: html.utf8.count))
    }

    @Test("20,000 links left open and 20,000 unrelated end tags are extracted once each")
    func manyOpenLinks() {
        let html = String(repeating: "<a href=shop://x>", count: 20_000) + "go" + String(repeating: "</b>", count: 20_000)
        let links = HTMLLinkClassifier.links(in: html)
        #expect(links.count == 20_000)
        #expect(links.allSatisfy { $0 == HTMLLink(url: "shop://x", type: .deepLink, text: "go") })
    }

    @Test("20,000 placeholders and 10,000 scripts are each handled once")
    func manyPlaceholdersAndScripts() {
        let template = (0..<20_000).map { "%%n\($0)|\($0 % 10)%%" }.joined()
        #expect(Personalizer.fill(template, values: ["n5": "five"]) == (0..<20_000).map { $0 == 5 ? "five" : "\($0 % 10)" }.joined())
        #expect(Personalizer.placeholderNames(in: template).count == 20_000)
        // Half are repeats, which the policy lists once.
        let scripts = (0..<10_000).map { "<script>\($0 % 5_000)</script>" }.joined()
        #expect(FrameDocument(scripts).scriptSources.count == 5_000)
    }
}

private extension Array where Element == UInt8 {
    /// The index just after the first occurrence of `marker`.
    func index(after marker: [UInt8]) -> Int? {
        guard count >= marker.count else { return nil }
        for start in 0...(count - marker.count) where self[start..<start + marker.count].elementsEqual(marker) {
            return start + marker.count
        }
        return nil
    }
}
