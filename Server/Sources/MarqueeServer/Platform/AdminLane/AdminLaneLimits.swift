/// How much long admin work may run at once, for how long, and how long it waits for a turn
/// (``AdminLane``).
public struct AdminLaneLimits: Sendable, Equatable {
    /// Jobs at once.
    public var concurrency = 1
    /// How long a job's queries may run before they are stopped.
    public var budget: Duration = .seconds(2)
    /// How long a job may wait for its turn before it is refused.
    public var queueWait: Duration = .seconds(10)

    public init() {}
}
