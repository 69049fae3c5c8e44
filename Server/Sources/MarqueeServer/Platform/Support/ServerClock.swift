import Foundation
import NIOConcurrencyHelpers

/// The server's source of time, injected so time windows and `currentPingMillis` are testable.
public protocol ServerClock: Sendable {
    func now() -> Date
}

extension ServerClock {
    var nowMillis: Int64 { now().millis }
}

/// The system clock.
public struct SystemServerClock: ServerClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that moves only when told to.
public final class ManualServerClock: ServerClock {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = NIOLockedValueBox(start)
    }

    public func now() -> Date { current.withLockedValue { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 += seconds }
    }

    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}
