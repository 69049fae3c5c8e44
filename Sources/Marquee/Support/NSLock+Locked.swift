import Foundation

extension NSLock {
    /// Runs `body` while holding the lock. Foundation's `withLock` needs iOS 16 on Apple platforms;
    /// the SDK runs from iOS 13.
    func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}
