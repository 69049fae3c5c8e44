import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Which segments a request's user is in, read from the database at the time of asking: their
/// profile and app facts (one row) and, when a segment reads it, their history of the campaigns
/// it names (one query). Nothing about users is held in memory.
///
/// Only a user ID the app's identity verification let through has segments (``SDKCaller`` makes
/// a refused one anonymous): claiming another user's ID under `required` verification reads
/// nothing of theirs.
struct SegmentMembership {
    let database: any Database
    let clock: any ServerClock

    /// What a segment rule reads of `userID`: their stored `row`, and their history of `campaigns`.
    func subject(appID: UUID, userID: String, row: UserFactsStore.Row?, historyOf campaigns: [UUID]) async throws -> SegmentSubject {
        let profile = try row?.storedProfile() ?? UserProfile()
        let history = try await campaigns.isEmpty ? [:]
            : UserHistory.history(appID: appID, userID: userID, campaigns: campaigns, on: database.sql())
        return SegmentSubject(attributes: profile.attributes, tags: Set(profile.tags), facts: row?.facts ?? UserFacts(),
                              history: history, now: clock.now())
    }

    /// The IDs of the snapshot's segments `device`'s user is in; `nil` for a user without an ID.
    /// A ping records the visit (``UserFactsStore``) on the way: `recordingVisit`.
    func segments(of device: DeviceContext, appID: UUID, snapshot: CampaignCatalog.Snapshot,
                  recordingVisit: Bool) async throws -> Set<String>? {
        guard let userID = device.identity.userID else { return nil }
        // Display permission only reads: without segments to decide, it has nothing to read.
        if !recordingVisit && snapshot.segments.isEmpty { return [] }
        let facts = UserFactsStore(database: database)
        let row = recordingVisit
            ? try await facts.recordVisit(of: device, userID: userID, appID: appID, at: clock.nowMillis)
            : try await facts.row(appID: appID, userID: userID)
        guard !snapshot.segments.isEmpty else { return [] }
        let subject = try await subject(appID: appID, userID: userID, row: row, historyOf: snapshot.historyCampaigns)
        return Set(snapshot.segments.lazy.filter { $0.rule.matches(subject) }.map(\.id))
    }
}

extension Database {
    /// This database as SQLKit's; every database Marquee opens is one.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else { throw StoreError.notSQL }
        return sql
    }
}
