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
        walk(html, text: { current += $0 }, blockBoundary: {
            let line = collapsingWhitespace(current)
            if !line.isEmpty { lines.append(line) }
            current = ""
        })
        let last = collapsingWhitespace(current)
        if !last.isEmpty { lines.append(last) }
        return lines
    }

    /// Reads `html` as a reader sees it: `text` gets the visible text (not scripts, styles,
    /// `head` or `template`; a list item starts with "• "), `blockBoundary` is called where a
    /// block element starts or ends, and `startTag` and `endTag` see every tag.
    static func walk(_ html: String, text: (String) -> Void, blockBoundary: () -> Void,
                     startTag: (HTMLStartTag) -> Void = { _ in }, endTag: (String) -> Void = { _ in }) {
        var hiddenDepth = 0
        for token in HTMLTokenizer.tokens(in: html) {
            switch token {
            case .text(let content):
                if hiddenDepth == 0 { text(content) }
            case .rawText(let content, let element):
                if element == "textarea", hiddenDepth == 0 { text(content) }
            case .startTag(let tag):
                if tag.name == "template" || tag.name == "head" { hiddenDepth += 1 }
                if blockElements.contains(tag.name) { blockBoundary() }
                if tag.name == "li" { text("• ") }
                startTag(tag)
            case .endTag(let name):
                if (name == "template" || name == "head"), hiddenDepth > 0 { hiddenDepth -= 1 }
                endTag(name)
                if blockElements.contains(name) { blockBoundary() }
            case .comment:
                break
            }
        }
    }

    /// `text` with every run of whitespace (including no-break spaces) turned into one space, trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
