import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Device requests in flight and how long the oldest has waited, for `/readyz` and `/metrics`:
/// the signal that admin work, or anything else, has started to slow devices down.
final class DeviceTraffic: Sendable {
    /// A device request unanswered this long counts as waiting.
    static let waitingAfter: TimeInterval = 1

    struct Snapshot: Codable, Sendable, Equatable {
        var inFlight: Int
        /// How long the oldest request in flight has waited, in milliseconds.
        var oldestMillis: Int
        /// Whether a request has waited longer than ``DeviceTraffic/waitingAfter``.
        var waiting: Bool
    }

    private struct State {
        var started: [UInt64: Date] = [:]
        var next: UInt64 = 0
    }

    private let clock: any ServerClock
    private let state = NIOLockedValueBox(State())

    init(clock: any ServerClock) {
        self.clock = clock
    }

    /// Counts a request from now until `work` ends.
    func track<T>(_ work: () async throws -> T) async rethrows -> T {
        let now = clock.now()
        let id = state.withLockedValue { state in
            state.next += 1
            state.started[state.next] = now
            return state.next
        }
        defer { _ = state.withLockedValue { $0.started.removeValue(forKey: id) } }
        return try await work()
    }

    var snapshot: Snapshot {
        let (count, oldest) = state.withLockedValue { ($0.started.count, $0.started.values.min()) }
        let waited = oldest.map { max(0, clock.now().timeIntervalSince($0)) } ?? 0
        return Snapshot(inFlight: count, oldestMillis: Int(waited * 1000), waiting: waited > Self.waitingAfter)
    }
}

/// The first middleware of the SDK routes: every device request is counted by ``DeviceTraffic``.
struct DeviceTrafficMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await request.marquee.deviceTraffic.track { try await next.respond(to: request) }
    }
}
