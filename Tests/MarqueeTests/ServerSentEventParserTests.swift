import Foundation
@testable import Marquee
import Testing

@Suite struct ServerSentEventParserTests {
    private func events(_ chunks: [String]) throws -> ([ServerSentEvent], ServerSentEventParser) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += try parser.feed(Array(chunk.utf8)) }
        return (events, parser)
    }

    @Test func eventsSplitAnywhereReadTheSameAsWhole() throws {
        let stream = "retry: 3000\n: connected\n\nid: 7\nevent: catalog\ndata: {\"version\":7}\n\nevent: debug\r\ndata: a\r\ndata: b\r\n\r\n"
        let (whole, parser) = try events([stream])
        #expect(whole == [ServerSentEvent(name: "catalog", data: "{\"version\":7}"), ServerSentEvent(name: "debug", data: "a\nb")])
        #expect(parser.lastEventID == "7")
        #expect(parser.retryMillis == 3000)
        for size in 1...5 {
            let bytes = Array(stream)
            let chunks = stride(from: 0, to: bytes.count, by: size).map { String(bytes[$0..<min($0 + size, bytes.count)]) }
            #expect(try events(chunks).0 == whole, "chunks of \(size)")
        }
    }

    @Test func theLastIDStaysAcrossEventsWithoutOneAndCommentsAndEmptyEventsDispatchNothing() throws {
        let (list, parser) = try events(["id: 3\ndata: x\n\n", ": heartbeat\n\n", "event: preview\n\n", "data: y\n\n"])
        #expect(list == [ServerSentEvent(name: "message", data: "x"), ServerSentEvent(name: "message", data: "y")])
        #expect(parser.lastEventID == "3")
    }

    @Test func aLineWithoutEndIsRefusedBeyondTheLimit() {
        var parser = ServerSentEventParser()
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: ServerSentEventParser.maxLineBytes + 1)
        #expect(throws: ServerSentEventParser.Failure.lineTooLong) { _ = try parser.feed(long) }
    }

    @Test func anEventLargerThanTheLimitIsRefused() {
        var parser = ServerSentEventParser()
        let line = Array(("data: " + String(repeating: "x", count: 100_000) + "\n").utf8)
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge) {
            for _ in 0..<11 { _ = try parser.feed(line) }
        }
    }
}
