import Foundation

/// The readers of ``MarqueePlacements/changes(for:)``: each gets its placement's content when it
/// starts reading and after every change, until it stops or the SDK goes away.
struct PlacementReaders: Sendable {
    private var readers: [UUID: (placement: String, continuation: AsyncStream<PlacementContent?>.Continuation)] = [:]

    var isEmpty: Bool { readers.isEmpty }

    /// The placements someone is reading.
    var placements: Set<String> { Set(readers.values.map(\.placement)) }

    mutating func add(_ id: UUID, placement: String, _ reader: AsyncStream<PlacementContent?>.Continuation) {
        readers[id] = (placement, reader)
    }

    mutating func remove(_ id: UUID) {
        readers[id] = nil
    }

    /// Tells the readers of `placement` what it shows now.
    func publish(_ content: PlacementContent?, to placement: String) {
        for reader in readers.values where reader.placement == placement { reader.continuation.yield(content) }
    }

    func finishAll() {
        for reader in readers.values { reader.continuation.finish() }
    }
}
