/// Whether an app requires its users' IDs to be signed by the app's backend before the server
/// trusts them (HMAC-SHA256 of the user ID with the app's identity secret).
public enum IdentityVerification: String, Sendable, Hashable, Codable, CaseIterable {
    /// Signatures are ignored: any client with the subscription ID may claim any user ID.
    case off
    /// A signature, when sent, must be valid; requests without one are still served.
    case optional
    /// Every identified request needs a valid signature: inbox requests without one get 401 and
    /// pings treat the device as anonymous.
    case required
}
