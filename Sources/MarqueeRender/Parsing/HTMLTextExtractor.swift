/// Turns HTML into the text a reader sees: tags removed, scripts and styles dropped, one line
/// per block element, whitespace collapsed.
enum HTMLTextExtractor {
    /// Elements that start a new line.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
        "ol", "p", "pre", "section", "summary", "table", "tr", "ul", "body", "html", "button",
    ]

    /// The visible text of `html`, one line per block, no empty lines.
    static func lines(in html: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var hiddenDepth = 0
        func flush() {
            let line = collapsingWhitespace(current)
            if !line.isEmpty { lines.append(line) }
            current = ""
        }
        for token in HTMLTokenizer.tokens(in: html) {
            switch token {
            case .text(let text) where hiddenDepth == 0:
                current += text
            case .rawText(let text, let element) where element == "textarea" && hiddenDepth == 0:
                current += text
            case .startTag(let tag):
                if tag.name == "template" || tag.name == "head" { hiddenDepth += 1 }
                if blockElements.contains(tag.name) { flush() }
                if tag.name == "li" { current = "• " }
            case .endTag(let name):
                if (name == "template" || name == "head"), hiddenDepth > 0 { hiddenDepth -= 1 }
                if blockElements.contains(name) { flush() }
            default:
                break
            }
        }
        flush()
        return lines
    }

    /// `text` with every run of whitespace (including no-break spaces) turned into one space, trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
