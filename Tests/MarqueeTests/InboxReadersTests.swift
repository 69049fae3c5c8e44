import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// The readers of the inbox's changes: each hears every publication until it stops, and all
/// streams end with the SDK.
@Suite struct InboxReadersTests {
    private func snapshot(_ ids: [String]) -> InboxSnapshot {
        InboxSnapshot(messages: ids.map {
            InboxMessage(id: $0, content: InboxContent(title: $0, body: ""), deliveredAt: Date(timeIntervalSince1970: 0), isRead: false)
        })
    }

    @Test func everyReaderHearsEachPublicationUntilItStops() async {
        var readers = InboxReaders()
        let (first, firstReader) = AsyncStream<InboxSnapshot>.makeStream()
        let (second, secondReader) = AsyncStream<InboxSnapshot>.makeStream()
        let firstID = UUID()
        readers.add(firstID, firstReader)
        readers.add(UUID(), secondReader)
        readers.publish(snapshot(["a"]))
        readers.remove(firstID)
        readers.publish(snapshot(["a", "b"]))
        readers.finishAll()

        var heardByFirst: [[String]] = []
        for await snapshot in first.prefix(1) { heardByFirst.append(snapshot.messages.map(\.id)) }
        var heardBySecond: [[String]] = []
        for await snapshot in second { heardBySecond.append(snapshot.messages.map(\.id)) }
        #expect(heardByFirst == [["a"]])
        #expect(heardBySecond == [["a"], ["a", "b"]], "and its stream ended with finishAll")
        #expect(!readers.isEmpty)
    }
}
