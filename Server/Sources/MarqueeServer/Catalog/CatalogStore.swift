import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// The one place that writes apps and campaigns: everything that changes what devices are served.
///
/// Every such write runs in one transaction with ``bumpVersion(of:on:)``, which moves the app's
/// `campaigns_version` strictly forward in the database itself. Catalogs on every instance compare
/// that version, so no change can hide behind a version that matches an older snapshot.
/// Controllers decode and authorize; they never write rows or versions themselves.
///
/// Every write also says what it changed (``Changed``): the app or campaign as the admin API shows
/// it before and after, read in the same transaction. Once the transaction commits, the store
/// hands that change to `changes`, the request's ``ChangeRecorder``, for the audit log.
struct CatalogStore: Sendable {
    let database: any Database
    let clock: any ServerClock
    let catalog: CampaignCatalog
    let directory: AppDirectory
    /// Where committed changes go (``Request/store`` passes the request's); `nil` keeps none.
    var changes: ChangeRecorder? = nil

    // MARK: - Version

    private struct VersionRow: Decodable {
        var campaigns_version: Int
    }

    /// Marks the app's campaigns as changed, inside the caller's transaction; returns the new version.
    /// The increment happens in SQL, so concurrent writers on any number of instances never lose a bump
    /// nor move the version backwards.
    @discardableResult
    func bumpVersion(of appID: UUID, on db: any Database) async throws -> Int {
        guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
        let row = try await sql.raw("""
            UPDATE \(ident: AppRecord.schema)
            SET campaigns_version = campaigns_version + 1, campaigns_changed_at = \(bind: clock.nowMillis)
            WHERE id = \(bind: appID)
            RETURNING campaigns_version
            """).first(decoding: VersionRow.self)
        guard let row else { throw CatalogError.appNotFound }
        try await ChangeListener.notify(appID, on: sql)
        return row.campaigns_version
    }

    /// Runs `body` in a write transaction that first bumps the app's version. The bump locks the
    /// app's row (PostgreSQL) or the database (SQLite) before `body` reads anything, so writers of
    /// one app run one after another and each reads what the one before it wrote.
    func changingCatalog<T: Sendable>(of appID: UUID,
                                      _ body: @escaping @Sendable (any Database) async throws -> Changed<T>) async throws -> T {
        let result = try await writing { db in
            try await bumpVersion(of: appID, on: db)
            return try await body(db)
        }
        await directory.forget(appID)
        return result
    }

    /// Runs `body` in a write transaction that changes the app's row but not its campaigns (its
    /// secrets, or deleting it). The row is locked first, so the state `body` reads is the one it
    /// changes. Every instance drops the app it holds in memory once it commits.
    func changingApp<T: Sendable>(_ appID: UUID,
                                  _ body: @escaping @Sendable (any Database) async throws -> Changed<T>) async throws -> T {
        let result = try await writing { db in
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            try await sql.raw("UPDATE \(ident: AppRecord.schema) SET id = id WHERE id = \(bind: appID)").run()
            let changed = try await body(db)
            try await ChangeListener.notify(appID, on: sql)
            return changed
        }
        await directory.forget(appID)
        return result
    }

    /// Runs `body` in a write transaction and, once it committed, hands the change it reports to
    /// the request's recorder: a change that rolled back is never reported.
    /// The change's events go to the log in the same transaction (``CatalogEventEntry``).
    func writing<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> Changed<T>) async throws -> T {
        let clock = clock
        let changed = try await database.writeTransaction { db in
            let changed = try await body(db)
            guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
            try await EventLog.append(CatalogEventEntry.entries(for: changed.change, at: clock.nowMillis), on: sql)
            return changed
        }
        changes?.record(changed.change)
        return changed.value
    }
}

/// Failures of the store that are the server's, not the client's.
enum StoreError: Error, CustomStringConvertible {
    case notSQL
    /// A migration whose data cannot be put back as it was (restore a backup instead).
    case irreversibleMigration(String)

    var description: String {
        switch self {
        case .notSQL: "the database does not speak SQL"
        case .irreversibleMigration(let name): "\(name) cannot be reverted: restore a backup taken before it"
        }
    }
}
