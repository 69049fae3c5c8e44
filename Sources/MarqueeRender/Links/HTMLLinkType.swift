import MarqueeModel

/// What activating a link in an HTML message does.
///
/// The raw values are the ones campaign HTML writes in `data-actiontype`.
public enum HTMLLinkType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Opens the URL in the browser.
    case browser
    /// Opens the URL inside the app.
    case deepLink = "deep-link"
    /// Closes the message.
    case close

    /// The model action type this link runs.
    public var actionType: ActionType {
        switch self {
        case .browser: .openURL
        case .deepLink: .deepLink
        case .close: .close
        }
    }
}
