@testable import MarqueeRender

/// Text wrapping as it was before it was made linear, kept as the reference the property tests
/// compare ``TextWrapper`` with: it re-measures the rest of a long word after every line, which
/// is obviously right and quadratic in the word's length.
enum ReferenceTextWrapper {
    static func wrap(_ text: String, width: Int) -> [TextWrapper.Line] {
        let width = max(width, 2)
        var lines: [TextWrapper.Line] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0
            var paragraphLines: [String] = []
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = DisplayWidth.of(word)
                if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                    continue
                }
                if currentWidth > 0 {
                    paragraphLines.append(current)
                    current = ""
                    currentWidth = 0
                }
                while wordWidth > width {
                    let (head, rest) = split(word, atWidth: width)
                    paragraphLines.append(String(head))
                    word = rest
                    wordWidth = DisplayWidth.of(word)
                }
                current = String(word)
                currentWidth = wordWidth
            }
            paragraphLines.append(current)
            for (index, line) in paragraphLines.enumerated() {
                lines.append(TextWrapper.Line(text: line, endsParagraph: index == paragraphLines.count - 1))
            }
        }
        return lines
    }

    static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return String(repeating: ".", count: max(0, width)) }
        var head = split(Substring(text), atWidth: width - 1).head
        while DisplayWidth.of(head) > width - 1 { head = head.dropLast() }
        return String(head) + "…"
    }

    private static func split(_ text: Substring, atWidth width: Int) -> (head: Substring, rest: Substring) {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let characterWidth = DisplayWidth.of(text[end])
            if used + characterWidth > width, end > text.startIndex { break }
            used += characterWidth
            end = text.index(after: end)
            if used >= width { break }
        }
        return (text[..<end], text[end...])
    }
}
