/// The Content-Security-Policy of a rendered message, delivered in a `<meta>` tag.
///
/// Scripts run only when their SHA-256 is listed: Marquee's bridge always, and for `html`
/// messages the frame bridge and the campaign's own inline scripts (the sandboxed frame inherits
/// this policy). Markup injected into the document — even if escaping ever failed — cannot run
/// script. For every kind but `html` the stylesheet is pinned by hash too and images and video
/// may load only from the message's own media origins.
struct ContentSecurityPolicy: Sendable, Hashable {
    var scriptSources: [String]
    /// `nil` allows inline styles (campaign HTML uses `style` attributes); otherwise the hash source.
    var styleSource: String?
    var imageSources: [String]
    var mediaSources: [String]
    var fontSources: [String]

    /// The policy for a message document.
    init(markup: MessageMarkup, stylesheet: String) {
        scriptSources = [MarqueeBridge.scriptSource]
        if let frame = markup.frame {
            // Campaign HTML brings its own images, fonts and styles from wherever it likes, over HTTPS.
            scriptSources += [MarqueeBridge.frameScriptSource] + frame.scriptSources
            styleSource = nil
            // The app's close image may be plain http.
            imageSources = ["https:", "data:"] + [markup.dismissImage?.origin].compactMap { $0 }.filter { $0.hasPrefix("http:") }
            mediaSources = ["https:"]
            fontSources = ["https:", "data:"]
        } else {
            styleSource = "'sha256-\(SHA256.base64Digest(of: stylesheet))'"
            var images = [markup.image?.origin, markup.bannerBackground?.origin, markup.dismissImage?.origin].compactMap { $0 }
            images = images.enumerated().filter { images.firstIndex(of: $0.element) == $0.offset }.map(\.element)
            imageSources = images
            mediaSources = [markup.video?.origin].compactMap { $0 }
            // The app's bundled fonts come inside the stylesheet, whose hash pins them.
            fontSources = markup.embeddedFonts.isEmpty ? [] : ["data:"]
        }
    }

    /// The policy text, directives separated by `; `.
    var value: String {
        func list(_ sources: [String]) -> String { sources.isEmpty ? "'none'" : sources.joined(separator: " ") }
        var directives = [
            "default-src 'none'",
            "script-src \(list(scriptSources))",
            "style-src \(styleSource ?? "'unsafe-inline' https:")",
            "img-src \(list(imageSources))",
            "media-src \(list(mediaSources))",
        ]
        if !fontSources.isEmpty { directives.append("font-src \(list(fontSources))") }
        directives += ["base-uri 'none'", "form-action 'none'"]
        return directives.joined(separator: "; ")
    }
}
