import NIOConcurrencyHelpers

/// The ``EventStream``s the server is writing, so it can end them when it stops: an answer that
/// never ends would otherwise hold the shutdown until its timeout.
final class OpenStreams: Sendable {
    private let state = NIOLockedValueBox<(streams: [ObjectIdentifier: EventStream], isFinishing: Bool)>(([:], false))

    /// A stream's head went out. Once the server is stopping, it ends at once: a handler that was
    /// still answering when ``finishAll()`` ran must not hold the shutdown.
    func opened(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        let admitted = state.withLockedValue { state in
            guard !state.isFinishing else { return false }
            state.streams[key] = stream
            return true
        }
        guard admitted else { return stream.finish() }
        stream.onClose { [weak self] in _ = self?.state.withLockedValue { $0.streams.removeValue(forKey: key) } }
    }

    /// Ends every stream, and any opened from now on.
    func finishAll() {
        let streams = state.withLockedValue { state in
            state.isFinishing = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    var count: Int { state.withLockedValue(\.streams.count) }
}
