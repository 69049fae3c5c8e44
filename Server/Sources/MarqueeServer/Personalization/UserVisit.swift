import Foundation
import MarqueeModel

/// The pings of one user not yet written to their row: when the first and last came, the new
/// sessions they started among themselves, and the latest app version, platform and locale they
/// reported. Pings of one user merge into one visit, so a batch writes each user once.
struct UserVisit: Sendable, Equatable {
    let appID: UUID
    let userID: String
    private(set) var first: Int64
    private(set) var last: Int64
    /// Gaps of at least ``UserFactsStore/sessionGap`` between the merged pings.
    private(set) var sessionsWithin = 0
    private(set) var appVersion: AppVersion?
    private(set) var platform: String?
    private(set) var locale: String?

    /// A ping of `device`'s user at `millis`. Facts are kept within bounds, as the locale is: a
    /// longer version or locale is not recorded.
    init(of device: DeviceContext, userID: String, appID: UUID, at millis: Int64) {
        self.appID = appID
        self.userID = userID
        first = millis
        last = millis
        appVersion = device.appVersion.flatMap { $0.description.utf8.count <= UserFactsStore.maxVersionBytes ? $0 : nil }
        platform = device.platform?.rawValue
        locale = device.locale.map(LanguageTag.normalized).flatMap { $0.isEmpty || $0.utf8.count > LanguageTag.maxLength ? nil : $0 }
    }

    /// This visit followed by `later` (a later ping, or pings, of the same user).
    func merged(with later: UserVisit) -> UserVisit {
        var merged = self
        merged.sessionsWithin += later.sessionsWithin + (later.first - last >= UserFactsStore.sessionGap ? 1 : 0)
        merged.first = min(first, later.first)
        merged.last = max(last, later.last)
        merged.appVersion = later.appVersion ?? appVersion
        merged.platform = later.platform ?? platform
        merged.locale = later.locale ?? locale
        return merged
    }

    /// Whether `stored` already says all this visit would: seen within
    /// ``UserFactsStore/lastSeenPrecision`` and nothing reported that differs.
    func isKnown(to stored: UserFactsStore.Row) -> Bool {
        guard let seen = stored.last_seen_at, stored.first_seen_at != nil, last - seen < UserFactsStore.lastSeenPrecision else {
            return false
        }
        return (appVersion.map { $0.description == stored.app_version } ?? true)
            && (platform.map { $0 == stored.platform } ?? true)
            && (locale.map { $0 == stored.locale } ?? true)
    }

    /// `stored` as writing this visit leaves it: what ``UserFactsStore/write(_:on:)`` does in SQL.
    /// A row that was last seen at or after this visit already holds it, and is left as it is,
    /// so applying a visit twice changes nothing.
    func applied(to stored: UserFactsStore.Row?) -> UserFactsStore.Row {
        var row = stored ?? UserFactsStore.Row()
        if let seen = row.last_seen_at, seen >= last { return row }
        let startsSession = row.last_seen_at.map { first - $0 >= UserFactsStore.sessionGap } ?? true
        row.sessions = (row.sessions ?? 0) + (startsSession ? 1 : 0) + sessionsWithin
        row.first_seen_at = row.first_seen_at ?? first
        row.last_seen_at = last
        row.app_version = appVersion?.description ?? row.app_version
        row.platform = platform ?? row.platform
        row.locale = locale ?? row.locale
        return row
    }
}
