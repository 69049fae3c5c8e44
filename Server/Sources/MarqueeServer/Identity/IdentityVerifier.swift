import Crypto
import Foundation
import MarqueeModel

/// Checks user-ID signatures: lower-case hex HMAC-SHA256 of the user ID (UTF-8) keyed with the
/// app's identity secret (UTF-8). The secret before the last rotation counts until its grace
/// period ends, on the injected clock.
struct IdentityVerifier: Sendable {
    var mode: IdentityVerification
    var secret: String?
    var previousSecret: String?
    var previousSecretUntil: Date?

    /// What a request's signature proves about its user ID.
    enum Outcome: Sendable, Equatable {
        /// The signature matches a secret in force.
        case verified
        /// No signature, and the app does not require one: the user ID is taken as claimed.
        case unverified
        /// The signature is wrong, or missing where required.
        case rejected
    }

    func check(userID: String, signature: String?, now: Date) -> Outcome {
        let signature = signature.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        switch mode {
        case .off:
            return .unverified
        case .optional:
            guard let signature else { return .unverified }
            return matches(userID, signature, now: now) ? .verified : .rejected
        case .required:
            guard let signature else { return .rejected }
            return matches(userID, signature, now: now) ? .verified : .rejected
        }
    }

    /// Whether the user ID may be used for targeting and test users (a rejected one may not).
    func trusts(userID: String, signature: String?, now: Date) -> Bool {
        switch check(userID: userID, signature: signature, now: now) {
        case .verified, .unverified: true
        case .rejected: false
        }
    }

    private func matches(_ userID: String, _ signature: String, now: Date) -> Bool {
        var secrets = [secret].compactMap { $0 }
        if let previousSecret, let until = previousSecretUntil, now < until { secrets.append(previousSecret) }
        // Every secret is compared, in constant time, so timing tells nothing about which matched.
        return secrets.reduce(false) { found, secret in
            Secrets.constantTimeEquals(Self.signature(of: userID, secret: secret), signature) || found
        }
    }

    /// The signature an app's backend computes for `userID`.
    static func signature(of userID: String, secret: String) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: Data(userID.utf8), using: key)
        return code.lowercaseHex
    }
}
