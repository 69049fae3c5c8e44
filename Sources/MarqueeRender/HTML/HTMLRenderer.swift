import MarqueeModel

/// Renders a message as one self-contained HTML document.
///
/// The document has inline CSS, Marquee's bridge script (see ``BridgeMessage``) and nothing
/// external except the message's own image and video URLs. The dashboard preview and the web SDK
/// load it in an iframe, served by the server; the Apple presenter loads it in a web view with a
/// `marquee` script message handler.
///
/// Campaign text is always HTML-escaped, in content and attributes alike; placeholders are
/// filled first (``Personalizer``) so their values are escaped too. Media URLs must be absolute
/// `http`/`https`. Only `html` messages carry campaign markup, and it lives in an `<iframe srcdoc>`
/// sandboxed with `allow-scripts` only, never `allow-same-origin`. A Content-Security-Policy
/// allows no script but Marquee's own (and, in an `html` message's frame, the campaign's inline
/// scripts, by hash).
///
/// The app's ``StyleDefaults`` (``RenderOptions/styleDefaults``) fill in what the campaign leaves
/// open: sizes, padding, corner radii, fonts and text colours it did not set, and the close icon.
///
/// ```swift
/// let html = HTMLRenderer(options: RenderOptions(theme: .dark, personalization: ["first_name": "Ada"]))
///     .render(campaign.message)
/// ```
public struct HTMLRenderer: Sendable {
    /// How messages are rendered.
    public var options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The complete HTML document for `message`.
    public func render(_ message: Message) -> String {
        document(message).html
    }

    /// The complete HTML document for `message`, with the Content-Security-Policy its `<meta>`
    /// tag carries, for a server that sends the policy as a header too.
    public func document(_ message: Message) -> RenderedDocument {
        let text = MessageText(message, values: options.personalization)
        let markup = MessageMarkup(message: message, text: text, options: options)
        let theme = options.resolvedTheme(for: message)
        let stylesheet = MessageStylesheet(markup: markup, theme: theme).css
        let policy = ContentSecurityPolicy(markup: markup, stylesheet: stylesheet)
        let colorScheme = switch theme {
        case .automatic: "light dark"
        case .light: "light"
        case .dark: "dark"
        }
        let head: Markup = .tag("head", [], [
            .tag("meta", [Markup.Attribute("charset", "utf-8")]),
            .tag("meta", [Markup.Attribute("http-equiv", "Content-Security-Policy"), Markup.Attribute("content", policy.value)]),
            .tag("meta", [Markup.Attribute("name", "viewport"),
                          Markup.Attribute("content", "width=device-width, initial-scale=1, viewport-fit=cover")]),
            .tag("meta", [Markup.Attribute("name", "color-scheme"), Markup.Attribute("content", colorScheme)]),
            .tag("meta", [Markup.Attribute("name", "referrer"), Markup.Attribute("content", "no-referrer")]),
            .tag("title", [], [.text(text.title)]),
            .tag("style", [], [.trusted(stylesheet)]),
        ])
        let body: Markup = .tag("body", [], [
            markup.root,
            .tag("script", [], [.trusted(MarqueeBridge.script)]),
        ])
        let page: Markup = .tag("html", [
            options.language.map { Markup.Attribute("lang", $0) },
            Markup.Attribute("dir", markup.isRightToLeft ? "rtl" : "ltr"),
            Markup.Attribute("data-marquee-theme", theme.rawValue),
        ].compactMap { $0 }, [head, body])
        return RenderedDocument(html: "<!DOCTYPE html>\n" + page.html() + "\n", contentSecurityPolicy: policy.value)
    }
}
