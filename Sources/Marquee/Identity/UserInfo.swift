import MarqueeModel
import MarqueeWire

/// What a ``UserInfoProvider`` reports, with the protocol's rules applied: an access token needs a
/// user ID and must not come with an ID-tracking identifier, otherwise it is not sent.
struct UserInfo: Sendable, Hashable {
    var identity: UserIdentity
    /// The token to send, when the rules allow one.
    var accessToken: String?
    /// Why the provider's token was refused, to report.
    var problem: String?
    /// The host app's signature of the user ID (``SignedUserInfoProvider``), sent with every request.
    var signature: String?

    /// Reads `provider` now; no provider means the anonymous user.
    init(reading provider: (any UserInfoProvider)?) {
        self.init(readingUnsigned: provider)
        // A signature belongs to a user ID: without one there is nothing to sign.
        if identity.userID != nil, let signed = provider as? any SignedUserInfoProvider {
            signature = signed.userSignature.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    private init(readingUnsigned provider: (any UserInfoProvider)?) {
        guard let provider else {
            self.init(identity: .anonymous)
            return
        }
        let identity = UserIdentity(userID: provider.userID, idTrackingIdentifier: provider.idTrackingIdentifier)
        for (name, value) in [("user ID", identity.userID), ("ID-tracking identifier", identity.idTrackingIdentifier)] {
            if let value, !IdentifierLimits.fits(value, IdentifierLimits.userID) {
                // The server would refuse every request that names it: the device stays anonymous.
                self.init(identity: .anonymous, problem: "the \(name) is longer than \(IdentifierLimits.userID) bytes of UTF-8")
                return
            }
        }
        guard let token = provider.accessToken, !token.isEmpty else {
            self.init(identity: identity)
            return
        }
        if identity.userID == nil {
            self.init(identity: identity, problem: "an access token needs a user ID")
        } else if identity.idTrackingIdentifier != nil {
            self.init(identity: identity, problem: "an access token cannot be used with an ID-tracking identifier")
        } else {
            self.init(identity: identity, accessToken: token)
        }
    }

    init(identity: UserIdentity, accessToken: String? = nil, problem: String? = nil) {
        self.identity = identity
        self.accessToken = accessToken
        self.problem = problem
    }
}
