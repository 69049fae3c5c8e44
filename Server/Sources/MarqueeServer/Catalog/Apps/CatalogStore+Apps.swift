import Fluent
import Foundation
import MarqueeModel

extension CatalogStore {
    /// Creates an app with a new secret; returns the app and the secret (shown once).
    func createApp(_ settings: AppSettings) async throws -> (app: App, secret: String) {
        try Self.validate(settings)
        let identityIssues = settings.identityIssues(hasSecret: false)
        guard identityIssues.isEmpty else { throw CatalogError.invalid(identityIssues) }
        let secret = Secrets.generate(prefix: Secrets.appSecretPrefix)
        let record = AppRecord(App(id: UUID(), settings: settings, secretHash: Secrets.hash(secret), identityKeys: .noSecret,
                                   campaignsVersion: 0, campaignsChangedAt: clock.nowMillis))
        let app = try await uniquely(settings.subscriptionID, excluding: nil) {
            try await writing { db in
                try await Self.ensureUnique(settings.subscriptionID, excluding: nil, on: db)
                try await record.create(on: db)
                let app = try record.app()
                // No instance holds the new app, but each holds every app's web origins.
                try await ChangeListener.notify(app.id, on: try db.sql())
                return Changed(app, .app(app.id, before: nil, after: try CatalogChange.snapshot(of: app)))
            }
        }
        await directory.forget(app.id)
        return (app, secret)
    }

    /// Changes an app's settings to `change(current)`, where `current` is read in the same
    /// transaction, so concurrent partial updates never undo each other. `subscriptionID` is the
    /// one the request names, if any (to report a conflict with another app). Caps that campaigns
    /// still use cannot be removed.
    func updateApp(_ appID: UUID, naming subscriptionID: String?,
                   _ change: @escaping @Sendable (AppSettings) -> AppSettings) async throws -> App {
        try await uniquely(subscriptionID, excluding: appID) {
            // Caps and testers change what pings return, so this is a catalog change too.
            try await changingCatalog(of: appID) { db in
                let (record, current) = try await Self.find(appID, on: db)
                let settings = change(current.settings)
                try Self.validate(settings)
                let identityIssues = settings.identityIssues(hasSecret: current.identityKeys.current != nil)
                guard identityIssues.isEmpty else { throw CatalogError.invalid(identityIssues) }
                let inUse = try await Self.capsStillInUse(after: settings, app: current, on: db)
                guard inUse.isEmpty else {
                    throw CatalogError.invalid(inUse.map {
                        ValidationIssue(field: "frequencyCaps", message: "cap '\($0)' is used by a campaign")
                    })
                }
                try await Self.ensureUnique(settings.subscriptionID, excluding: appID, on: db)
                var app = current
                app.settings = settings
                return try await Self.save(app, over: current, in: record, on: db)
            }
        }
    }

    /// Gives the app a new secret; the old one stops working at once.
    func rotateSecret(of appID: UUID) async throws -> (app: App, secret: String) {
        let secret = Secrets.generate(prefix: Secrets.appSecretPrefix)
        let app = try await changingApp(appID) { db in
            let (record, current) = try await Self.find(appID, on: db)
            var app = current
            app.secretHash = Secrets.hash(secret)
            return try await Self.save(app, over: current, in: record, on: db)
        }
        return (app, secret)
    }

    /// Deletes the app with its campaigns and impressions (the audit keeps the app as it was).
    func deleteApp(_ appID: UUID) async throws {
        try await changingApp(appID) { db in
            let (_, current) = try await Self.find(appID, on: db)
            let before = try CatalogChange.snapshot(of: current)
            try await InboxStore.deleteAll(of: appID, on: db)
            try await ImpressionBatchRecord.query(on: db).filter(\.$appID == appID).delete()
            try await EventLog.deleteAll(of: appID, on: try db.sql())
            try await WebhookStore.deleteAll(of: appID, on: try db.sql())
            try await PairingStore.deleteAll(of: appID, on: try db.sql())
            try await CampaignRecord.query(on: db).withDeleted().filter(\.$app.$id == appID).delete(force: true)
            try await AppRecord.query(on: db).filter(\.$id == appID).delete()
            return Changed(.app(appID, before: before, after: nil))
        }
        await catalog.remove(appID: appID)
    }

    // MARK: - Rows

    /// The app's row, read in the caller's transaction, and the app it holds.
    static func find(_ appID: UUID, on db: any Database) async throws -> (AppRecord, App) {
        guard let record = try await AppRecord.find(appID, on: db) else { throw CatalogError.appNotFound }
        return (record, try record.app())
    }

    /// Writes `app` over `current` (what `record` held) and reports the change.
    static func save(_ app: App, over current: App, in record: AppRecord, on db: any Database) async throws -> Changed<App> {
        record.store(app)
        try await record.update(on: db)
        let saved = try record.app()
        return Changed(saved, .app(app.id, before: try CatalogChange.snapshot(of: current),
                                   after: try CatalogChange.snapshot(of: saved)))
    }

    // MARK: - Rules

    private static func validate(_ settings: AppSettings) throws {
        let issues = settings.validationIssues()
        guard issues.isEmpty else { throw CatalogError.invalid(issues) }
    }

    private static func ensureUnique(_ subscriptionID: String, excluding appID: UUID?, on db: any Database) async throws {
        var query = AppRecord.query(on: db).filter(\.$subscriptionID == subscriptionID)
        if let appID { query = query.filter(\.$id != appID) }
        if try await query.count() > 0 { throw conflict(subscriptionID) }
    }

    private static func conflict(_ subscriptionID: String) -> CatalogError {
        .subscriptionIDTaken(subscriptionID)
    }

    /// Runs `write`; when it fails because another request took the subscription ID meanwhile
    /// (the unique index caught it), reports the conflict instead of a server error.
    private func uniquely<T>(_ subscriptionID: String?, excluding appID: UUID?,
                             _ write: () async throws -> T) async throws -> T {
        do {
            return try await write()
        } catch let error as CatalogError {
            throw error
        } catch {
            if let subscriptionID { try await Self.ensureUnique(subscriptionID, excluding: appID, on: database) }
            throw error
        }
    }

    /// Cap ids that campaigns reference but the new settings drop.
    private static func capsStillInUse(after settings: AppSettings, app: App, on db: any Database) async throws -> [String] {
        let kept = Set(settings.frequencyCaps.map(\.id))
        let dropped = Set(app.settings.frequencyCaps.map(\.id)).subtracting(kept)
        guard !dropped.isEmpty else { return [] }
        let campaigns = try await CampaignRecord.query(on: db).filter(\.$app.$id == app.id).all()
        let used = try campaigns.flatMap { try $0.campaign().delivery.frequencyCapIDs }
        return dropped.intersection(used).sorted()
    }
}
