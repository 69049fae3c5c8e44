import NIOConcurrencyHelpers

/// The ``EventStream``s the server is writing, so it can end them when it stops: an answer that
/// never ends would otherwise hold the shutdown until its timeout.
final class OpenStreams: Sendable {
    private let streams = NIOLockedValueBox<[ObjectIdentifier: EventStream]>([:])

    func opened(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        streams.withLockedValue { $0[key] = stream }
        stream.onClose { [weak self] in _ = self?.streams.withLockedValue { $0.removeValue(forKey: key) } }
    }

    func finishAll() {
        for stream in streams.withLockedValue({ Array($0.values) }) { stream.finish() }
    }

    var count: Int { streams.withLockedValue(\.count) }
}
