import MarqueeModel

/// How a message is rendered, beyond what the message itself says.
///
/// The same options drive ``HTMLRenderer`` and ``TerminalRenderer`` so that a preview in the
/// dashboard, the web view on a device and the terminal simulator agree.
public struct RenderOptions: Sendable, Hashable {
    /// Overrides the message's own ``MarqueeModel/Appearance/theme``; `nil` keeps it.
    public var theme: Theme?
    /// The size of the screen the message will be shown on, when known (for previews).
    public var viewport: ViewportSize?
    /// Values for `%%name%%` and `%%name|fallback%%` placeholders, keyed by name.
    public var personalization: [String: String]
    /// The words Marquee adds around campaign text (close button, opt-out label).
    public var strings: RenderStrings
    /// Draws a placeholder for the element a tooltip points at, so a preview shows the arrow's
    /// target; presenters that overlay the real element turn it off.
    public var showsTooltipTarget: Bool
    /// The app's look for each kind, under the campaign's own values (see ``StyleDefaults``).
    public var styleDefaults: StyleDefaults
    /// Images the device holds already, by the remote URL the message names: written in as
    /// `data:` URLs, so they show without a download.
    public var inlineImages: [String: InlineImage] = [:]
    /// Renders the message as embedded content in a placement; `nil` shows it over the app.
    public var embedding: Embedding?
    /// Font files the app bundles, written into the page for the fonts the message uses.
    public var embeddedFonts: [EmbeddedFont] = []
    /// The language of the text shown (a BCP 47 tag): the document's `lang`, so a screen reader
    /// speaks it in its language. `nil` when not known.
    public var language: String?

    /// Creates render options; every argument has a default suitable for a preview.
    public init(theme: Theme? = nil, viewport: ViewportSize? = nil, personalization: [String: String] = [:],
                strings: RenderStrings = .english, showsTooltipTarget: Bool = true,
                styleDefaults: StyleDefaults = StyleDefaults()) {
        self.theme = theme
        self.viewport = viewport
        self.personalization = personalization
        self.strings = strings
        self.showsTooltipTarget = showsTooltipTarget
        self.styleDefaults = styleDefaults
    }

    /// The theme to render `message` in: the override when set, else the message's own.
    public func resolvedTheme(for message: Message) -> Theme {
        theme ?? message.appearance.theme
    }

    /// The style `message` is drawn with: the app's defaults for its kind, clamped into range.
    public func resolvedStyle(for message: Message) -> MessageStyle {
        styleDefaults.style(for: message.kind)
    }

    /// The colours `message` is drawn with: the campaign's, except title and body text it left at
    /// the model's default, which take the app's text colours.
    public func resolvedColors(for message: Message) -> MessageColors {
        let style = resolvedStyle(for: message)
        let standard = MessageColors.standard
        var colors = message.colors
        if colors.title == standard.title, let title = style.title.color { colors.title = title }
        if colors.body == standard.body, let body = style.body.color { colors.body = body }
        return colors
    }
}
