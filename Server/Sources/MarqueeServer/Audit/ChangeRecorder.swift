import NIOConcurrencyHelpers
import Vapor

/// The catalog changes one request made, in the order they committed. ``AuditMiddleware``
/// installs one on every admin request before its handler runs; ``Request/store`` hands it to
/// ``CatalogStore``, which reports each write once its transaction committed. So the audit event
/// carries the before and after of every change, and no handler has anything to remember.
final class ChangeRecorder: Sendable {
    private let changes = NIOLockedValueBox<[CatalogChange]>([])

    /// Adds a committed change.
    func record(_ change: CatalogChange) {
        changes.withLockedValue { $0.append(change) }
    }

    /// What was recorded so far.
    var recorded: [CatalogChange] {
        changes.withLockedValue { $0 }
    }
}

private struct ChangeRecorderKey: StorageKey {
    typealias Value = ChangeRecorder
}

extension Request {
    /// The recorder of this request's catalog changes; `nil` outside the admin API.
    var changeRecorder: ChangeRecorder? {
        get { storage[ChangeRecorderKey.self] }
        set { storage[ChangeRecorderKey.self] = newValue }
    }
}
