import Foundation

/// The two ISO 8601 formatters ``MarqueeJSON`` formats and reads dates with, one pair per thread.
/// Creating a formatter costs far more than using one (on Linux, more than JSON-encoding a whole
/// inbox message), and one formatter must not be used by two threads at once.
final class ISO8601Formatters {
    /// `2026-01-31T09:00:00Z`.
    let whole: ISO8601DateFormatter
    /// `2026-01-31T09:00:00.250Z`.
    let fractional: ISO8601DateFormatter

    private static let key = "com.marquee.iso8601-formatters"

    private init() {
        whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    }

    /// This thread's pair, made at its first use.
    static var current: ISO8601Formatters {
        let storage = Thread.current.threadDictionary
        if let formatters = storage[key] as? ISO8601Formatters { return formatters }
        let formatters = ISO8601Formatters()
        storage[key] = formatters
        return formatters
    }
}
