@testable import MarqueeRender

/// Link extraction as it was before it was made linear, kept as the reference the property tests
/// compare ``HTMLLinkClassifier/links(in:)`` with: every piece of text is appended to every open
/// link and every tag walks all open links, quadratic when many links stay open.
enum ReferenceHTMLLinks {
    static func links(in html: String) -> [HTMLLink] {
        var links: [HTMLLink?] = []
        var open: [OpenLink] = []
        for token in ReferenceHTMLTokenizer.tokens(in: html) {
            switch token {
            case .text(let text):
                for index in open.indices { open[index].text += text }
            case .startTag(let tag):
                for index in open.indices where open[index].element == tag.name && !tag.isVoid && !tag.isSelfClosing {
                    open[index].depth += 1
                }
                guard let target = target(of: tag),
                      let type = HTMLLinkClassifier.classify(url: target.url, actionType: target.actionType) else {
                    continue
                }
                links.append(HTMLLink(url: HTMLLinkClassifier.cleaned(target.url), type: type, text: ""))
                if !tag.isVoid && !tag.isSelfClosing {
                    open.append(OpenLink(element: tag.name, resultIndex: links.count - 1))
                }
            case .endTag(let name):
                for index in open.indices.reversed() where open[index].element == name {
                    open[index].depth -= 1
                    if open[index].depth == 0 {
                        links[open[index].resultIndex]?.text = HTMLTextExtractor.collapsingWhitespace(label(open[index].text))
                        open.remove(at: index)
                    }
                }
            case .rawText, .comment:
                break
            }
        }
        for link in open { links[link.resultIndex]?.text = HTMLTextExtractor.collapsingWhitespace(label(link.text)) }
        return links.compactMap { $0 }
    }

    private static func target(of tag: HTMLStartTag) -> (url: String, actionType: String?)? {
        let actionType = tag.attribute("data-actiontype")
        if let link = tag.attribute("data-link") { return (link, actionType) }
        if tag.name == "a", let href = tag.attribute("href") { return (href, actionType) }
        if let actionType, HTMLLinkClassifier.classify(url: "", actionType: actionType) == .close { return ("", actionType) }
        return nil
    }

    private struct OpenLink {
        var element: String
        var resultIndex: Int
        var depth = 1
        var text = ""
    }
}

/// The first ``HTMLLinkClassifier/maxTextBytes`` of a link's text, cut before a character that would not fit.
private func label(_ text: String) -> String {
    var bytes = 0
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        bytes += String(scalar).utf8.count
        guard bytes <= HTMLLinkClassifier.maxTextBytes else { break }
        scalars.append(scalar)
    }
    return String(scalars)
}
