import Foundation

/// The readers of ``MarqueeInbox/changes``: each gets the inbox when it starts reading and after
/// every change the device applies, until it stops or the SDK goes away.
struct InboxReaders: Sendable {
    private var readers: [UUID: AsyncStream<InboxSnapshot>.Continuation] = [:]

    var isEmpty: Bool { readers.isEmpty }
    var count: Int { readers.count }

    mutating func add(_ id: UUID, _ reader: AsyncStream<InboxSnapshot>.Continuation) {
        readers[id] = reader
    }

    mutating func remove(_ id: UUID) {
        readers[id] = nil
    }

    /// Tells every reader what the user sees now.
    func publish(_ snapshot: InboxSnapshot) {
        for reader in readers.values { reader.yield(snapshot) }
    }

    /// Ends every reader's stream.
    func finishAll() {
        for reader in readers.values { reader.finish() }
    }
}
