/// Where an inbox action takes the user.
public enum InboxActionType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Opens `url` in the browser.
    case browser
    /// Opens `url` inside the app.
    case deepLink
    /// Opens the app (or just closes the message in the app); no URL.
    case openApp
}

/// What tapping an inbox message or one of its buttons does.
public struct InboxAction: Sendable, Hashable, Codable {
    public var type: InboxActionType
    /// The target of `browser` and `deepLink` actions; `nil` for `openApp`.
    public var url: String?

    public init(_ type: InboxActionType, url: String? = nil) {
        self.type = type
        self.url = url
    }
}

/// A button under an inbox message: up to ``InboxContent/maxButtons`` per message.
public struct InboxButton: Sendable, Hashable, Codable {
    public var title: String
    public var action: InboxAction

    public init(title: String, action: InboxAction) {
        self.title = title
        self.action = action
    }
}
