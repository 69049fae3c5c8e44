/// Items from concurrent requests stored together (group commit): each commit takes every item
/// waiting when it starts, up to `maxPerCommit`, so one transaction, and one disk sync, answers
/// many requests. A request gets its item's outcome only once the transaction holding it has
/// committed. If a group fails, its items are committed one by one, so one bad item never fails
/// the others.
actor GroupCommit<Item: Sendable, Outcome: Sendable> {
    /// Stores `items` in one transaction of `transactions`; an outcome for each, in order.
    typealias Commit = @Sendable (_ items: [Item], _ transactions: any SQLWriteTransactions) async throws -> [Outcome]

    private struct Waiting {
        var item: Item
        var continuation: CheckedContinuation<Outcome, any Error>
    }

    private let maxPerCommit: Int
    private let transactions: any SQLWriteTransactions
    private let store: Commit
    private let reportWaiting: @Sendable (Int) -> Void
    private var queue: [Waiting] = [] {
        didSet { reportWaiting(queue.count) }
    }
    private var draining = false
    /// How many transactions have committed, and how many items were submitted (evidence for
    /// tests that commits are shared).
    private(set) var commits = 0
    private(set) var submitted = 0

    /// `reportWaiting` hears the number of items waiting each time it changes (a metric).
    init(maxPerCommit: Int, transactions: any SQLWriteTransactions, reportWaiting: @escaping @Sendable (Int) -> Void = { _ in },
         store: @escaping Commit) {
        self.maxPerCommit = maxPerCommit
        self.transactions = transactions
        self.reportWaiting = reportWaiting
        self.store = store
    }

    /// Queues `item` for the next commit and returns its outcome once that commit is durable.
    func submit(_ item: Item) async throws -> Outcome {
        submitted += 1
        return try await withCheckedThrowingContinuation { continuation in
            queue.append(Waiting(item: item, continuation: continuation))
            if !draining {
                draining = true
                startDraining()
            }
        }
    }

    /// Drains on the transactions' own executor where they have one: between two commits the
    /// loop then waits for no thread that request handling keeps busy.
    private func startDraining() {
        if #available(macOS 15.0, iOS 18.0, *), let executor = transactions.taskExecutor {
            Task(executorPreference: executor) { await self.drain() }
        } else {
            Task { await self.drain() }
        }
    }

    private func drain() async {
        while !queue.isEmpty {
            let group = Array(queue.prefix(maxPerCommit))
            queue.removeFirst(group.count)
            do {
                let outcomes = try await commit(group.map(\.item))
                for (waiting, outcome) in zip(group, outcomes) { waiting.continuation.resume(returning: outcome) }
            } catch {
                for waiting in group {
                    do {
                        waiting.continuation.resume(returning: try await commit([waiting.item])[0])
                    } catch {
                        waiting.continuation.resume(throwing: error)
                    }
                }
            }
        }
        draining = false
    }

    private func commit(_ items: [Item]) async throws -> [Outcome] {
        let outcomes = try await store(items, transactions)
        precondition(outcomes.count == items.count, "an outcome for every item")
        commits += 1
        return outcomes
    }
}
