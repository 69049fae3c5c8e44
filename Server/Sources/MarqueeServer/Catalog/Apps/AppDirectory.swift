import Fluent
import Foundation
import NIOConcurrencyHelpers

/// The apps devices name by subscription ID, served from memory so an SDK request does not read
/// its app row from the database.
///
/// An entry is dropped whenever its app changes: by ``CatalogStore`` after its transaction
/// commits here, and by ``ChangeListener`` when another instance commits one (PostgreSQL).
/// A load that was under way when its app changed is not kept, so a row read before a commit
/// can never outlive it. While the directory cannot learn of other instances' changes (its
/// PostgreSQL listener is not connected), it keeps nothing and every request reads the row.
///
/// Held apps are read under a lock, without entering the actor: every SDK request asks, and an
/// actor hop costs more than the lookup. Changes go through the actor, one at a time.
actor AppDirectory {
    /// What a change heard by the directory concerns.
    enum Change: Sendable, Equatable {
        case app(UUID)
        /// Anything may have changed: changes made elsewhere may have been missed.
        case all
    }

    private let apps = NIOLockedValueBox<[String: App]>([:])
    private let observers = NIOLockedValueBox<[@Sendable (Change) -> Void]>([])
    /// Counts changes; a load keeps its row only if its app did not change after the load began.
    private var changes = 0
    private var lastChange: [UUID: Int] = [:]
    /// When everything was last dropped.
    private var lastReset = 0
    private var learnsOfChanges: Bool

    /// `learnsOfChanges`: true when every change reaches this directory (one process on SQLite).
    init(learnsOfChanges: Bool) {
        self.learnsOfChanges = learnsOfChanges
    }

    /// The app with `subscriptionID`, or `nil`. `database` is asked for only when the app is not held.
    nonisolated func app(subscriptionID: String, on database: @autoclosure @escaping @Sendable () -> any Database) async throws -> App? {
        // Only a directory that learns of changes holds apps.
        if let app = apps.withLockedValue({ $0[subscriptionID] }) { return app }
        return try await load(subscriptionID: subscriptionID, on: database())
    }

    private func load(subscriptionID: String, on database: any Database) async throws -> App? {
        let started = changes
        guard let record = try await AppRecord.query(on: database).filter(\.$subscriptionID == subscriptionID).first() else {
            return nil
        }
        let app = try record.app()
        if learnsOfChanges, lastReset <= started, (lastChange[app.id] ?? 0) <= started {
            apps.withLockedValue { $0[subscriptionID] = app }
        }
        return app
    }

    /// The app changed (or was deleted): its next request reads it again.
    func forget(_ appID: UUID) {
        changes += 1
        lastChange[appID] = changes
        apps.withLockedValue { $0 = $0.filter { $0.value.id != appID } }
        tell(.app(appID))
    }

    /// Calls `observer` with every change the directory hears of, from now on (the live
    /// channels' `catalog` events come from here).
    nonisolated func observe(_ observer: @escaping @Sendable (Change) -> Void) {
        observers.withLockedValue { $0.append(observer) }
    }

    private func tell(_ change: Change) {
        for observer in observers.withLockedValue({ $0 }) { observer(change) }
    }

    /// Whether changes made elsewhere reach this directory from now on; either way, everything
    /// held so far is dropped, since changes may have been missed.
    func setLearnsOfChanges(_ value: Bool) {
        changes += 1
        lastReset = changes
        lastChange.removeAll()
        apps.withLockedValue { $0.removeAll() }
        learnsOfChanges = value
        tell(.all)
    }

    /// How many apps are held, and whether changes reach this directory (tests and diagnostics).
    var count: Int { apps.withLockedValue(\.count) }
    var isLearningOfChanges: Bool { learnsOfChanges }
}
