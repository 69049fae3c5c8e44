import MarqueeModel

/// Word wrapping and alignment by display width.
enum TextWrapper {
    /// One wrapped line and whether it ends its paragraph (justified text leaves those ragged).
    struct Line: Sendable, Hashable {
        var text: String
        var endsParagraph: Bool
    }

    /// Wraps `text` to `width` columns: newlines start paragraphs, words move whole to the next
    /// line, and a word wider than the line is broken between characters.
    static func wrap(_ text: String, width: Int) -> [Line] {
        var work = 0
        return wrap(text, width: width, work: &work)
    }

    /// ``wrap(_:width:)`` that also adds to `work` the number of characters it measured, so
    /// tests can check the cost stays linear in the input without timing anything.
    ///
    /// Each character is measured at most twice (once in its word, once more when it is the one
    /// that does not fit a broken line), and a long word's remaining width is kept by subtraction
    /// instead of re-measuring the rest after every line.
    static func wrap(_ text: String, width: Int, work: inout Int) -> [Line] {
        let width = max(width, 2)
        var lines: [Line] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0
            var paragraphLines: [String] = []
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = measure(word, work: &work)
                if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
                    current += " "
                    current += word
                    currentWidth += 1 + wordWidth
                    continue
                }
                if currentWidth > 0 {
                    paragraphLines.append(current)
                    current = ""
                    currentWidth = 0
                }
                while wordWidth > width {
                    let (head, headWidth, rest) = split(word, atWidth: width, work: &work)
                    paragraphLines.append(String(head))
                    word = rest
                    wordWidth -= headWidth
                }
                current = String(word)
                currentWidth = wordWidth
            }
            paragraphLines.append(current)
            for (index, line) in paragraphLines.enumerated() {
                lines.append(Line(text: line, endsParagraph: index == paragraphLines.count - 1))
            }
        }
        return lines
    }

    /// `line` padded with spaces to exactly `width` columns, placed by `alignment`.
    ///
    /// Leading and trailing follow the direction: in right-to-left text, leading is the right edge.
    static func align(_ line: Line, width: Int, alignment: TextAlignment, rightToLeft: Bool) -> String {
        let slack = max(0, width - DisplayWidth.of(line.text))
        switch alignment {
        case .center:
            return String(repeating: " ", count: slack / 2) + line.text + String(repeating: " ", count: slack - slack / 2)
        case .leading, .trailing:
            let alignsRight = (alignment == .trailing) != rightToLeft
            return alignsRight
                ? String(repeating: " ", count: slack) + line.text
                : line.text + String(repeating: " ", count: slack)
        case .justified:
            let words = line.text.split(separator: " ")
            guard !line.endsParagraph, words.count > 1, slack > 0 else {
                return align(line, width: width, alignment: .leading, rightToLeft: rightToLeft)
            }
            let gaps = words.count - 1
            var result = String(words[0])
            for (index, word) in words.dropFirst().enumerated() {
                let extra = slack / gaps + (index < slack % gaps ? 1 : 0)
                result += String(repeating: " ", count: 1 + extra) + word
            }
            return result
        }
    }

    /// `text` cut to `width` columns, ending in `…` when something was cut.
    static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return String(repeating: ".", count: max(0, width)) }
        var work = 0
        var (head, headWidth, _) = split(Substring(text), atWidth: width - 1, work: &work)
        // Only a first character wider than the room overshoots; dropping it leaves nothing.
        while headWidth > width - 1, let last = head.last {
            headWidth -= DisplayWidth.of(last)
            head = head.dropLast()
        }
        return String(head) + "…"
    }

    /// The columns `text` occupies, adding the characters measured to `work`.
    private static func measure(_ text: Substring, work: inout Int) -> Int {
        var columns = 0
        for character in text {
            columns += DisplayWidth.of(character)
            work += 1
        }
        return columns
    }

    /// The longest prefix of `text` that fits in `width` columns (at least one character, so
    /// wrapping always makes progress), its width, and the rest. Measures only the prefix and
    /// the character after it.
    private static func split(_ text: Substring, atWidth width: Int, work: inout Int)
        -> (head: Substring, headWidth: Int, rest: Substring) {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let characterWidth = DisplayWidth.of(text[end])
            work += 1
            if used + characterWidth > width, end > text.startIndex { break }
            used += characterWidth
            end = text.index(after: end)
            if used >= width { break }
        }
        return (text[..<end], used, text[end...])
    }
}
