import Fluent
import Foundation
import MarqueeModel

/// A user's stored rows as a ping reads them: each read once, then held by ``UserChanges``'
/// caches until it changes, and the profile row with the visits ``UserFactsRecorder`` has not
/// written yet applied, so what a ping sees includes the ping itself.
struct UserRows {
    /// A profile row as read, its profile decoded once (and its text not kept); `row` is `nil`
    /// for a user without one.
    struct Stored: Sendable {
        let row: UserFactsStore.Row?
        let profile: UserProfile

        init(_ row: UserFactsStore.Row?) throws {
            profile = try row?.storedProfile() ?? UserProfile()
            var facts = row
            facts?.profile = nil
            self.row = facts
        }

        private init(row: UserFactsStore.Row?, profile: UserProfile) {
            self.row = row
            self.profile = profile
        }

        /// This row once `visit` is written (``UserVisit/applied(to:)``).
        func recording(_ visit: UserVisit) -> Stored {
            Stored(row: visit.applied(to: row), profile: profile)
        }
    }

    /// Asked for only when a row is read: most identified pings read none.
    private let databaseProvider: () -> any Database
    let changes: UserChanges
    let recorder: UserFactsRecorder

    init(database: @escaping @autoclosure () -> any Database, changes: UserChanges, recorder: UserFactsRecorder) {
        databaseProvider = database
        self.changes = changes
        self.recorder = recorder
    }

    var database: any Database { databaseProvider() }

    /// The user's profile row, app facts up to date, and their profile.
    func current(appID: UUID, userID: String) async throws -> (row: UserFactsStore.Row?, profile: UserProfile) {
        let key = KeyDigest(user: userID, in: appID)
        // Unwritten visits are taken first: one written meanwhile is then in the row read next,
        // and applying it again changes nothing (``UserVisit/applied(to:)``).
        let unwritten = recorder.unwritten(key)
        let stored = try await changes.rows.value(for: key) {
            try Stored(try await UserFactsStore(database: database).row(appID: appID, userID: userID))
        }
        return (unwritten.map { $0.applied(to: stored.row) } ?? stored.row, stored.profile)
    }

    /// A user's history of the campaigns some segments read, as read for those campaigns.
    struct HeldHistory: Sendable {
        let campaigns: [UUID]
        let entries: [SegmentSubject.HistoryEntry: Date]
    }

    /// When the user last saw, clicked or converted on each of `campaigns` (``UserHistory``).
    func history(appID: UUID, userID: String, campaigns: [UUID]) async throws -> [SegmentSubject.HistoryEntry: Date] {
        guard !campaigns.isEmpty else { return [:] }
        return try await changes.history.value(for: KeyDigest(user: userID, in: appID), answering: { $0.campaigns == campaigns }) {
            HeldHistory(campaigns: campaigns,
                        entries: try await UserHistory.history(appID: appID, userID: userID, campaigns: campaigns, on: database.sql()))
        }.entries
    }

    /// The user's placeholder values (``UserAttributesStore``).
    func values(appID: UUID, userID: String) async throws -> [String: String] {
        try await changes.values.value(for: KeyDigest(user: userID, in: appID)) {
            try await UserAttributesStore(database: database, changes: changes).attributes(appID: appID, userID: userID)
        }
    }
}
