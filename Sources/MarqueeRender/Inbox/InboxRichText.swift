import MarqueeModel

/// An inbox body as a native view shows it: paragraphs of text runs, some of them links.
///
/// A plain body is its lines. An HTML body is its visible text, one paragraph per block element
/// (as ``InboxContent/bodyText``), where the text of each link that leads somewhere becomes a
/// link run: `a href` and `data-link` targets, typed as campaign HTML types them
/// (``HTMLLinkClassifier``), and kept under the same rules as the detail's buttons
/// (``InboxAction/leadsSomewhere``). Anything else, `javascript:` links and close actions among
/// them, stays plain text. Work is linear in the body's length.
public struct InboxRichText: Sendable, Hashable {
    /// A piece of text, and where tapping it leads when it is a link.
    public struct Run: Sendable, Hashable {
        public var text: String
        public var link: InboxAction?

        public init(_ text: String, link: InboxAction? = nil) {
            self.text = text
            self.link = link
        }
    }

    /// The paragraphs, none of them empty.
    public var paragraphs: [[Run]]

    public init(paragraphs: [[Run]]) {
        self.paragraphs = paragraphs
    }

    /// The body of `content`.
    public init(_ content: InboxContent) {
        switch content.bodyFormat {
        case .plain:
            paragraphs = content.body.split(whereSeparator: \.isNewline).map { [Run(String($0))] }
        case .html:
            paragraphs = Self.paragraphs(inHTML: content.body)
        }
    }

    /// Every link in reading order.
    public var links: [InboxAction] {
        paragraphs.flatMap { $0.compactMap(\.link) }
    }

    private static func paragraphs(inHTML html: String) -> [[Run]] {
        var builder = ParagraphBuilder()
        // The element that opened each link still open, innermost last; only the innermost applies.
        var openLinks: [(element: String, action: InboxAction?)] = []
        HTMLTextExtractor.walk(
            html,
            text: { builder.append($0, link: openLinks.last?.action) },
            blockBoundary: { builder.endParagraph() },
            startTag: { tag in
                guard let target = linkTarget(of: tag), !tag.isVoid, !tag.isSelfClosing else { return }
                openLinks.append((tag.name, action(url: target.url, actionType: target.actionType)))
            },
            endTag: { name in
                if openLinks.last?.element == name { openLinks.removeLast() }
            })
        builder.endParagraph()
        return builder.paragraphs
    }

    private static func linkTarget(of tag: HTMLStartTag) -> (url: String, actionType: String?)? {
        if let link = tag.attribute("data-link") { return (link, tag.attribute("data-actiontype")) }
        if tag.name == "a", let href = tag.attribute("href") { return (href, tag.attribute("data-actiontype")) }
        return nil
    }

    /// The inbox action a link in campaign HTML runs, when it leads somewhere.
    private static func action(url: String, actionType: String?) -> InboxAction? {
        let action: InboxAction
        switch HTMLLinkClassifier.classify(url: url, actionType: actionType) {
        case .browser?: action = InboxAction(.browser, url: HTMLLinkClassifier.cleaned(url))
        case .deepLink?: action = InboxAction(.deepLink, url: HTMLLinkClassifier.cleaned(url))
        case .close?, nil: return nil
        }
        return action.leadsSomewhere ? action : nil
    }
}

/// Collects runs into paragraphs, collapsing whitespace across runs as a browser does. A space
/// stays on the side where it was written, so a link's text neither starts nor ends with one
/// that stood outside it.
private struct ParagraphBuilder {
    var paragraphs: [[InboxRichText.Run]] = []
    private var runs: [InboxRichText.Run] = []
    /// Whitespace was read since the last visible character: under which link (`.some(nil)`: none).
    private var pendingSpace: InboxAction??

    mutating func append(_ text: String, link: InboxAction?) {
        for character in text {
            if character.isWhitespace {
                if pendingSpace == nil { pendingSpace = .some(link) }
                continue
            }
            if let spaceLink = pendingSpace, !runs.isEmpty {
                // Between two runs, the space goes to the side it was written on.
                if spaceLink == link { add(" ", link: link) } else { runs[runs.count - 1].text.append(" ") }
            }
            pendingSpace = nil
            add(String(character), link: link)
        }
    }

    private mutating func add(_ text: String, link: InboxAction?) {
        if let last = runs.last, last.link == link {
            runs[runs.count - 1].text += text
        } else {
            runs.append(InboxRichText.Run(text, link: link))
        }
    }

    mutating func endParagraph() {
        if !runs.isEmpty { paragraphs.append(runs) }
        runs = []
        pendingSpace = nil
    }
}
