import Foundation
import MarqueeWire

/// A debug session the dashboard started for this device (``DebugLine``): the lines waiting to be
/// sent. Bounded: while the server cannot be reached, the oldest lines make room.
struct DebugSession: Sendable {
    static let maxPending = 500

    /// The running session, if any.
    private(set) var id: String?
    private(set) var pending: [DebugLine] = []

    var isActive: Bool { id != nil }

    /// Starts `session`, or stops the running one (`nil`).
    mutating func set(_ session: String?) {
        guard session != id else { return }
        id = session
        pending = []
    }

    mutating func note(_ line: DebugLine) {
        guard isActive else { return }
        pending.append(line)
        if pending.count > Self.maxPending { pending.removeFirst(pending.count - Self.maxPending) }
    }

    /// Takes the next batch to send.
    mutating func takeBatch() -> (session: String, lines: [DebugLine])? {
        guard let id, !pending.isEmpty else { return nil }
        let batch = Array(pending.prefix(DebugLine.maxPerRequest))
        pending.removeFirst(batch.count)
        return (id, batch)
    }

    /// A batch could not be sent: it goes back in front, if the session still runs.
    mutating func putBack(_ lines: [DebugLine], of session: String) {
        guard session == id else { return }
        pending = lines + pending
        if pending.count > Self.maxPending { pending.removeFirst(pending.count - Self.maxPending) }
    }
}
