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
    /// Images the device holds already, by the remote URL the message names: written in as
    /// `data:` URLs, so they show without a download.
    public var inlineImages: [String: InlineImage] = [:]

    /// Creates render options; every argument has a default suitable for a preview.
    public init(theme: Theme? = nil, viewport: ViewportSize? = nil, personalization: [String: String] = [:],
                strings: RenderStrings = .english, showsTooltipTarget: Bool = true) {
        self.theme = theme
        self.viewport = viewport
        self.personalization = personalization
        self.strings = strings
        self.showsTooltipTarget = showsTooltipTarget
    }

    /// The theme to render `message` in: the override when set, else the message's own.
    public func resolvedTheme(for message: Message) -> Theme {
        theme ?? message.appearance.theme
    }
}
