/// The background work the actor started and has not seen finish, so that
/// ``MarqueeCore/settle()`` can wait for all of it.
struct TrackedWork: Sendable {
    private var running: [Int: Task<Void, Never>] = [:]
    private var lastID = 0

    var isEmpty: Bool { running.isEmpty }
    /// The tasks running now.
    var tasks: [Task<Void, Never>] { Array(running.values) }

    /// An id for the next piece of work.
    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    mutating func started(_ id: Int, _ task: Task<Void, Never>) {
        running[id] = task
    }

    mutating func finished(_ id: Int) {
        running[id] = nil
    }
}
