import Foundation

/// Milliseconds since 1970: how the protocol and the stored rows give times.
extension Date {
    init(millis: Int64) {
        self.init(timeIntervalSince1970: Double(millis) / 1000)
    }

    var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
