import Fluent
import Foundation

extension CatalogStore {
    /// The longest grace period an old identity secret may get (30 days).
    static let maxIdentitySecretGrace = 30 * 86_400

    /// Gives the app a new identity secret. The old one, if any, keeps verifying signatures for
    /// `graceSeconds` (0 ends it at once), so app backends can switch without locking users out.
    func rotateIdentitySecret(of appID: UUID, graceSeconds: Int) async throws -> (app: App, secret: String) {
        let secret = Secrets.generate(prefix: "mqi_")
        let now = clock.now()
        let app = try await changingApp(appID) { db in
            let (record, current) = try await Self.find(appID, on: db)
            var app = current
            app.identityKeys = current.identityKeys.rotated(to: secret, at: now, graceSeconds: graceSeconds)
            return try await Self.save(app, over: current, in: record, on: db)
        }
        return (app, secret)
    }
}
