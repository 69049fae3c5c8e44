import MarqueeModel

/// A link or action button found in campaign HTML.
public struct HTMLLink: Sendable, Hashable, Codable {
    /// The target, with tabs and newlines removed and surrounding spaces trimmed; empty for a
    /// close button that names none.
    public var url: String
    /// What activating it does.
    public var type: HTMLLinkType
    /// The element's visible text, whitespace collapsed; empty for an image or icon link.
    public var text: String

    /// Creates a link.
    public init(url: String, type: HTMLLinkType, text: String) {
        self.url = url
        self.type = type
        self.text = text
    }

    /// The message action that activating this link runs.
    public var action: MessageAction {
        MessageAction(type.actionType, uri: type == .close || url.isEmpty ? nil : url)
    }
}
