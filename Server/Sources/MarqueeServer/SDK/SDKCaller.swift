import Foundation
import MarqueeModel
import MarqueeWire
import Vapor

/// Who is calling an SDK route: the app its subscription ID names, the device, and what the
/// request can prove about its user. ``SDKCallerMiddleware`` resolves it once per request, before
/// any handler runs; handlers read ``Request/sdkCaller`` and get the user only through
/// ``identity(claimedBy:for:)``, so no route can use a user ID the app's identity verification
/// refuses.
struct SDKCaller: Sendable {
    let app: App
    let deviceID: String?
    /// The `Marquee-User-Signature` header, if any.
    private let signature: String?
    private let verifier: IdentityVerifier
    private let now: Date

    init(app: App, deviceID: String?, signature: String?, now: Date) {
        self.app = app
        self.deviceID = deviceID
        self.signature = signature
        self.verifier = app.identityVerifier
        self.now = now
    }

    /// What a route does with the user a request names, and so what a refused signature costs.
    enum IdentityUse: Sendable {
        /// Choosing what to show (ping, display permission): a refused user ID counts as anonymous,
        /// so the device still gets what everyone may see.
        case targeting
        /// Counting what happened (impressions, conversions): a refused user ID refuses the request
        /// (401), so nobody can write figures in another user's name.
        case recording
        /// Using one user's own data (the App Inbox, profile values): the request must name a user,
        /// and a refused user ID refuses it (401).
        case personal
    }

    /// The user the request's `userIdentifiers` name, as far as the app's verification trusts them.
    func identity(claimedBy identifiers: [UserIdentifierDTO], for use: IdentityUse) throws -> CheckedIdentity {
        let tooLong = identifiers.indices.filter { !IdentifierLimits.fits(identifiers[$0].id, IdentifierLimits.userID) }
        guard tooLong.isEmpty else {
            throw APIError.identifierTooLong(tooLong.map { "userIdentifiers[\($0)].id" }, limit: IdentifierLimits.userID)
        }
        let claimed = UserIdentifierDTO.identity(from: identifiers)
        guard let userID = claimed.userID else {
            switch use {
            case .targeting, .recording: return CheckedIdentity(identity: claimed, isVerified: false)
            case .personal:
                throw APIError(.forbidden, code: .inboxRequiresIdentity,
                               "the inbox and profiles belong to identified users: send a user ID")
            }
        }
        switch verifier.check(userID: userID, signature: signature, now: now) {
        case .verified:
            return CheckedIdentity(identity: claimed, isVerified: true)
        case .unverified:
            return CheckedIdentity(identity: claimed, isVerified: false)
        case .rejected:
            switch use {
            case .targeting: return CheckedIdentity(identity: .anonymous, isVerified: false)
            case .recording, .personal: throw APIError.identityNotVerified
            }
        }
    }
}

/// A user identity that has passed the app's identity verification as its route requires; only
/// ``SDKCaller/identity(claimedBy:for:)`` makes one.
struct CheckedIdentity: Sendable, Hashable {
    let identity: UserIdentity
    /// Whether a valid signature proved the user ID: values only that user may read (their
    /// attributes) need it.
    let isVerified: Bool

    fileprivate init(identity: UserIdentity, isVerified: Bool) {
        self.identity = identity
        self.isVerified = isVerified
    }

    /// The user ID of a ``SDKCaller/IdentityUse/personal`` identity, which always has one.
    var userID: String {
        identity.userID ?? ""
    }
}

extension APIError {
    /// A device's identifier over its limit (``IdentifierLimits``).
    static func identifierTooLong(_ fields: [String], limit: Int) -> APIError {
        APIError(.badRequest, code: .identifierTooLong, "identifiers are limited to \(limit) bytes of UTF-8",
                 fields: fields.map { ValidationIssue(field: $0, message: "is longer than \(limit) bytes of UTF-8") })
    }

    static let identityNotVerified = APIError(
        .unauthorized, code: .identityNotVerified,
        "the user ID's signature (\(ProtocolHeader.userSignature)) is missing or invalid")
}
