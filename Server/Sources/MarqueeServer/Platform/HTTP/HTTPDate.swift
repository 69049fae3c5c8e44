import Foundation
import NIOConcurrencyHelpers

/// The `Date` header's value (RFC 9110 IMF-fixdate), formatted at most once a second.
enum HTTPDate {
    private static let cache = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))

    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return cache.withLockedValue { cached in
            if cached.second != second { cached = (second, format(second)) }
            return cached.text
        }
    }

    static func format(_ secondsSince1970: Int) -> String {
        var time = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
