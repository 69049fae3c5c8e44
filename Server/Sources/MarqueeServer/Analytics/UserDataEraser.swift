import Fluent
import Foundation
import MarqueeModel
import SQLKit

/// Removes everything stored about one user of one app (a privacy request).
///
/// Impressions are stored under the identity key of the user who saw them
/// (``UserIdentity/key``: `u:<user ID>|t:<tracking identifier>`), so a user is matched as a user
/// ID or as an ID-tracking identifier (the key format is fixed by ``UserIdentity/key``). Their
/// impressions stop naming them (their counts stay in ``CampaignCounts``, naming no one); their
/// reach and conversion records (keyed by their unit's digest) go and are taken out of unique
/// users and conversions; their survey answers go; their placeholder
/// values (``UserAttributesStore``) go; audit entries that name them get a pseudonym instead
/// (``AuditRedaction``).
struct UserDataEraser {
    let database: any Database
    let changes: UserChanges

    /// What one erasure removed.
    struct Erased: Sendable, Equatable {
        var impressions: Int
        var inboxMessages: Int
        var auditEntries: Int
    }

    /// Deletes the user's rows; returns how many impressions and inbox messages were removed.
    /// The user's events leave the log, and one `user_erased` event naming the user takes their
    /// place, so systems fed by the log can erase theirs.
    func erase(userID: String, appID: UUID, at millis: Int64, redacting redaction: AuditRedaction) async throws -> Erased {
        guard !userID.isEmpty else { return Erased(impressions: 0, inboxMessages: 0, auditEntries: 0) }
        // Exact prefix and suffix comparisons: no LIKE, so no wildcard in an ID can widen the match.
        let asUser = "u:\(userID)|t:"
        let asTracker = "|t:" + userID
        return try await changes.transaction(changing: [KeyDigest(user: userID, in: appID)], on: database) { db in
            let sql = try db.sql()
            let matching: SQLQueryString = """
                app_id = \(bind: appID) AND (substr(user_key, 1, length(\(bind: asUser))) = \(bind: asUser)
                  OR (length(user_key) >= length(\(bind: asTracker))
                      AND substr(user_key, length(user_key) - length(\(bind: asTracker)) + 1) = \(bind: asTracker)))
                """
            let impressions = try await RawImpressions.forget(where: matching, on: sql)
            let units: SQLQueryString = "app_id = \(bind: appID) AND unit_digest IN (\(binds: Self.units(of: userID).map(\.stored)))"
            try await CampaignReach.retire(where: units, on: sql)
            try await Conversions.retire(where: units, on: sql)
            try await SurveyResponses.retire(where: matching, on: sql)
            let inbox = try await InboxStore.erase(userID: userID, appID: appID, on: db)
            try await UserAttributesStore.delete(appID: appID, userID: userID, on: sql)
            try await UserProfileStore.delete(appID: appID, userID: userID, on: sql)
            try await UserHistory.delete(appID: appID, userID: userID, on: sql)
            let audit = try await redaction.apply(toEntriesOf: appID, on: db)
            try await EventLog.erase(userID: userID, appID: appID, on: sql)
            try await EventLog.append([EventLog.Entry(appID: appID, type: .userErased, userID: userID, serverTime: millis)], on: sql)
            return Erased(impressions: impressions, inboxMessages: inbox, auditEntries: audit)
        }
    }

    /// The experiment units `userID` is counted as in reach and conversions: as a user ID, or as
    /// an ID-tracking identifier when the user had none.
    private static func units(of userID: String) -> [KeyDigest] {
        [UserIdentity(userID: userID, idTrackingIdentifier: nil), UserIdentity(userID: nil, idTrackingIdentifier: userID)]
            .map { KeyDigest(ExperimentUnit(identity: $0, deviceID: nil).key) }
    }
}
