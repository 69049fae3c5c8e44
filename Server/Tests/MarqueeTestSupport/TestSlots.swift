/// At most `limit` holders at once across a test process; the others wait their turn, first come
/// first served. The suite shares a 2-core machine and one PostgreSQL server between many tests
/// running at once, so the costly ones take a slot.
public actor TestSlots {
    /// Headless browsers: each takes a core to start, and a dozen starting together can miss
    /// their DevTools connections.
    public static let browsers = TestSlots(limit: 3)
    /// Servers on PostgreSQL: each opens a pool and a change listener, and the suite's PostgreSQL
    /// allows 300 connections.
    public static let postgresServers = TestSlots(limit: 8)
    /// Live servers on loopback ports, with the SDKs, simulators and browsers that talk to them:
    /// a hundred starting together on two cores leave each too little CPU to accept its
    /// client's connection in time.
    public static let liveServers = TestSlots(limit: 6)

    private let limit: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(limit: Int) {
        self.limit = limit
    }

    public func acquire() async {
        guard inUse >= limit else {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot to the longest waiting holder, if any.
    public func release() {
        if waiting.isEmpty { inUse -= 1 } else { waiting.removeFirst().resume() }
    }
}
