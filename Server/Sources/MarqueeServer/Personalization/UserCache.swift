import NIOConcurrencyHelpers

/// Recently used users' stored rows of one kind, so a ping reads a user's row once, not on every
/// ping, and holds at most `capacity` of them.
///
/// An entry goes whenever its user's rows change (``UserChanges``). A load that was under way
/// when any user changed is not kept, so a row read before a commit never outlives it; while
/// changes made elsewhere cannot reach this cache (its PostgreSQL listener is down), it keeps
/// nothing. Read under a lock, without an actor hop: every identified ping may ask.
final class UserCache<Value: Sendable>: Sendable {
    private struct State {
        var entries: RecentMap<KeyDigest, Value>
        /// Counts changes; a load keeps its value only if nothing changed since it began.
        var changes = 0
        var learnsOfChanges: Bool
    }

    private let state: NIOLockedValueBox<State>

    init(capacity: Int, learnsOfChanges: Bool) {
        state = NIOLockedValueBox(State(entries: RecentMap(capacity: capacity), learnsOfChanges: learnsOfChanges))
    }

    /// The value held for `key` if `answers` it, else the one `load` reads, kept for the next time.
    func value(for key: KeyDigest, answering answers: (Value) -> Bool = { _ in true },
               load: () async throws -> Value) async throws -> Value {
        let started = state.withLockedValue { state -> (held: Value?, changes: Int) in
            (state.entries.value(for: key), state.changes)
        }
        if let held = started.held, answers(held) { return held }
        let loaded = try await load()
        state.withLockedValue { state in
            if state.learnsOfChanges, state.changes == started.changes { state.entries.set(loaded, for: key) }
        }
        return loaded
    }

    /// Each held value of `keys` as `transform` makes it (a write whose outcome this instance
    /// knows); a load under way is not kept.
    func update(_ keys: some Sequence<KeyDigest>, _ transform: (KeyDigest, Value) -> Value) {
        state.withLockedValue { state in
            state.changes += 1
            for key in keys { state.entries.update(key) { transform(key, $0) } }
        }
    }

    func forget(_ keys: some Sequence<KeyDigest>) {
        state.withLockedValue { state in
            state.changes += 1
            for key in keys { state.entries.remove(key) }
        }
    }

    /// Drops everything held (rows were removed by a rule over many users: retention).
    func forgetAll() {
        state.withLockedValue { state in
            state.changes += 1
            state.entries.removeAll()
        }
    }

    /// Whether changes made elsewhere reach this cache from now on; either way, everything held
    /// so far is dropped, since changes may have been missed.
    func setLearnsOfChanges(_ value: Bool) {
        state.withLockedValue { state in
            state.changes += 1
            state.entries.removeAll()
            state.learnsOfChanges = value
        }
    }

    /// Entries held (tests and diagnostics).
    var count: Int { state.withLockedValue(\.entries.count) }
}
