/// Why an App Inbox call failed.
public enum InboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user is anonymous: the inbox belongs to identified users (a user ID). No data is returned.
    case requiresIdentity
    /// The server verifies identities and refused this user ID's signature (HTTP 401).
    case identityNotVerified
    /// The SDK is not configured yet, or the server has not offered an inbox.
    case unavailable
    /// The user changed while the request was under way; its answer was kept for that user only.
    case userChanged
    /// The server answered with another error status.
    case httpStatus(Int)
    /// The request did not reach the server.
    case transport(String)
    /// The answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .requiresIdentity: "Marquee inbox: the user is anonymous; the inbox needs a user ID"
        case .identityNotVerified: "Marquee inbox: the server refused the user ID's signature"
        case .unavailable: "Marquee inbox: not configured, or the server offers no inbox"
        case .userChanged: "Marquee inbox: the user changed during the request"
        case .httpStatus(let status): "Marquee inbox: request failed with HTTP \(status)"
        case .transport(let description): "Marquee inbox: request failed: \(description)"
        case .invalidResponse(let description): "Marquee inbox: unreadable response: \(description)"
        }
    }
}
