/// Tells the SDK who the user is. Read on demand (on every `logEvent` and `registerPreference`),
/// so return the current values each time.
///
/// Every requirement must be written out, even when it is always `nil`: a provider that misspells
/// one (for example one ported from RInAppMessaging with its method names) does not compile,
/// instead of silently reporting an anonymous user or sending no token.
///
/// ```swift
/// struct CurrentUser: UserInfoProvider {
///     var userID: String? { Session.current?.userID }
///     var idTrackingIdentifier: String? { nil }
///     var accessToken: String? { Session.current?.token }
/// }
/// ```
///
/// ## Migrating from RInAppMessaging
///
/// RInAppMessaging's `UserInfoProvider` methods map one to one onto these properties:
///
/// | RInAppMessaging              | Marquee                 |
/// |------------------------------|-------------------------|
/// | `getUserId()`                | ``userID``              |
/// | `getIDTrackingIdentifier()`  | ``idTrackingIdentifier``|
/// | `getAccessToken()`           | ``accessToken``         |
///
/// An existing provider can conform by forwarding:
/// `var userID: String? { getUserId() }`, and so on.
///
/// An access token needs a user ID and must not come with an ID-tracking identifier; otherwise
/// the SDK reports ``MarqueeError/invalidUserInfo(_:)`` and sends no token.
public protocol UserInfoProvider: Sendable {
    /// The signed-in user's ID; `nil` or empty for a signed-out user. RInAppMessaging's `getUserId()`.
    var userID: String? { get }
    /// An ID-tracking identifier, used instead of a user ID and access token; `nil` when not used.
    /// RInAppMessaging's `getIDTrackingIdentifier()`.
    var idTrackingIdentifier: String? { get }
    /// An OAuth2 access token sent as `Authorization: OAuth2 <token>`; `nil` when there is none.
    /// RInAppMessaging's `getAccessToken()`.
    var accessToken: String? { get }
    /// The user's profile values for placeholders in message text: `["first_name": "Ada"]` fills
    /// `%%first_name|there%%`. Read when a message is about to show, so return current values.
    /// They stay on the device. Optional: the default is none.
    ///
    /// A placeholder takes, in order: this value, then the value the server keeps for the user
    /// (`PUT /api/v1/apps/{appID}/users/{userID}/attributes`, sent to verified users only), then
    /// the presenter's own `personalization` value, then the placeholder's fallback (an empty
    /// value counts as none). Values are text: the renderer escapes them, so `<b>` shows as
    /// written and never becomes markup.
    var attributes: [String: String] { get }
}

extension UserInfoProvider {
    public var attributes: [String: String] { [:] }
}
