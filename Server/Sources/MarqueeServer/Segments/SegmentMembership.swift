import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Which segments a request's user is in: their profile and app facts and, when a segment reads
/// it, their history of the campaigns it names (``UserRows``: each read once, then held until it
/// changes).
///
/// Only a user ID the app's identity verification let through has segments (``SDKCaller`` makes
/// a refused one anonymous): claiming another user's ID under `required` verification reads
/// nothing of theirs.
struct SegmentMembership {
    let rows: UserRows
    let clock: any ServerClock

    /// What a segment rule reads of `userID`: their stored `row` and `profile`, and their history of `campaigns`.
    func subject(appID: UUID, userID: String, row: UserFactsStore.Row?, profile: UserProfile,
                 historyOf campaigns: [UUID]) async throws -> SegmentSubject {
        let history = try await rows.history(appID: appID, userID: userID, campaigns: campaigns)
        return SegmentSubject(attributes: profile.attributes, tags: Set(profile.tags), facts: row?.facts ?? UserFacts(),
                              history: history, now: clock.now())
    }

    /// The IDs of the snapshot's segments `device`'s user is in; `nil` for a user without an ID.
    /// A ping records the visit (``UserFactsRecorder``) on the way: `recordingVisit`. Nothing of
    /// the user is read when no segment of the snapshot could need it.
    func segments(of device: DeviceContext, appID: UUID, snapshot: CampaignCatalog.Snapshot,
                  recordingVisit: Bool) async throws -> Set<String>? {
        guard let userID = device.identity.userID else { return nil }
        if recordingVisit {
            await rows.recorder.record(UserVisit(of: device, userID: userID, appID: appID, at: clock.nowMillis),
                                       for: KeyDigest(user: userID, in: appID))
        }
        guard !snapshot.segments.isEmpty else { return [] }
        let user = try await rows.current(appID: appID, userID: userID)
        let subject = try await subject(appID: appID, userID: userID, row: user.row, profile: user.profile,
                                        historyOf: snapshot.historyCampaigns)
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
