import Foundation
import MarqueeModel
import Vapor

/// The query of `GET …/campaigns/:campaignID/analytics`: a time range cut into hours or days of
/// one time zone, answered as JSON or CSV.
struct AnalyticsRequest: Sendable, Equatable {
    enum Interval: String, Sendable, CaseIterable {
        case hour, day

        var component: Calendar.Component {
            switch self {
            case .hour: .hour
            case .day: .day
            }
        }

        var millis: Int64 {
            switch self {
            case .hour: 3_600_000
            case .day: 86_400_000
            }
        }
    }

    enum Format: String, Sendable, CaseIterable {
        case json, csv
    }

    var from: Date
    var to: Date
    var interval: Interval
    var timeZone: TimeZone
    var format: Format
    /// Limits the buckets to one experiment arm (a variant id or `control`).
    var variant: String?

    /// The most buckets one answer holds (a month of hours, or nearly three years of days).
    static let maxBuckets = 1_000

    /// Reads the query; `now` fills a missing range with the last 30 days (or 48 hours).
    init(query: any URLQueryContainer, now: Date) throws {
        func text(_ key: String) -> String? { query[String.self, at: key].flatMap { $0.isEmpty ? nil : $0 } }
        func parsed<T: RawRepresentable & CaseIterable>(_ key: String, default value: T) throws -> T where T.RawValue == String {
            guard let raw = text(key) else { return value }
            guard let parsed = T(rawValue: raw) else {
                throw AnalyticsError.invalidQuery("\(key) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return parsed
        }
        interval = try parsed("interval", default: Interval.day)
        variant = text("variant")
        format = try parsed("format", default: Format.json)
        if let name = text("timeZone") {
            guard let zone = TimeZone(identifier: name) else {
                throw AnalyticsError.invalidQuery("timeZone '\(name)' is not a known time zone such as Europe/Paris")
            }
            timeZone = zone
        } else {
            timeZone = TimeZone(identifier: "UTC")!
        }
        func date(_ key: String) throws -> Date? {
            // Present but empty is no time at all, not a missing one.
            guard let value = query[String.self, at: key] else { return nil }
            guard let date = MarqueeJSON.parseDate(value) else {
                throw AnalyticsError.invalidQuery("\(key) must be an ISO 8601 time such as 2026-11-01T00:00:00Z")
            }
            return date
        }
        to = try date("to") ?? now
        from = try date("from") ?? to.addingTimeInterval(interval == .hour ? -2 * 86_400 : -30 * 86_400)
        guard from < to else { throw AnalyticsError.invalidQuery("from must be before to") }
        let buckets = to.timeIntervalSince(from) / (Double(interval.millis) / 1000)
        guard buckets <= Double(Self.maxBuckets) else {
            throw AnalyticsError.invalidQuery("the range holds \(Int(buckets.rounded(.up))) \(interval.rawValue)s; at most \(Self.maxBuckets) fit in one answer")
        }
    }
}
