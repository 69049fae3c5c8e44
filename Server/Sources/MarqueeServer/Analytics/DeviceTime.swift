/// Times a device reports on its own clock, in milliseconds since 1970: an impression's
/// `timestamp`, a survey's `answeredAt`. One rule bounds them all, before anything is stored:
/// a time outside ``range`` is refused with 400 naming the field, so no stored fact carries a
/// date a chart, an export or ISO 8601 cannot show (−2^63 would print as the year −4712).
/// Within the range, a time ahead of the server's is taken as the time of arrival by each store.
enum DeviceTime {
    /// From 1970-01-01T00:00:00Z (a device whose clock was reset) to the last millisecond of 9999.
    static let range: ClosedRange<Int64> = 0...253_402_300_799_999

    /// Throws ``AnalyticsError/invalidBatch(_:)`` naming `field` when `millis` is outside ``range``.
    static func check(_ millis: Int64, field: String) throws {
        guard range.contains(millis) else {
            throw AnalyticsError.invalidBatch("\(field) must be a time in milliseconds since 1970, "
                + "from \(range.lowerBound) to \(range.upperBound) (the end of the year 9999), not \(millis)")
        }
    }
}
