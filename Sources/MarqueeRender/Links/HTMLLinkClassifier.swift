import Foundation

/// Finds the links and action buttons in campaign HTML and decides what each one does.
///
/// The rules (the same ones the in-frame bridge applies when a user taps):
/// - An element is an action when it has a `data-link` attribute, when it is an `a` with an
///   `href`, or when its `data-actiontype` is `close` (a close button needs no URL).
///   `data-link` wins over `href`.
/// - `data-actiontype="browser" | "deep-link" | "close"` forces the type.
/// - Otherwise an `http:` or `https:` URL opens in the browser and anything else is a deep link.
/// - Links that can run code or smuggle content (`javascript:`, `vbscript:`, `data:`, `blob:`,
///   `file:`, `about:`), empty URLs and in-page anchors (`#top`) are not actions and are dropped.
public enum HTMLLinkClassifier {
    /// The most of an action's text kept, in UTF-8 bytes (cut at a character boundary): a label.
    public static let maxTextBytes = 256

    /// Schemes that never become actions.
    public static let blockedSchemes: Set<String> = ["javascript", "vbscript", "data", "blob", "file", "about"]

    /// Every action in `html`, in document order.
    ///
    /// An open action's text is everything read since its start tag, up to the end tag that
    /// closes it; it closes when as many end tags as start tags of its element name have followed
    /// it. Rather than append each piece of text to every open action and walk all open actions
    /// on every tag (quadratic for hostile HTML with many unclosed links), it keeps all text read
    /// so far in one buffer with, per element name, a running count of start minus end tags and a
    /// stack of the open actions: an action remembers where its text starts and the count just
    /// after its start tag, and only the top of its name's stack can be the one an end tag closes.
    public static func links(in html: String) -> [HTMLLink] {
        var links: [HTMLLink] = []
        var text: [UInt8] = []
        var balance: [String: Int] = [:]
        var open: [String: [OpenLink]] = [:]
        func finish(_ link: OpenLink) {
            // The label a person reads, not the rest of the document: links left open would
            // otherwise each copy everything after them (quadratic in hostile HTML).
            var end = min(text.count, link.textStart + maxTextBytes)
            while end > link.textStart, end < text.count, text[end] & 0xC0 == 0x80 { end -= 1 }
            let collected = String(decoding: text[link.textStart..<end], as: UTF8.self)
            links[link.resultIndex].text = HTMLTextExtractor.collapsingWhitespace(collected)
        }
        for token in HTMLTokenizer.tokens(in: html) {
            switch token {
            case .text(let piece):
                text.append(contentsOf: piece.utf8)
            case .startTag(let tag):
                let hasContent = !tag.isVoid && !tag.isSelfClosing
                if hasContent { balance[tag.name, default: 0] += 1 }
                guard let target = target(of: tag), let type = classify(url: target.url, actionType: target.actionType) else {
                    continue
                }
                links.append(HTMLLink(url: cleaned(target.url), type: type, text: ""))
                if hasContent {
                    let link = OpenLink(resultIndex: links.count - 1, textStart: text.count, balance: balance[tag.name, default: 0])
                    open[tag.name, default: []].append(link)
                }
            case .endTag(let name):
                balance[name, default: 0] -= 1
                // Open actions of one name have increasing start counts, so at most the last closes.
                if let last = open[name]?.last, balance[name, default: 0] < last.balance {
                    finish(last)
                    open[name]?.removeLast()
                }
            case .rawText, .comment:
                break
            }
        }
        // Elements left open at the end of the input keep the text they have.
        for stack in open.values { stack.forEach(finish) }
        return links
    }

    /// What a link with this URL and `data-actiontype` value does, or `nil` when it is not an action.
    ///
    /// - Parameters:
    ///   - url: The `data-link` or `href` value as written.
    ///   - actionType: The `data-actiontype` value, if any (case-insensitive).
    public static func classify(url: String, actionType: String?) -> HTMLLinkType? {
        let forced = actionType.flatMap(forcedType)
        if forced == .close { return .close }
        let url = cleaned(url)
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        let scheme = self.scheme(of: url)
        if let scheme, blockedSchemes.contains(scheme) { return nil }
        if let forced { return forced }
        return scheme == "http" || scheme == "https" ? .browser : .deepLink
    }

    /// The lower-cased scheme of `url`, or `nil` when it has none (a relative URL).
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return nil
        }
        return candidate.lowercased()
    }

    /// `url` as a browser reads it: tabs and newlines removed, controls and spaces trimmed.
    static func cleaned(_ url: String) -> String {
        let withoutBreaks = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        var scalars = Substring.UnicodeScalarView(withoutBreaks)
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        return String(scalars)
    }

    private static func forcedType(_ value: String) -> HTMLLinkType? {
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "browser": .browser
        case "deep-link", "deeplink": .deepLink
        case "close": .close
        default: nil
        }
    }

    private static func target(of tag: HTMLStartTag) -> (url: String, actionType: String?)? {
        let actionType = tag.attribute("data-actiontype")
        if let link = tag.attribute("data-link") { return (link, actionType) }
        if tag.name == "a", let href = tag.attribute("href") { return (href, actionType) }
        if let actionType, forcedType(actionType) == .close { return ("", actionType) }
        return nil
    }

    /// An action element whose text is still being collected.
    private struct OpenLink {
        /// Its place in the result.
        var resultIndex: Int
        /// Where its text starts in the buffer of all text read.
        var textStart: Int
        /// Start minus end tags of its element name just after its own start tag.
        var balance: Int
    }
}
