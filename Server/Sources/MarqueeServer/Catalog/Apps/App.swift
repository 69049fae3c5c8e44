import Foundation
import MarqueeModel

/// An app that embeds the SDK, as the server's domain code sees it: a value that requests may
/// share. ``AppRecord`` is its storage; the two convert in one place (`AppRecord+App.swift`).
struct App: Sendable, Equatable {
    let id: UUID
    /// What its administrators set.
    var settings: AppSettings
    /// SHA-256 of the app secret (the secret itself is shown once and never stored).
    var secretHash: String
    /// The secrets user-ID signatures are checked with.
    var identityKeys: IdentityKeys
    /// Moves forward with every campaign change (see ``CatalogStore/bumpVersion(of:on:)``).
    var campaignsVersion: Int
    /// Milliseconds since 1970 of the last campaign change (display permission's `performPing`).
    var campaignsChangedAt: Int64
    var createdAt: Date?
    var updatedAt: Date?

    var subscriptionID: String { settings.subscriptionID }

    /// The verifier for the app's current identity settings.
    var identityVerifier: IdentityVerifier {
        IdentityVerifier(mode: settings.identityVerification, secret: identityKeys.current,
                         previousSecret: identityKeys.previous, previousSecretUntil: identityKeys.previousUntil)
    }
}

/// The secrets an app's backend signs user IDs with: the current one and, for a grace period
/// after a rotation, the one before it.
struct IdentityKeys: Sendable, Equatable {
    var current: String?
    var previous: String?
    var previousUntil: Date?

    static let noSecret = IdentityKeys(current: nil, previous: nil, previousUntil: nil)

    /// The keys after `secret` replaces the current one at `now`; the old one keeps working for
    /// `graceSeconds` (0 ends it at once).
    func rotated(to secret: String, at now: Date, graceSeconds: Int) -> IdentityKeys {
        guard let current, graceSeconds > 0 else { return IdentityKeys(current: secret, previous: nil, previousUntil: nil) }
        return IdentityKeys(current: secret, previous: current, previousUntil: now.addingTimeInterval(Double(graceSeconds)))
    }
}
