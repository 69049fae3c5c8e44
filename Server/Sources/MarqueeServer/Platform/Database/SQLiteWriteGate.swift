/// Lets one write transaction of a SQLite database run at a time, in the order they asked.
///
/// SQLite has a single writer. With one connection per event loop, a second writer used to wait
/// for the lock inside SQLite's busy handler, which sleeps and retries and is not fair: under load
/// one loop's queue of writes could keep the lock past the busy timeout, and a writer on the other
/// loop failed as busy (503). Waiting here instead is first come, first served, and holds no
/// connection while it waits. Each database has one gate, carried by its configuration
/// (``WriteGatedConfiguration``).
actor SQLiteWriteGate {
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` holding the gate, and hands it on however `body` ends.
    nonisolated func withTurn<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    /// Returns once this caller holds the gate.
    private func enter() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the gate to the longest waiting caller, or opens it.
    private func leave() {
        if waiting.isEmpty {
            isHeld = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
