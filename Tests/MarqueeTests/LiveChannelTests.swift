import Foundation
@testable import Marquee
import Testing

/// The live channel as the SDK holds it: what the server said last outlives a connection; what a
/// connection left half-read does not.
@Suite struct LiveChannelTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theLastIDAndRetryHintOutliveTheConnectionAndHalfReadBytesDoNot() throws {
        var channel = LiveChannel()
        let first = channel.open(at: start)
        let events = try channel.feed(Data("retry: 1500\nid: 7\nevent: catalog\ndata: {}\n\nevent: preview\ndata: {\"half".utf8))
        #expect(events == [ServerSentEvent(name: "catalog", data: "{}")])
        #expect(channel.lastEventID == "7")
        #expect(channel.reconnectDelay(unit: 0) == 1.5, "the server's hint")

        let dropped = channel.closed(first, at: start + 1, failed: true)
        let second = channel.open(at: start + 2)
        let next = try channel.feed(Data("\"}\n\nevent: catalog\ndata: {\"version\":8}\n\n".utf8))

        #expect(dropped && second != first)
        #expect(next == [ServerSentEvent(name: "catalog", data: "{\"version\":8}")], "the first connection's half event is gone")
        #expect(channel.lastEventID == "7", "sent back as Last-Event-ID on every new connection")
    }

    @Test func closingCancelsTheReaderAndAReplacedConnectionsEndIsIgnored() async {
        var channel = LiveChannel()
        let first = channel.open(at: start)
        let reader = Task<Void, Never> { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
        channel.read(with: reader)
        let second = channel.open(at: start + 1)

        let staleEnd = channel.closed(first, at: start + 2, failed: true)

        #expect(reader.isCancelled, "opening again stops the connection before it")
        #expect(!staleEnd)
        #expect(channel.isOpen && channel.generation == second)

        let another = Task<Void, Never> { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
        channel.read(with: another)
        channel.closeByApp()
        #expect(another.isCancelled && !channel.isOpen)
    }
}
