/// Tells the SDK who the user is. Read on demand (on every `logEvent` and `registerPreference`),
/// so return the current values each time.
///
/// An access token needs a user ID and must not come with an ID-tracking identifier; otherwise
/// the SDK reports ``MarqueeError/invalidUserInfo(_:)`` and sends no token.
public protocol UserInfoProvider: Sendable {
    /// The signed-in user's ID; `nil` or empty for a signed-out user.
    var userID: String? { get }
    /// An ID-tracking identifier, used instead of a user ID and access token.
    var idTrackingIdentifier: String? { get }
    /// An OAuth2 access token sent as `Authorization: OAuth2 <token>`.
    var accessToken: String? { get }
}

extension UserInfoProvider {
    /// No user ID.
    public var userID: String? { nil }
    /// No ID-tracking identifier.
    public var idTrackingIdentifier: String? { nil }
    /// No access token.
    public var accessToken: String? { nil }
}
