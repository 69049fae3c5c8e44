/// A ``UserInfoProvider`` that also gives the signature of its user ID, for apps whose server
/// verifies identities (identity verification `optional` or `required`).
///
/// The app's backend computes the signature, never the app: lower-case hex HMAC-SHA256 of the
/// user ID (UTF-8) keyed with the app's identity secret, which must stay on the backend. The SDK
/// only forwards it, in the `Marquee-User-Signature` header.
///
/// ```swift
/// struct CurrentUser: SignedUserInfoProvider {
///     var userID: String? { Session.current?.userID }
///     var idTrackingIdentifier: String? { nil }
///     var accessToken: String? { nil }
///     var userSignature: String? { Session.current?.marqueeSignature } // from your backend's login response
/// }
/// ```
public protocol SignedUserInfoProvider: UserInfoProvider {
    /// The backend's signature of ``UserInfoProvider/userID``; `nil` when there is none.
    var userSignature: String? { get }
}
