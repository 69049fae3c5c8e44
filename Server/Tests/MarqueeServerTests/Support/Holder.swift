/// Keeps something held (a write gate, a table lock) from inside the task that took it, until
/// the test lets go: the holding task calls ``hold()``, the test waits with ``untilHolding()``.
actor Holder {
    private var holding: CheckedContinuation<Void, Never>?
    private var isHolding = false
    private var release: CheckedContinuation<Void, Never>?
    private var isReleased = false

    /// Called by the holding task: returns once the test lets go.
    func hold() async {
        isHolding = true
        holding?.resume()
        holding = nil
        if isReleased { return }
        await withCheckedContinuation { release = $0 }
    }

    /// Returns once the holding task holds.
    func untilHolding() async {
        if isHolding { return }
        await withCheckedContinuation { holding = $0 }
    }

    func letGo() {
        isReleased = true
        release?.resume()
        release = nil
    }
}
