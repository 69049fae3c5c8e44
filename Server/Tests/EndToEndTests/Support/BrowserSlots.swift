/// At most a few browsers at once in this test process. Each headless Chromium takes a core to
/// start, and on a 2-core machine a dozen starting together can miss their DevTools connections;
/// tests beyond the limit wait their turn instead.
actor BrowserSlots {
    static let shared = BrowserSlots(limit: 3)

    private let limit: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
    }

    func acquire() async {
        guard inUse >= limit else {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot to the longest waiting test, if any.
    func release() {
        if waiting.isEmpty { inUse -= 1 } else { waiting.removeFirst().resume() }
    }
}
