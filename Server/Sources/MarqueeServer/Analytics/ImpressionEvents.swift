import Foundation
import MarqueeWire

/// The events of one impression batch, packed into the batch's row: 10 bytes each (type, carousel
/// page, device time), whatever the identifiers. The batch row names its user and device once,
/// so a batch of 100 events costs one row, not 100 copies of both.
struct ImpressionEvents: Sendable, Equatable {
    struct Event: Sendable, Equatable {
        var type: ImpressionTypeCode
        /// The carousel page of a page view, from 0.
        var page: Int?
        /// Milliseconds since 1970, on the device's clock as reported.
        var occurredAt: Int64
    }

    static let bytesPerEvent = 10
    /// The page byte of an event without a page.
    private static let noPage: UInt8 = 0xFF

    var events: [Event]

    init(_ events: [Event]) {
        self.events = events
    }

    /// Reads packed events; `nil` when `data` is not a whole number of events of known types.
    init?(packed data: Data) {
        guard data.count % Self.bytesPerEvent == 0 else { return nil }
        let bytes = [UInt8](data)
        var events: [Event] = []
        events.reserveCapacity(bytes.count / Self.bytesPerEvent)
        for start in stride(from: 0, to: bytes.count, by: Self.bytesPerEvent) {
            guard let type = ImpressionTypeCode(rawValue: Int(bytes[start])) else { return nil }
            let page = bytes[start + 1] == Self.noPage ? nil : Int(bytes[start + 1])
            let time = bytes[(start + 2)..<(start + 10)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            events.append(Event(type: type, page: page, occurredAt: Int64(bitPattern: time)))
        }
        self.events = events
    }

    /// The stored form: per event its type, its page (0xFF for none) and its time, big-endian.
    /// Pages fit a byte: a carousel has at most ``Campaign/Limits/carouselPages`` of them.
    var packed: Data {
        var data = Data(capacity: events.count * Self.bytesPerEvent)
        for event in events {
            data.append(UInt8(truncatingIfNeeded: event.type.rawValue))
            data.append(event.page.map { UInt8(clamping: $0) } ?? Self.noPage)
            let time = UInt64(bitPattern: event.occurredAt)
            for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: time >> UInt64(shift))) }
        }
        return data
    }
}
