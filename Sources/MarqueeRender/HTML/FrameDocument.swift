/// The document inside an `html` message's sandboxed frame: the campaign's HTML with Marquee's
/// frame bridge added.
///
/// The frame inherits the message document's Content-Security-Policy (a `srcdoc` document always
/// does), so the policy must name every script the frame may run. This collects the SHA-256 of
/// each inline script the campaign wrote; scripts loaded from elsewhere and inline event handler
/// attributes (`onclick=`) are not allowed, and anything injected later cannot match a hash.
struct FrameDocument: Sendable, Hashable {
    /// The `srcdoc` value (unescaped; the markup writer escapes it).
    let html: String
    /// CSP source expressions (`'sha256-…'`) for the campaign's inline scripts, in order.
    let scriptSources: [String]

    /// - Parameter campaignHTML: Campaign HTML with newlines normalized and placeholders filled.
    init(_ campaignHTML: String) {
        var sources: [String] = []
        // Hashes already listed; searching `sources` instead was quadratic in the number of scripts.
        var listed: Set<String> = []
        var inScriptWithSource = false
        for token in HTMLTokenizer.tokens(in: campaignHTML) {
            switch token {
            case .startTag(let tag) where tag.name == "script":
                inScriptWithSource = tag.attribute("src") != nil
            case .rawText(let content, let element) where element == "script" && !inScriptWithSource:
                let source = "'sha256-\(SHA256.base64Digest(of: content))'"
                if !content.isEmpty, listed.insert(source).inserted { sources.append(source) }
            case .text, .rawText, .startTag, .endTag, .comment:
                break
            }
        }
        scriptSources = sources
        html = Self.injectingBridge(into: campaignHTML)
    }

    /// Puts the bridge right after the doctype (or first, when there is none): early enough that
    /// an unclosed comment or element in the campaign HTML cannot swallow it, and after the
    /// doctype so the page keeps standards mode.
    private static func injectingBridge(into html: String) -> String {
        let bridge = "<script>\(MarqueeBridge.frameScript)</script>"
        let leading = html.prefix { $0.isWhitespace }
        let rest = html.dropFirst(leading.count)
        guard rest.prefix(9).lowercased() == "<!doctype", let end = rest.firstIndex(of: ">") else {
            return bridge + "\n" + html
        }
        let afterDoctype = rest.index(after: end)
        return String(html[..<afterDoctype]) + "\n" + bridge + String(html[afterDoctype...])
    }
}
