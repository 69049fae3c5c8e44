@testable import MarqueeServer
import MarqueeWire
import Testing

/// The packed form of a batch's events: ten bytes each, read back exactly, and anything else
/// refused rather than misread.
@Suite("Impression events")
struct ImpressionEventsTests {
    @Test func everyTypePageAndTimeReadsBackExactly() throws {
        let events = ImpressionEvents(ImpressionTypeCode.allCases.enumerated().map { index, type in
            ImpressionEvents.Event(type: type, page: type == .pageView ? index : nil, occurredAt: [0, 1, .max, 253_402_300_799_999][index % 4])
        } + [.init(type: .pageView, page: 0, occurredAt: 1_700_000_000_123)])
        let packed = events.packed
        #expect(packed.count == events.events.count * ImpressionEvents.bytesPerEvent)
        #expect(ImpressionEvents(packed: packed) == events)
    }

    @Test func aTornOrUnknownEventIsRefused() {
        let packed = ImpressionEvents([.init(type: .impression, occurredAt: 5)]).packed
        #expect(ImpressionEvents(packed: packed.dropLast()) == nil)
        var unknown = packed
        unknown[unknown.startIndex] = 200
        #expect(ImpressionEvents(packed: unknown) == nil)
        #expect(ImpressionEvents(packed: packed.prefix(0))?.events == [])
    }
}
