import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// An answer that stays open and is written as things happen (Server-Sent Events).
///
/// A handler returns ``Vapor/Response/streaming(_:headers:)``; ``RequestBridge`` writes the head
/// and attaches the connection; whoever holds the stream then ``send(_:)``s until it
/// ``finish()``es or the client goes. No task waits per stream: an idle one is this object and
/// its connection.
final class EventStream: Sendable {
    /// Writes to the connection, on its event loop: bytes, or `nil` to end the answer.
    typealias Writer = @Sendable (ByteBuffer?) -> Void

    private struct State {
        var writer: Writer?
        /// Sent before the connection was attached.
        var pending: [ByteBuffer] = []
        var isClosed = false
        var onClose: [@Sendable () -> Void] = []
    }

    private let state = NIOLockedValueBox(State())

    /// Sends `text` (UTF-8) as it is; nothing once closed.
    func send(_ text: String) {
        send(ByteBuffer(string: text))
    }

    /// Sends `bytes`; one buffer can go to many streams, which share its storage. The writer is
    /// called under the lock (it only queues the write on the event loop), so writes from
    /// different threads go out in the order they were sent.
    func send(_ bytes: ByteBuffer) {
        state.withLockedValue { state in
            guard !state.isClosed else { return }
            guard let writer = state.writer else { return state.pending.append(bytes) }
            writer(bytes)
        }
    }

    /// Ends the answer; the client may connect again.
    func finish() {
        guard let (writer, handlers) = close() else { return }
        writer?(nil)
        for handler in handlers { handler() }
    }

    /// Calls `handler` once, when the stream ends for either side (at once if it already has).
    func onClose(_ handler: @escaping @Sendable () -> Void) {
        let closed = state.withLockedValue { state in
            if !state.isClosed { state.onClose.append(handler) }
            return state.isClosed
        }
        if closed { handler() }
    }

    var isClosed: Bool { state.withLockedValue(\.isClosed) }

    // MARK: - The connection's side (RequestBridge)

    /// The head is written: what was sent so far goes out, and everything after it at once.
    func attach(_ writer: @escaping Writer) {
        let attached = state.withLockedValue { state in
            guard !state.isClosed else { return false }
            state.writer = writer
            for bytes in state.pending { writer(bytes) }
            state.pending = []
            return true
        }
        if !attached { writer(nil) }
    }

    /// The client went away, or the connection failed.
    func connectionClosed() {
        guard let (_, handlers) = close() else { return }
        for handler in handlers { handler() }
    }

    private func close() -> (Writer?, [@Sendable () -> Void])? {
        state.withLockedValue { state in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            defer {
                state.writer = nil
                state.onClose = []
                state.pending = []
            }
            return (state.writer, state.onClose)
        }
    }
}

struct EventStreamKey: StorageKey {
    typealias Value = EventStream
}

extension Response {
    /// A `200` that stays open and carries `stream`'s writes (``EventStream``).
    static func streaming(_ stream: EventStream, headers: HTTPHeaders) -> Response {
        let response = Response(status: .ok, headers: headers)
        response.storage[EventStreamKey.self] = stream
        return response
    }

    /// The open-ended body this answer carries, if it is one.
    var eventStream: EventStream? {
        storage[EventStreamKey.self]
    }
}
