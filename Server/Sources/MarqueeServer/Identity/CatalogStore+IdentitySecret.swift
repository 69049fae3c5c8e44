import Fluent
import Foundation

extension CatalogStore {
    /// The longest grace period an old identity secret may get (30 days).
    static let maxIdentitySecretGrace = 30 * 86_400

    /// Gives the app a new identity secret. The old one, if any, keeps verifying signatures for
    /// `graceSeconds` (0 ends it at once), so app backends can switch without locking users out.
    func rotateIdentitySecret(of appID: UUID, graceSeconds: Int) async throws -> (record: AppRecord, secret: String) {
        let secret = Secrets.generate(prefix: "mqi_")
        let now = clock.now()
        let record = try await changingApp(appID) { db in
            guard let record = try await AppRecord.find(appID, on: db) else { throw APIError.notFound("app") }
            let before = try CatalogChange.snapshot(of: record)
            if let old = record.identitySecret, graceSeconds > 0 {
                record.previousIdentitySecret = old
                record.previousIdentitySecretUntil = Int64((now.timeIntervalSince1970 + Double(graceSeconds)) * 1000)
            } else {
                record.previousIdentitySecret = nil
                record.previousIdentitySecretUntil = nil
            }
            record.identitySecret = secret
            try await record.update(on: db)
            return Changed(record, .app(appID, before: before, after: try CatalogChange.snapshot(of: record)))
        }
        return (record, secret)
    }
}
