import Foundation

/// The buckets of an analytics range in one time zone, keyed by their wall-clock start, and the
/// stretches of the range over which the zone keeps one UTC offset.
struct BucketLayout {
    struct Bucket: Sendable {
        /// The local wall-clock hour or day, as `2026-03-29T02` or `2026-03-29`.
        var key: String
        /// The instant it starts, in ISO 8601 with the zone's offset.
        var start: String
    }

    /// A stretch of the range (epoch milliseconds) with one UTC offset.
    struct Segment: Equatable {
        var fromMillis: Int64
        var toMillis: Int64
        var offsetMillis: Int64
    }

    let buckets: [Bucket]
    private let timeZone: TimeZone
    /// Formats an instant as a key in the zone, and a wall-clock time (epoch-based) as a key in UTC.
    private let zoneKeys: DateFormatter
    private let wallKeys: DateFormatter

    init(_ request: AnalyticsRequest) {
        timeZone = request.timeZone
        let pattern = request.interval == .hour ? "yyyy-MM-dd'T'HH" : "yyyy-MM-dd"
        func formatter(_ zone: TimeZone) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            return formatter
        }
        zoneKeys = formatter(request.timeZone)
        wallKeys = formatter(TimeZone(identifier: "UTC")!)
        let starts = ISO8601DateFormatter()
        starts.timeZone = request.timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = request.timeZone
        var list: [Bucket] = []
        var seen = Set<String>()
        var start = calendar.dateInterval(of: request.interval.component, for: request.from)?.start ?? request.from
        while start < request.to {
            let key = zoneKeys.string(from: start)
            // When clocks go back an hour occurs twice; it is one bucket.
            if seen.insert(key).inserted { list.append(Bucket(key: key, start: starts.string(from: start))) }
            guard let next = calendar.date(byAdding: request.interval.component, value: 1, to: start), next > start else { break }
            start = next
        }
        buckets = list
    }

    /// The key of a row grouped by `(occurred_at + offset) / width`: its wall-clock time.
    func key(wallMillis: Int64) -> String {
        wallKeys.string(from: Date(timeIntervalSince1970: Double(wallMillis) / 1000))
    }

    /// The key of the bucket holding `date`.
    func key(of date: Date) -> String {
        zoneKeys.string(from: date)
    }

    /// `[fromMillis, toMillis)` cut where the zone's offset changes.
    func segments(fromMillis: Int64, toMillis: Int64) -> [Segment] {
        var segments: [Segment] = []
        var cursor = fromMillis
        while cursor < toMillis {
            let date = Date(timeIntervalSince1970: Double(cursor) / 1000)
            let offset = Int64(timeZone.secondsFromGMT(for: date)) * 1000
            let change = timeZone.nextDaylightSavingTimeTransition(after: date)
                .map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? toMillis
            let end = min(max(change, cursor + 1), toMillis)
            segments.append(Segment(fromMillis: cursor, toMillis: end, offsetMillis: offset))
            cursor = end
        }
        return segments
    }
}
